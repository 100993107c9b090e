/**
 * Where the player gets a run overview's code (./dom/run-overview.ts) and its words (`overview.<code>.ts`), on first
 * use: chunks of their own in module builds. The embed build swaps this module for src/embed/overview-loader.ts (a
 * classic-script pack), see vite.config.ts.
 */
import type { Lang } from "../content/languages";
import type { OverviewLabels } from "../content/types";
import type { createRunOverview } from "./dom/run-overview";

/** The overview's code, and its words in a language. */
export interface OverviewCode {
  readonly create: typeof createRunOverview;
  /** @throws {Error} (rejects) for a language with no words file. */
  readonly words: (lang: Lang) => Promise<OverviewLabels>;
}

const FILES = import.meta.glob<OverviewLabels>("../content/overview.*.ts", { import: "overview" });

/** Load it. @throws {Error} (rejects) when it cannot be loaded. */
export const loadOverview = (): Promise<OverviewCode> =>
  import("./dom/run-overview").then((module) => ({
    create: module.createRunOverview,
    words: (lang) => FILES[`../content/overview.${lang}.ts`]?.() ?? Promise.reject(new Error(`no overview.${lang}.ts`)),
  }));
