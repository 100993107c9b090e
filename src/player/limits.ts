/** Sizes at which the player changes how it shows a trace: long imported transcripts stay quick and readable. */

/**
 * A trace of more than BOX_AT steps (the seed's eight are shown whole) has its rows scroll in a box of BOX_ROWS
 * rows, kept on the current step, so that the diagram, the step's words and the controls share one screen (a
 * 1280×720 one included).
 */
export const BOX_AT = 8;
export const BOX_ROWS = 7;
/** Above this many steps, only the rows in the box (and a margin) are mounted. */
export const WINDOW_AT = 40;
/**
 * A run longer than this many steps (longer than a screen) shows its overview open above the stage; a shorter one
 * (a built-in lesson), closed in the figure's drawer.
 */
export const LONG_RUN = 40;
/** How many context messages are mounted at first, and added per "earlier" press. */
export const CONTEXT_PAGE = 60;
/** Text longer than this is cut in view, with a button to see it whole. */
export const LONG_TEXT = 600;
