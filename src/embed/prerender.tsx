/**
 * Build-time only (scripts/build.mjs): the first frame of each language's embed page (embed.html in the default
 * language, embed-<code>.html in each other; ./pages.ts), F22 at step 1 with the default options, as HTML, so an embedded figure is readable in its language
 * before its script runs (and with scripts off). The script hydrates it, then moves to a linked step
 * (src/embed/embed-page.tsx).
 */
import F22, { stories as f22Stories } from "virtual:f22-traces";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { catalogs } from "../content";
import type { Lang } from "../content/languages";
import { EmbeddedFigure } from "./EmbeddedFigure";
import { parseAllowOrigin } from "./messages";
import { DEFAULT_OPTIONS } from "./options";

/** The figure's HTML inside the embed page's #alf-embed, in `lang`. */
export function prerenderEmbed(lang: Lang): string {
  return renderToString(
    <StrictMode>
      <EmbeddedFigure
        options={{ ...DEFAULT_OPTIONS, lang }}
        source={{ kind: "builtin", id: DEFAULT_OPTIONS.scenario }}
        shown={{
          kind: "figure",
          id: DEFAULT_OPTIONS.scenario,
          figure: { trace: F22[lang], story: f22Stories[lang], text: catalogs[lang] },
        }}
        allow={parseAllowOrigin(null)}
      />
    </StrictMode>,
  );
}
