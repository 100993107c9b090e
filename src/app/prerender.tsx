/**
 * Build-time only (scripts/build.mjs): the chapter page's first frame — the default language, the default figure
 * at step 1, the code listing included — as HTML, so the page is readable before any JavaScript runs and hydrates
 * without a change. The figure comes through the one resolver, as the page's script will have it. renderToString,
 * with the code section given directly: no streaming, so no inline scripts (the page's CSP refuses them).
 */
import first from "virtual:builtins/first.all.js";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { DEFAULT_LANG } from "../content/languages";
import { CATALOGS, CHAPTERS, PROSE } from "../content/translations";
import { resolveSource } from "../figure/source";
import { preloaded } from "../player";
import { GivenParts } from "../player/components/LazyPanels";
import PanelsPart from "../player/components/StepPanels";
import { DEFAULT_SOURCE, SCENARIO_IDS, type ScenarioId } from "../scenarios/ids";
import { scenarioName } from "../scenarios/names";
import { App } from "./App";
import { renderProse } from "./ChapterCode";
import { ExportBar } from "./ExportBar";

/** The page's HTML inside #root. */
export async function prerenderApp(): Promise<string> {
  // The whole catalog, as labels and phrases: it says what the page's written words say (vite.config.ts).
  const catalog = CATALOGS[DEFAULT_LANG];
  const resolved = await resolveSource(DEFAULT_SOURCE, DEFAULT_LANG, {
    builtin: async (id, lang) => first[lang]?.[id] ?? null,
    words: async () => catalog,
  });
  return renderToString(
    <StrictMode>
      <GivenParts.Provider value={PanelsPart}>
        <App
          firstLanguage={{
            labels: catalog,
            steps: catalog,
            page: CHAPTERS[DEFAULT_LANG],
            prose: { words: PROSE[DEFAULT_LANG], render: renderProse },
            names: Object.fromEntries(SCENARIO_IDS.map((id) => [id, scenarioName(id, DEFAULT_LANG)])) as Record<
              ScenarioId,
              string
            >,
          }}
          initial={[preloaded(DEFAULT_SOURCE, DEFAULT_LANG, resolved)]}
          exportBar={ExportBar}
        />
      </GivenParts.Provider>
    </StrictMode>,
  );
}
