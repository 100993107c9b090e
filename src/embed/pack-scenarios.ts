/**
 * embed-scenarios.js: the built-in scenarios other than the default, with the engine that runs them, as one
 * classic script that embed.html loads only when a link asks for one of them (its own entry carries F22's trace,
 * made at build time, and no runner; the catalog comes from the entry or the language's pack). A classic
 * script, not a module, for the same reason as embed.js: it must load in a sandboxed frame from a server without CORS headers.
 */

import { runScenario } from "../engine";
import { SCENARIOS } from "../scenarios";
import { isScenarioId } from "../scenarios/ids";
import { deliverPack, type ScenarioPack } from "./pack-event";

const pack: ScenarioPack = {
  figure: (id, lang) => {
    if (!isScenarioId(id)) return null;
    const entry = SCENARIOS[id];
    return { trace: runScenario(entry.build(lang)), story: entry.stories[lang] };
  },
};

deliverPack(pack);
