/**
 * The chapter page and its URL: what a link asks for is read once, before the first paint, and the URL follows
 * the page's state from then on (one place writes `?lang`, `?scenario`, `?checkpoints` and drops what no longer
 * holds). The figure's step has its own home (./ChapterFigure.tsx).
 */
import { type Dispatch, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ImportRun } from "./import-client";
import type { PageLanguage } from "./languages";
import { type PageAction, type PageState, syncUrl } from "./page-state";
import { builtinFromUrl } from "./url";

/** A URL the page's link names, resolved against this page, if it is on this page's origin. */
function sameOriginUrl(link: string): URL | null {
  try {
    const url = new URL(link, window.location.href);
    return url.origin === window.location.origin ? url : null;
  } catch {
    return null;
  }
}

/** Replace the URL without adding a history entry per step. */
export function replaceUrl(mutate: (url: URL) => void): void {
  const url = new URL(window.location.href);
  mutate(url);
  window.history.replaceState(window.history.state, "", url);
}

/** A link's transcript being read (off the main thread), for its progress and its Cancel. */
export interface UrlRun {
  readonly run: ImportRun;
  readonly name: string;
}

/**
 * What the URL asks for, applied once as the page mounts (language, built-in, figure file, checkpoints, a
 * transcript to load), and the URL kept in step with the state after. Returns the link's transcript while it is
 * read. `onRunsAsked` says the page will need its words for recorded runs.
 */
export function usePageUrl(
  state: PageState,
  dispatch: Dispatch<PageAction>,
  opened: { readonly urlLanguage: PageLanguage | undefined; readonly onRunsAsked: () => void },
): UrlRun | null {
  const [urlRun, setUrlRun] = useState<UrlRun | null>(null);
  // Once, on mount, before the first paint: the language and the figure the link asks for were resolved before
  // hydration (./main.tsx), so they show at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount; the URL is read once
  useLayoutEffect(() => {
    const { urlLanguage, onRunsAsked } = opened;
    if (urlLanguage !== undefined) dispatch({ type: "language", language: urlLanguage });
    const lang = (urlLanguage ?? state.language).labels.lang;
    const params = new URLSearchParams(window.location.search);
    if (params.get("checkpoints") === "1") dispatch({ type: "checkpoints", on: true });
    const builtin = builtinFromUrl(window.location.search);
    if (builtin.unknown) dispatch({ type: "unknownScenario" });
    else if (params.has("scenario")) dispatch({ type: "source", source: builtin.source, fromUrl: true });
    const file = params.get("figure");
    // The resolver fetches it (same origin only: a relative URL resolves against this page).
    if (file !== null) dispatch({ type: "source", source: { kind: "url", url: file }, fromUrl: true });
    const transcript = params.get("transcript");
    if (transcript === null) return;
    // Same origin only: a relative URL resolves against this page; another origin is refused, with a notice.
    const url = sameOriginUrl(transcript);
    if (url === null) {
      dispatch({ type: "transcriptFailed", problem: "otherOrigin" });
      return;
    }
    onRunsAsked();
    void import("./TranscriptPanel")
      .then((module) => module.loadLinked(url, lang, setUrlRun))
      .then((action) => dispatch(action))
      .catch(() => dispatch({ type: "transcriptFailed", problem: "fetchFailed" }))
      .finally(() => setUrlRun(null));
  }, []);

  // The URL follows the state: only what changed since it was last written (not on mount: the URL is what the page
  // opened with; the mount's own dispatches are no change to write back).
  const synced = useRef<PageState | null>(null);
  useEffect(() => {
    const last = synced.current;
    synced.current = state;
    if (
      last === null ||
      (last.language.labels.lang === state.language.labels.lang &&
        last.source === state.source &&
        last.figure === state.figure &&
        last.checkpoints === state.checkpoints)
    )
      return;
    replaceUrl((url) => syncUrl(url, state));
  }, [state]);
  return urlRun;
}
