/**
 * The frame widths an iframe's height is given for, and how a measured height is written down: shared by the docs'
 * table (npm run measure-heights), its e2e test and the authoring page, which measures an author's own lesson.
 */

/**
 * The frame widths heights are given for, and where a course page has a frame that wide: a frame is usually
 * narrower than the window (a content column, a page's padding), and its own width is what the figure lays out to.
 */
export const FRAMES = [
  { width: 288, where: "a 320 px phone, 16 px padding" },
  { width: 343, where: "a 375 px phone, 16 px padding" },
  { width: 700, where: "a content column (Docusaurus, VitePress, Moodle at a 1280 px window)" },
  { width: 1248, where: "a 1280 px window, 16 px padding" },
] as const;

/** The frame widths alone. */
export const WIDTHS = FRAMES.map((frame) => frame.width);

/** The width whose height the general snippets give (a page as wide as the window), and a content column's. */
export const WIDE = 1248;
export const COLUMN = 700;

/** The height to give: the tallest measured, with room for a font that sets a little taller, to 10 px. */
export const documented = (measured: number): number => Math.ceil((measured + 24) / 10) * 10;
