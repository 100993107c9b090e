import type { Lang } from "../content/languages";
import type { Catalog, Story } from "../content/types";
import type { findApi, ScormSession } from "../course/scorm-runtime";
import type { Trace } from "../engine";
import type { FigureOpening } from "../figure";
import type { SharedFigure } from "../figure/share";

/** The event a pack script (embed-scenarios.js, embed-figure.js, a language pack embed-<code>.js) dispatches on its own script element, its content as the detail. */
export const PACK_EVENT = "agent-loop-figure-pack";

/**
 * What embed-scenarios.js delivers: any built-in scenario, run in a language, with its story (the catalog comes
 * from the entry or the language's pack, already loaded).
 */
export interface ScenarioPack {
  readonly figure: (id: string, lang: Lang) => { readonly trace: Trace; readonly story: Story } | null;
}

/** What a language pack (embed-<code>.js) delivers: the catalog, and F22's trace and story in that language. */
export interface LanguagePack {
  readonly catalog: Catalog;
  readonly f22: Trace;
  readonly f22Story: Story;
}

/** What embed-figure.js delivers: a figure file opened in a language, and a share link's payload decoded. */
export interface FigurePack {
  readonly open: (source: unknown, lang: Lang) => FigureOpening;
  readonly readShare: (payload: string) => SharedFigure;
}

/** What embed-scorm.js delivers: the SCORM 1.2 runtime of an LMS package's launch page. */
export interface ScormPack {
  readonly findApi: typeof findApi;
  readonly ScormSession: typeof ScormSession;
}

/** Hand a pack's content to whoever inserted the running script. No global is written. */
export function deliverPack(
  content: ScenarioPack | LanguagePack | FigurePack | ScormPack | ((...args: never[]) => unknown),
): void {
  document.currentScript?.dispatchEvent(new CustomEvent(PACK_EVENT, { detail: content }));
}
