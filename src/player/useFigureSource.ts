/**
 * The one hook the React shells read a figure's source through (src/figure/source.ts resolves it): loading until
 * the source resolves in the language, then the figure or its problems. Keyed by the source's content and the
 * language, so an inline object re-rendered is resolved once, and a new source or language resolves afresh.
 */
import { useEffect, useState } from "react";
import type { Lang } from "../content/languages";
import type { FigureSource, Resolution, Resolved, SourceLoaders } from "../figure/source";
import { sourceKey } from "../figure/source-key";
import { useLatest } from "./useLatest";

/**
 * A source already resolved in a language, given to the hook so that it shows at once (as TanStack Query's
 * `initialData`): what a server rendered, what a page loaded before it hydrated, a language switch's next figure.
 */
export interface Preloaded {
  readonly key: string;
  readonly resolved: Resolved;
}

/** `resolved` as the resolution of `source` in `lang`, for the hook's `initial`. */
export const preloaded = (source: FigureSource, lang: Lang, resolved: Resolved): Preloaded => ({
  key: `${lang}:${sourceKey(source)}`,
  resolved,
});

/**
 * The source's resolution in `lang` (null when there is no source). With `keep`, the last one resolved stays
 * while a new one loads (a language switch never shows a blank or half-translated frame). A resolution in
 * `initial` for this source and language is used at once, with no effect to wait for: rendered on a server, it is
 * what hydration finds.
 */
export function useFigureSource(
  source: FigureSource | null,
  lang: Lang,
  loaders: SourceLoaders,
  options: {
    readonly keep?: boolean;
    readonly onFailed?: () => void;
    /** A source resolved by this hook (not one given in `initial`), once. */
    readonly onResolved?: (resolved: Resolved) => void;
    readonly initial?: readonly Preloaded[];
  } = {},
): Resolution | null {
  const wanted = source === null ? null : `${lang}:${sourceKey(source)}`;
  const given = options.initial?.find((made) => made.key === wanted) ?? null;
  const [state, setState] = useState<Preloaded | null>(given);
  // The one given becomes the last one shown (kept, with `keep`, while the next one loads).
  if (given !== null && state !== given && state?.key !== given.key) setState(given);
  const ready = given !== null || state?.key === wanted;
  const inputs = useLatest({ source, loaders, onFailed: options.onFailed, onResolved: options.onResolved });
  useEffect(() => {
    const { source: now, loaders: using } = inputs.current;
    if (wanted === null || now === null || ready) return;
    let current = true;
    // The resolver loads with the first source it has to resolve (a shell given its figure never needs it).
    import("../figure/source")
      .then(({ resolveSource }) => resolveSource(now, lang, using))
      .then(
        (resolved) => {
          if (!current) return;
          setState({ key: wanted, resolved });
          inputs.current.onResolved?.(resolved);
        },
        () => current && inputs.current.onFailed?.(),
      );
    return () => {
      current = false;
    };
  }, [wanted, lang, inputs, ready]);
  if (wanted === null) return null;
  if (given !== null) return given.resolved;
  if (state !== null && (state.key === wanted || options.keep === true)) return state.resolved;
  return { status: "loading" };
}
