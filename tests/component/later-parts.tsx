/**
 * The figure's parts that load a moment after it first renders (the full panels, the print frames and the drawer:
 * src/player/components/LazyPanels.tsx; a checkpoint's question): loaded once, as a reader's page has them by the
 * time they read on, so that a test about what those parts show can read them at once. Tests of the first render
 * itself (tests/component/LaterParts.test.tsx) do not call this.
 */
import { render, screen, within } from "@testing-library/react";
import { catalogs, storyCatalog } from "../../src/content";
import { stepMatches } from "../../src/content/types";
import { runScenario } from "../../src/engine";
import { Player } from "../../src/player/Player";
import { SCENARIOS, scenarioById } from "../../src/scenarios";

/** How long the first load may take; a hook that calls this needs at least as long (`beforeAll(…, HOOK_MS)`). */
export const LOADING_MS = 30_000;
export const HOOK_MS = 2 * LOADING_MS;

/** Renders F22 at its first checkpoint, waits for its question and its panels, and unmounts it. */
export async function loadLaterParts(): Promise<void> {
  const story = SCENARIOS.f22.stories.en;
  const first = story.checkpoints?.[0];
  if (first === undefined) throw new Error("loadLaterParts: F22 has no checkpoint");
  const trace = runScenario(scenarioById("f22", "en"));
  const at = trace.steps.findIndex((step) => stepMatches(step, first.at)) + 1;
  if (at === 0) throw new Error("loadLaterParts: F22's first checkpoint is at no step");
  const view = render(
    <Player
      trace={trace}
      text={storyCatalog(catalogs.en, story)}
      defaultStep={at}
      checkpoints={story.checkpoints ?? []}
    />,
  );
  const figure = screen.getByRole("region", { name: /F22/ });
  // The first import of those modules is transformed on demand: on a loaded machine, seconds, not the 1 s default.
  const slow = { timeout: LOADING_MS };
  await within(figure).findByRole("region", { name: catalogs.en.later.contextHeading }, slow);
  await within(figure).findByRole("group", { name: (name) => name.includes(first.question) }, slow);
  view.unmount();
}
