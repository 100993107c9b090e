/** The gzip size of a file, in bytes. */
export function gzipSize(file: string): number;
/** The JavaScript files an HTML page loads at once, with their gzip sizes. */
export function initialJavaScript(htmlFile: string): { file: string; gzip: number }[];
/** The total gzip bytes of a page's initial JavaScript. */
export function initialJavaScriptBytes(htmlFile: string): number;
