/**
 * embed-scenarios.js: the built-in scenarios other than the default, as one classic script that embed.html
 * loads only when a link asks for one of them (its own entry carries the default alone). A classic script, not a
 * module, for the same reason as embed.js: it must load in a sandboxed frame from a server without CORS headers.
 */

import { deliverPack } from "../embed/pack-event";
import type { ScenarioId } from "../engine";
import { claimedDone } from "./claimed-done";
import { experiment07 } from "./experiment-07";
import { idempotentReplay } from "./idempotent-replay";
import { missingFeedback } from "./missing-feedback";
import { scopeViolation } from "./scope-violation";
import type { ScenarioEntry } from "./types";
import { unauthorizedTool } from "./unauthorized-tool";

const PACK: Readonly<Partial<Record<ScenarioId, ScenarioEntry>>> = {
  "experiment-07": experiment07,
  "idempotent-replay": idempotentReplay,
  "unauthorized-tool": unauthorizedTool,
  "scope-violation": scopeViolation,
  "missing-feedback": missingFeedback,
  "claimed-done": claimedDone,
};

deliverPack(PACK);
