/**
 * Build-time only (scripts/build.mjs): the chapter page's first frame — the default language, step 1, the code listing
 * included — as HTML, so the page is readable before any JavaScript runs and hydrates without a change.
 * renderToString, with the code section given directly: no streaming, so no inline scripts (the page's CSP
 * refuses them).
 */
import DEFAULT_FIGURES, { stories } from "virtual:f22-traces";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { DEFAULT_LANG } from "../content/languages";
import { CATALOGS, CHAPTERS, PROSE } from "../content/translations";
import { DEFAULT_SCENARIO_ID, SCENARIO_IDS, type ScenarioId } from "../scenarios/ids";
import { scenarioName } from "../scenarios/names";
import { App } from "./App";
import ChapterCode from "./ChapterCode";
import { ExportBar } from "./ExportBar";

/** The page's HTML inside #root. */
export function prerenderApp(): string {
  return renderToString(
    <StrictMode>
      <App
        firstLanguage={{
          // The whole catalog, as labels and phrases: it says what the page's written words say (vite.config.ts).
          labels: CATALOGS[DEFAULT_LANG],
          steps: CATALOGS[DEFAULT_LANG],
          page: CHAPTERS[DEFAULT_LANG],
          prose: PROSE[DEFAULT_LANG],
          figure: {
            id: DEFAULT_SCENARIO_ID,
            trace: DEFAULT_FIGURES[DEFAULT_LANG],
            story: stories[DEFAULT_LANG],
            words: CATALOGS[DEFAULT_LANG],
          },
          names: Object.fromEntries(SCENARIO_IDS.map((id) => [id, scenarioName(id, DEFAULT_LANG)])) as Record<
            ScenarioId,
            string
          >,
        }}
        codeSection={ChapterCode}
        exportBar={ExportBar}
      />
    </StrictMode>,
  );
}
