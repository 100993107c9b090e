/**
 * A URL's text, or why there is none, told by cause. Apart from ./source-read.ts so that the embed pages can ask it
 * why their own code (embed-figure.js) did not arrive, when the code that reads figure files is what is missing.
 */
import type { FetchFailure } from "../content/types";

/** A web page, by its type or its first characters (a server may send one with no type, or the wrong one). */
const isWebPage = (type: string | null, text: string): boolean =>
  /^\s*text\/html\b/i.test(type ?? "") || /^\s*<(!doctype\s+html|html[\s>])/i.test(text.slice(0, 200));

/**
 * Whether a fetch of `url` that got no answer may have been refused by the browser for want of CORS headers: only
 * a request to another origin, from a page (outside a browser there is no such rule).
 */
const acrossOrigins = (url: URL): boolean => {
  const page = globalThis.location?.origin;
  return page !== undefined && page !== url.origin;
};

/**
 * A URL's text, or why there is none: an error status, a web page (a login page, most often, after a redirect),
 * or no answer (the network, or, for another origin, a server that does not let this page read it).
 */
export async function fetchedText(
  url: URL,
  fetchUrl: (url: URL) => Promise<Response> = (at) => fetch(at),
): Promise<string | FetchFailure> {
  const href = url.href;
  try {
    const response = await fetchUrl(url);
    if (!response.ok) return { kind: "status", url: href, status: response.status };
    const text = await response.text();
    if (isWebPage(response.headers.get("content-type"), text))
      return {
        kind: "page",
        url: href,
        redirectedTo: response.redirected && response.url !== "" ? response.url : null,
      };
    return text;
  } catch {
    return { kind: "network", url: href, crossOrigin: acrossOrigins(url) };
  }
}

/**
 * Why a script at `url` did not load or run (a script element's error says nothing of it): fetched again, its
 * status, a web page in its place, no answer, or, when it came whole, that it did not run as the page's code.
 */
export async function whyScriptFailed(url: string): Promise<FetchFailure> {
  const got = await fetchedText(new URL(url));
  return typeof got === "string" ? { kind: "script", url } : got;
}
