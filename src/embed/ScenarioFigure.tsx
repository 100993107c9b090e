/** A scenario's trace in its story's words: what every shell of the figure renders (the embed page among them). */
import { useMemo } from "react";
import { type Catalog, type Story, storyCatalog } from "../content/types";
import type { Trace } from "../engine";
import { Player, type PlayerProps } from "../player";

/** A scenario's trace, told in its own words (its story, in the catalog's language) by the player. */
export function ScenarioFigure(
  props: Omit<PlayerProps, "text"> & {
    readonly trace: Trace;
    readonly story: Story;
    readonly text: Catalog;
  },
) {
  const { story, text: catalog, ...rest } = props;
  const text = useMemo(() => storyCatalog(catalog, story), [catalog, story]);
  return <Player {...rest} text={text} />;
}
