/**
 * embed-scenarios.js: the built-in scenarios other than the default, with the engine that runs them, as one
 * classic script that embed.html loads only when a link asks for one of them (its own entry carries F22's trace,
 * made at build time, no runner, and no captions for the failure modes these scenarios show). A classic script, not a module, for the same reason as embed.js: it must
 * load in a sandboxed frame from a server without CORS headers.
 */

import { catalogs } from "../content";
import { isScenarioId, runScenario } from "../engine";
import { SCENARIOS } from "../scenarios";
import { deliverPack, type ScenarioPack } from "./pack-event";

const pack: ScenarioPack = {
  figure: (id, lang) => {
    if (!isScenarioId(id)) return null;
    const entry = SCENARIOS[id];
    return { trace: runScenario(entry.build(lang)), story: entry.stories[lang], text: catalogs[lang] };
  },
};

deliverPack(pack);
