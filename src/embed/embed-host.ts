/**
 * embed-host.js: put it on a page that frames embed.html (or another language's embed page), and every such iframe
 * takes the height of its figure, growing and shrinking with it. Dependency-free. It may load before or after the
 * iframes, once for a whole site: it asks each figure for its height (`measure`) when the script starts and whenever
 * a figure frame loads (frames added later by a client-side navigation included), and figures also report their
 * height by themselves when it changes. A figure frame is one whose page is an embed page under any path, served
 * with or without `.html` (a clean-URL server's `…/embed-en`), or any iframe marked `data-agent-loop-figure`.
 * A frame marked `data-fit="screen"` takes its figure's height up to the host window's, and no more: the figure's own
 * stage then scrolls inside it, and its sticky step bar has a screen to stick to (a figure taller than the window
 * would otherwise put Next below the fold).
 */
import { LANGS } from "../content/languages";
import { hostTheme, watchHostTheme } from "./host-theme";
import { embedPageFile } from "./pages";

(() => {
  const PREFIX = "agent-loop-figure:";
  // The figure's pages, one per language of the registry (./pages.ts), with or without their extension.
  const PAGES = new Set(LANGS.flatMap((lang) => [embedPageFile(lang), embedPageFile(lang).replace(/\.html$/, "")]));
  const pageOf = (path: string): string => {
    const trimmed = path.replace(/\/+$/, "");
    return trimmed.slice(trimmed.lastIndexOf("/") + 1);
  };
  const MAX_HEIGHT = 100_000;

  const isFigureFrame = (element: Element): element is HTMLIFrameElement => {
    if (!(element instanceof HTMLIFrameElement)) return false;
    if (element.hasAttribute("data-agent-loop-figure")) return true;
    if (element.src === "") return false;
    try {
      return PAGES.has(pageOf(new URL(element.src, document.baseURI).pathname));
    } catch {
      return false;
    }
  };
  const figureFrames = () => Array.from(document.querySelectorAll("iframe")).filter(isFigureFrame);
  // "*": a sandboxed figure has an opaque origin, and `measure` and a theme carry nothing worth hiding.
  const tell = (frame: HTMLIFrameElement) => {
    frame.contentWindow?.postMessage({ type: `${PREFIX}measure`, version: 1 }, "*");
    // A frame marked data-follow-theme takes the page's own theme (and `auto` when the page sets none).
    if (frame.hasAttribute("data-follow-theme"))
      frame.contentWindow?.postMessage({ type: `${PREFIX}setTheme`, version: 1, theme: hostTheme() ?? "auto" }, "*");
  };

  window.addEventListener("message", (event) => {
    const data: unknown = event.data;
    if (typeof data !== "object" || data === null) return;
    const { type, version, height } = data as { type?: unknown; version?: unknown; height?: unknown };
    if (type !== `${PREFIX}resize` || version !== 1) return;
    if (typeof height !== "number" || !Number.isFinite(height) || height < 0 || height > MAX_HEIGHT) return;
    const frame = figureFrames().find((candidate) => candidate.contentWindow === event.source);
    if (frame === undefined) return;
    wanted.set(frame, height);
    size(frame);
  });
  // What each frame's figure asked for, so a frame that fits the screen follows the window's height too.
  const wanted = new WeakMap<HTMLIFrameElement, number>();
  const size = (frame: HTMLIFrameElement) => {
    const height = wanted.get(frame);
    if (height === undefined) return;
    const cap = frame.getAttribute("data-fit") === "screen" ? window.innerHeight : Number.POSITIVE_INFINITY;
    frame.style.height = `${Math.ceil(Math.min(height, cap))}px`;
  };
  window.addEventListener("resize", () => {
    for (const frame of figureFrames()) if (frame.getAttribute("data-fit") === "screen") size(frame);
  });
  // Figures already there (the script came late), and every figure frame that loads from now on.
  figureFrames().forEach(tell);
  watchHostTheme(() => {
    for (const frame of figureFrames()) if (frame.hasAttribute("data-follow-theme")) tell(frame);
  });
  document.addEventListener(
    "load",
    (event) => {
      if (event.target instanceof Element && isFigureFrame(event.target)) tell(event.target);
    },
    true,
  );
})();
