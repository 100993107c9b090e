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
 * The source's resolution in `lang` (null when there is no source). With `keep`, the last one resolved stays
 * while a new one loads (a language switch never shows a blank or half-translated frame).
 */
export function useFigureSource(
  source: FigureSource | null,
  lang: Lang,
  loaders: SourceLoaders,
  options: { readonly keep?: boolean; readonly onFailed?: () => void } = {},
): Resolution | null {
  const [state, setState] = useState<{ readonly key: string; readonly resolved: Resolved } | null>(null);
  const wanted = source === null ? null : `${lang}:${sourceKey(source)}`;
  const given = useLatest({ source, loaders, onFailed: options.onFailed });
  useEffect(() => {
    const { source: now, loaders: using } = given.current;
    if (wanted === null || now === null) return;
    let current = true;
    // The resolver loads with the first source (a shell showing a built-in never needs it).
    import("../figure/source")
      .then(({ resolveSource }) => resolveSource(now, lang, using))
      .then(
        (resolved) => current && setState({ key: wanted, resolved }),
        () => current && given.current.onFailed?.(),
      );
    return () => {
      current = false;
    };
  }, [wanted, lang, given]);
  if (wanted === null) return null;
  if (state !== null && (state.key === wanted || options.keep === true)) return state.resolved;
  return { status: "loading" };
}
