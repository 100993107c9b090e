/**
 * Build-time only (scripts/build.mjs): embed.html's first frame — F22 in Chinese at step 1, with the default
 * options — as HTML, so an embedded figure is readable before its script runs (and with scripts off). The
 * script hydrates it, then moves to a linked step (src/embed/embed-page.tsx).
 */
import { zh as f22Zh } from "virtual:f22-traces";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { zh } from "../content/zh";
import { f22StoryZh } from "../scenarios/f22";
import { EmbeddedFigure } from "./EmbeddedFigure";
import { parseAllowOrigin } from "./messages";
import { DEFAULT_OPTIONS } from "./options";

/** The figure's HTML inside embed.html's #alf-embed. */
export function prerenderEmbed(): string {
  return renderToString(
    <StrictMode>
      <EmbeddedFigure
        options={DEFAULT_OPTIONS}
        scenario={DEFAULT_OPTIONS.scenario}
        figure={{ trace: f22Zh, story: f22StoryZh, text: zh }}
        allow={parseAllowOrigin(null)}
      />
    </StrictMode>,
  );
}
