/**
 * The default built-in alone (F22), with its narrative: for a shell that shows it at once and loads the other
 * built-ins (./index.ts) only when one is asked for, as the npm package does.
 */
import { DEFAULT_FILE } from "./default.gen";
import { entryOf } from "./entry";
import { DEFAULT_SCENARIO_ID } from "./ids";
import type { ScenarioEntry } from "./types";

export const DEFAULT_ENTRY: ScenarioEntry = /* @__PURE__ */ entryOf(DEFAULT_SCENARIO_ID, DEFAULT_FILE);
