/** The English catalog: the figure's labels and its step phrases, for the shells that load both at once. */
import { labels } from "./labels.en";
import { steps } from "./steps.en";
import type { Catalog } from "./types";

export const catalog: Catalog = { ...labels, ...steps };
