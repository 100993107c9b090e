import { useMemo } from "react";
import { type Catalog, catalogs, DEFAULT_LANG, type Story, storyCatalog } from "../content";
import type { Lang } from "../content/languages";
import { runScenario, type Trace } from "../engine";
import { Player, type PlayerProps } from "../player";
import { SCENARIOS } from "../scenarios";
import { DEFAULT_SCENARIO_ID, type ScenarioId } from "../scenarios/ids";
import { useFigureTheme } from "./useHostTheme";

/**
 * The figure as one component: the player's props (controlled `step` + `onStepChange` or `defaultStep`, `dwell`,
 * `autoplay`, `theme`, `controls`, `onPlay` / `onPause` / `onEnded`, `ref` for the handle), with a built-in
 * scenario instead of a trace. They mirror embed.html's URL parameters.
 */
export interface AgentLoopFigureProps extends Omit<PlayerProps, "trace" | "text"> {
  /** A built-in scenario. Default `f22`. */
  readonly scenario?: ScenarioId;
  /** Default `zh`. */
  readonly lang?: Lang;
}

/** A scenario's trace, told in its own words (its story, in the catalog's language) by the player. */
export function ScenarioFigure(
  props: Omit<AgentLoopFigureProps, "scenario" | "lang"> & {
    readonly trace: Trace;
    readonly story: Story;
    readonly text: Catalog;
  },
) {
  const { story, text: catalog, ...rest } = props;
  const text = useMemo(() => storyCatalog(catalog, story), [catalog, story]);
  return <Player {...rest} text={text} />;
}

/**
 * Figure F22 (or another built-in scenario), run by the engine and shown by the player. A client component (the
 * package's entry starts with "use client"), so a React Server Components page can render it as it is. With
 * `theme="auto"` (the default) it follows the host page's own theme when the page sets one — `data-theme` or a
 * `dark` / `light` class on `<html>`, or a single `color-scheme` there — and the reader's system setting otherwise.
 * @example <AgentLoopFigure lang="en" defaultStep={3} onStepChange={(n) => console.log(n)} />
 */
export function AgentLoopFigure(props: AgentLoopFigureProps) {
  const { scenario = DEFAULT_SCENARIO_ID, lang = DEFAULT_LANG, ...rest } = props;
  const entry = SCENARIOS[scenario];
  const trace = useMemo(() => runScenario(entry.build(lang)), [entry, lang]);
  // theme "auto" (the default) follows the host page when it says what it is (a site's dark-mode toggle).
  const theme = useFigureTheme(props.theme);
  return <ScenarioFigure {...rest} theme={theme} trace={trace} story={entry.stories[lang]} text={catalogs[lang]} />;
}
