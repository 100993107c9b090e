/**
 * Every built-in scenario with its narrative, by id: for shells that offer them all (the chapter page, the npm
 * package, the web component, the CLI). The embed page keeps only the default in its entry and loads the rest
 * from a pack (src/embed/pack-scenarios.ts) when a link asks for one.
 */
import type { ScenarioId } from "../engine";
import { claimedDone } from "./claimed-done";
import { experiment07 } from "./experiment-07";
import { f22 } from "./f22";
import { idempotentReplay } from "./idempotent-replay";
import { missingFeedback } from "./missing-feedback";
import { scopeViolation } from "./scope-violation";
import type { ScenarioEntry } from "./types";
import { unauthorizedTool } from "./unauthorized-tool";

export type { ScenarioEntry } from "./types";

export const SCENARIOS: Readonly<Record<ScenarioId, ScenarioEntry>> = {
  f22,
  "experiment-07": experiment07,
  "idempotent-replay": idempotentReplay,
  "unauthorized-tool": unauthorizedTool,
  "scope-violation": scopeViolation,
  "missing-feedback": missingFeedback,
  "claimed-done": claimedDone,
};
