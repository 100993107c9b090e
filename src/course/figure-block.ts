/**
 * A figure file carried inside a page: a JSON data block (`<script type="application/json">`), which the browser
 * never runs and never fetches. An LMS package's launch page carries its figure file so, because an LMS serves a
 * package's files to a logged-in session only: a request the page made for a file of its own could be redirected
 * to the login page (issue 39), but the page itself has already been served.
 */

/** The data block's id: the embed page shows the figure file it holds (src/embed/embed-page.tsx). */
export const FIGURE_BLOCK_ID = "alf-figure-file";

/**
 * The data block holding `text`. A data block ends at the first `</script`, and `<!--` changes how it is read, so
 * every `<` is written `\u003c`: the same JSON (a `<` can only be in a string, where the escape means the same
 * character, or in a comment of a JSONC file, where it means nothing).
 * @example figureBlock('{"figure": 1}') // '<script type="application/json" id="alf-figure-file">{"figure": 1}</script>'
 */
export function figureBlock(text: string): string {
  return `<script type="application/json" id="${FIGURE_BLOCK_ID}">${text.replaceAll("<", "\\u003c")}</script>\n`;
}
