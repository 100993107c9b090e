/**
 * Build-time only (scripts/build.mjs): the first frame of each language's embed page (embed.html in the default
 * language, embed-<code>.html in each other; ./pages.ts), the default built-in at step 1 with the default options,
 * as HTML, so an embedded figure is readable in its language before its script runs (and with scripts off). The
 * script hydrates it, then moves to a linked step (src/embed/embed-page.tsx).
 */
import first from "virtual:builtins/first.all.js";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { catalogs } from "../content";
import type { Lang } from "../content/languages";
import { resolveSource } from "../figure/source";
import { GivenParts } from "../player/components/LazyPanels";
import PanelsPart from "../player/components/StepPanels";
import { DEFAULT_SOURCE } from "../scenarios/ids";
import { EmbeddedFigure } from "./EmbeddedFigure";
import { parseAllowOrigin } from "./messages";
import { DEFAULT_OPTIONS } from "./options";

/** The figure's HTML inside the embed page's #alf-embed, in `lang`. */
export async function prerenderEmbed(lang: Lang): Promise<string> {
  // Through the one resolver, as the page's script will show it.
  const resolved = await resolveSource(DEFAULT_SOURCE, lang, { builtin: async (id, at) => first[at]?.[id] ?? null });
  if (resolved.status !== "shown") throw new Error(`prerenderEmbed: the default figure is not shown in ${lang}`);
  const { id, trace, story } = resolved;
  const shown = { kind: "figure", id, figure: { trace, story, text: catalogs[lang] } } as const;
  return renderToString(
    <StrictMode>
      <GivenParts.Provider value={PanelsPart}>
        <EmbeddedFigure
          options={{ ...DEFAULT_OPTIONS, lang }}
          source={DEFAULT_SOURCE}
          shown={shown}
          allow={parseAllowOrigin(null)}
        />
      </GivenParts.Provider>
    </StrictMode>,
  );
}
