import type { Lang } from "../content/languages";
import type { Catalog } from "../content/types";
import type { findApi, ScormSession } from "../course/scorm-runtime";
import type { FigureOpening } from "../figure";
import type { SharedFigure } from "../figure/share";
import type { OverviewCode } from "../player/overview-loader";
import type { BuiltinSet } from "../scenarios/types";

/** The event a pack script (a language pack embed-<code>.js, a built-ins pack, embed-figure.js, …) dispatches on its own script element, its content as the detail. */
export const PACK_EVENT = "agent-loop-figure-pack";

/** What a language pack (embed-<code>.js) delivers: the catalog, and the default built-in in that language. */
export interface LanguagePack {
  readonly catalog: Catalog;
  readonly builtins: BuiltinSet;
}

/** What a built-ins pack (embed-builtins-<code>.js) delivers: the other built-ins in that language. */
export interface BuiltinsPack {
  readonly builtins: BuiltinSet;
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
  content: BuiltinsPack | LanguagePack | FigurePack | ScormPack | OverviewCode | ((...args: never[]) => unknown),
): void {
  document.currentScript?.dispatchEvent(new CustomEvent(PACK_EVENT, { detail: content }));
}
