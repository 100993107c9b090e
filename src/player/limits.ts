/** Sizes at which the player changes how it shows a trace: long imported transcripts stay quick and readable. */

/** Above this many steps, the diagram's rows scroll in a box of {@link WINDOW_ROWS} rows, only those in view mounted. */
export const WINDOW_AT = 40;
export const WINDOW_ROWS = 16;
/** How many context messages are mounted at first, and added per "earlier" press. */
export const CONTEXT_PAGE = 60;
/** Text longer than this is cut in view, with a button to see it whole. */
export const LONG_TEXT = 600;
