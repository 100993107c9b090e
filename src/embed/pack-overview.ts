/**
 * embed-overview.js: a run's overview (its strip, jumps, Find and summary) with its words in every language, for
 * embed.html, loaded when a figure first shows one (a run longer than a screen, or the drawer opened). No React: a
 * classic script like embed.js (see pack-event.ts).
 */
import type { OverviewLabels } from "../content/types";
import { createRunOverview } from "../player/dom/run-overview";
import type { OverviewCode } from "../player/overview-loader";
import { deliverPack } from "./pack-event";

const WORDS = import.meta.glob<OverviewLabels>("../content/overview.*.ts", { import: "overview", eager: true });

const pack: OverviewCode = {
  create: createRunOverview,
  words: (lang) => {
    const words = WORDS[`../content/overview.${lang}.ts`];
    return words === undefined ? Promise.reject(new Error(`no overview.${lang}.ts`)) : Promise.resolve(words);
  },
};

deliverPack(pack);
