/**
 * The figure files an author can start from: F22 itself, a failure (a write refused without approval), parallel
 * calls and a retry after a tool error — the files of src/scenarios/ (F22) and examples/figures/, as they are.
 */

import refused from "../../examples/figures/refused-write.json?raw";
import retry from "../../examples/figures/retry.json?raw";
import parallel from "../../examples/figures/weather.json?raw";
import f22 from "../scenarios/01-f22.json?raw";

/** The `$schema` of an example names the schema beside it; in the editor, the schema is the page's own. */
const asTemplate = (text: string) => text.replace(/^ {2}"\$schema": "[^"]*",\n/m, "");

export const TEMPLATES = {
  f22: asTemplate(f22),
  refused: asTemplate(refused),
  parallel: asTemplate(parallel),
  retry: asTemplate(retry),
} as const;

export type TemplateId = keyof typeof TEMPLATES;
