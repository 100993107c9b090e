/**
 * The iframe heights in the docs, written from docs/embedding-heights.json (npm run measure-heights measures it):
 * docs/embedding.md's table by frame width, and the height of every snippet that gives one — a frame as wide as
 * the page's window takes F22's height at 1248 px, a Docusaurus content column its height at 700 px. A unit test
 * (tests/unit/embedding-docs.test.ts) holds the files equal to what this writes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { COLUMN, FRAMES, WIDE } from "../tests/e2e/heights";

export type Heights = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** Every file with a height in it, and how its heights are written from the measurements. */
export function heightDocs(heights: Heights): Record<string, (text: string) => string> {
  const f22 = heights.f22 ?? {};
  const wide = f22[WIDE];
  const column = f22[COLUMN];
  const table = [
    "<!-- heights:start -->",
    `| scenario | ${FRAMES.map((frame) => `${frame.width} px frame`).join(" | ")} |`,
    `|---|${FRAMES.map(() => "---|").join("")}`,
    ...Object.entries(heights).map(
      ([id, byWidth]) => `| \`${id}\` | ${FRAMES.map((frame) => byWidth[frame.width]).join(" | ")} |`,
    ),
    `| *where* | ${FRAMES.map((frame) => frame.where).join(" | ")} |`,
    "<!-- heights:end -->",
  ].join("\n");
  // A snippet's CSS height (`height:1140px`, `height: 1140px`) or JSX height (`height: 1140,`).
  const css = (text: string, value: number | undefined) =>
    text.replace(/height: ?\d+px/g, (m) => m.replace(/\d+/, String(value)));
  return {
    "docs/embedding.md": (text) => {
      const start = text.indexOf("<!-- heights:start -->");
      const end = text.indexOf("<!-- heights:end -->") + "<!-- heights:end -->".length;
      const withTable = `${text.slice(0, start)}${table}${text.slice(end)}`;
      // The first snippet (a page-wide frame) and the JSX ones: Docusaurus's, in a content column.
      return css(withTable, wide).replace(/height: \d+, border: 0/g, `height: ${column}, border: 0`);
    },
    "docs/authoring.md": (text) => css(text, wide),
    "README.md": (text) => css(text, wide),
    "examples/course-page.html": (text) => css(text, wide),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const heights = JSON.parse(readFileSync("docs/embedding-heights.json", "utf8")) as Heights;
  for (const [file, write] of Object.entries(heightDocs(heights)))
    writeFileSync(file, write(readFileSync(file, "utf8")));
}
