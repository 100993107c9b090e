/**
 * What a figure file may say and still play, but likely does not mean: shown beside the figure (the authoring
 * page, the CLI's stderr), never fatal. A tool declared to the model that the host never allows and the model
 * never proposes teaches nothing; a story's caption or checkpoint whose step is in no step of the run is never
 * shown.
 */

import type { Lang } from "../content/languages";
import { type StepMatch, stepMatches } from "../content/types";
import type { Trace } from "../engine";
import type { PathProblem } from "./check";
import type { FigureFile } from "./schema";
import { storyIn } from "./story";

/** The file's warnings, each at its path, for the run it made. */
export function figureWarnings(file: FigureFile, trace: Trace): PathProblem[] {
  const warnings: PathProblem[] = [];
  const scenario = file.scenario;
  if (scenario !== undefined) {
    const allowed = scenario.host.allow;
    const proposed = new Set(scenario.model.flatMap((turn) => (turn.calls ?? []).map((call) => call.tool)));
    scenario.tools.forEach((tool, t) => {
      if (allowed !== undefined && !allowed.includes(tool.name) && !proposed.has(tool.name))
        warnings.push({
          path: ["scenario", "tools", t, "name"],
          message: `${tool.name} is declared to the model, but the host never allows it and the model never proposes it`,
        });
    });
  }
  const matchesAStep = (when: StepMatch) => trace.steps.some((step) => stepMatches(step, when));
  for (const [lang, written] of Object.entries(file.story ?? {})) {
    if (written === undefined) continue;
    // The story as the player matches it: the same predicates, read the same way.
    const told = storyIn({ ...file, story: { [lang]: written } }, lang as Lang);
    told.captions.forEach((caption, i) => {
      if (!matchesAStep(caption.when))
        warnings.push({
          path: ["story", lang, "captions", i, "when"],
          message: "no step of this run is the one it names, so this caption is never shown",
        });
    });
    (told.checkpoints ?? []).forEach((checkpoint, i) => {
      if (!matchesAStep(checkpoint.at))
        warnings.push({
          path: ["story", lang, "checkpoints", i, "at"],
          message: "no step of this run is the one it names, so this question is never asked",
        });
    });
  }
  return warnings;
}
