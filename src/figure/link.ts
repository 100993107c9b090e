/**
 * The names a share link uses, apart from the compression (./share.ts) so that a page can tell a share link
 * without loading it.
 */

/** The parameter (in the fragment, or the query) that carries a compressed figure file: `#figureData=…`. */
export const SHARE_PARAM = "figureData";

/** At most this many characters of encoded figure in a link (about 8 KB: what browsers and most chat tools keep). */
export const SHARE_LIMIT = 8000;
