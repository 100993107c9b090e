/**
 * How tall an iframe of the author's lesson must be, by frame width: the lesson is loaded into hidden embed pages of
 * this site, one per language and width, stepped through, and the tallest step of each is written down as the docs'
 * heights are (../embed/frames.ts), so the iframe snippet needs no scrollbar before embed-host.js resizes it, and
 * none at all where that script cannot run (an LMS that strips scripts).
 */
import type { Lang } from "../content/languages";
import { documented, WIDTHS } from "../embed/frames";
import { MESSAGE_PREFIX, PROTOCOL_VERSION } from "../embed/messages";

/** A command to a figure frame, as the embed contract writes it. */
const command = (name: string, fields: Record<string, unknown>) => ({
  type: `${MESSAGE_PREFIX}${name}`,
  version: PROTOCOL_VERSION,
  ...fields,
});

/** The measured heights: px by frame width. */
export type Heights = Readonly<Record<number, number>>;

/** Where a measure is: the language and width being measured, and how many of all it has done. */
export interface MeasureProgress {
  readonly done: number;
  readonly of: number;
}

/** A frame's page, once it says the lesson is loaded: its step count, or why the lesson cannot be shown. */
function loadInto(frame: HTMLIFrameElement, text: string, signal: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow) return;
      const data = event.data as { type?: unknown; total?: unknown };
      if (data?.type === `${MESSAGE_PREFIX}ready`)
        frame.contentWindow?.postMessage(command("load", { figure: text }), window.location.origin);
      else if (data?.type === `${MESSAGE_PREFIX}loaded` && typeof data.total === "number")
        finish(() => resolve(data.total as number));
      else if (data?.type === `${MESSAGE_PREFIX}loaderror`) finish(() => reject(new Error("the lesson has problems")));
    };
    const finish = (then: () => void) => {
      window.removeEventListener("message", onMessage);
      signal.removeEventListener("abort", onAbort);
      then();
    };
    const onAbort = () => finish(() => reject(signal.reason));
    window.addEventListener("message", onMessage);
    signal.addEventListener("abort", onAbort);
  });
}

/** Wait until the frame's figure shows step `n` (its counter says so), or give up after a while. */
async function shown(frame: HTMLIFrameElement, n: number, signal: AbortSignal): Promise<void> {
  for (let waited = 0; waited < 5000; waited += 16) {
    signal.throwIfAborted();
    const counter = frame.contentDocument?.querySelector(".alf-counter > [aria-hidden]")?.textContent ?? "";
    if (counter.startsWith(`${n} `)) return;
    await new Promise((done) => setTimeout(done, 16));
  }
  throw new Error(`step ${n} was not shown`);
}

/**
 * The frame's page height once the step has settled: the figure animates a step in (unless the reader asked for
 * reduced motion, as the docs' measure does), so the height is read until it holds for a few readings.
 */
async function settledHeight(frame: HTMLIFrameElement, signal: AbortSignal): Promise<number> {
  const read = () => Math.ceil(frame.contentDocument?.body.getBoundingClientRect().height ?? 0);
  let last = read();
  let held = 0;
  for (let waited = 0; waited < 3000 && held < 4; waited += 50) {
    await new Promise((done) => setTimeout(done, 50));
    signal.throwIfAborted();
    const now = read();
    held = now === last ? held + 1 : 0;
    last = now;
  }
  return last;
}

/** The tallest the lesson's embed page gets, over every step, in one language at one frame width. */
async function tallestIn(base: string, text: string, lang: Lang, width: number, signal: AbortSignal) {
  const frame = document.createElement("iframe");
  frame.setAttribute("aria-hidden", "true");
  frame.tabIndex = -1;
  frame.title = "";
  // Out of sight and out of the page's flow, laid out at the frame's width (and the docs' 900 px window height).
  frame.style.cssText = `position:fixed; left:-20000px; top:0; width:${width}px; height:900px; border:0; visibility:hidden`;
  frame.src = `${base}embed.html?lang=${lang}`;
  document.body.append(frame);
  try {
    const total = await loadInto(frame, text, signal);
    // No scrollbar in the frame: a frame fitted to its figure has none, and one would take from the page's width.
    const root = frame.contentDocument?.documentElement;
    if (root !== undefined) root.style.overflow = "hidden";
    let tallest = 0;
    for (let n = 1; n <= total; n += 1) {
      if (n > 1) frame.contentWindow?.postMessage(command("goto", { step: n }), window.location.origin);
      await shown(frame, n, signal);
      tallest = Math.max(tallest, await settledHeight(frame, signal));
    }
    return tallest;
  } finally {
    frame.remove();
  }
}

/**
 * The iframe height the lesson needs at each frame width, over every step in each of `langs` (the docs' rule:
 * the tallest measured, plus room for a taller font, to 10 px).
 */
export async function measureHeights(
  base: string,
  text: string,
  langs: readonly Lang[],
  signal: AbortSignal,
  onProgress: (progress: MeasureProgress) => void,
): Promise<Heights> {
  const heights: Record<number, number> = {};
  const of = WIDTHS.length * langs.length;
  let done = 0;
  onProgress({ done, of });
  for (const width of WIDTHS) {
    let tallest = 0;
    for (const lang of langs) {
      tallest = Math.max(tallest, await tallestIn(base, text, lang, width, signal));
      done += 1;
      onProgress({ done, of });
    }
    heights[width] = documented(tallest);
  }
  return heights;
}
