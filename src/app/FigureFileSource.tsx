/**
 * A course author's figure file on the chapter page (`?figure=`), through the one resolver, in the page's
 * language: this draws nothing, and tells the page the resolution (its figure, or its problems) as it changes. A
 * chunk of its own, loaded only when the page is asked for a figure file.
 */
import { useEffect, useMemo } from "react";
import type { Lang } from "../content/languages";
import type { FigureSource, Resolution, SourceLoaders } from "../figure/source";
import { useFigureSource } from "../player";

export default function FigureFileSource(props: {
  source: FigureSource;
  lang: Lang;
  onResolution: (resolution: Resolution | null) => void;
  /** The file could not be fetched, or the reader's chunk could not be loaded. */
  onFailed: () => void;
}) {
  const { onResolution } = props;
  const loaders = useMemo(
    (): SourceLoaders => ({
      // No built-in loader: the page runs its built-ins itself, at once (its first frame is pre-rendered).
      figures: () => import("../figure").then((module) => ({ open: module.openFigure })),
      allows: (url) => url.origin === window.location.origin, // same origin only, as a transcript
    }),
    [],
  );
  // The last one resolved stays while a new one loads, in a new language too (never a half-translated frame).
  const resolution = useFigureSource(props.source, props.lang, loaders, { keep: true, onFailed: props.onFailed });
  useEffect(() => onResolution(resolution), [resolution, onResolution]);
  return null;
}
