/** The 中文 catalog: the figure's labels and its step phrases, for the shells that load both at once. */
import { labels } from "./labels.zh";
import { steps } from "./steps.zh";
import type { Catalog } from "./types";

export const catalog: Catalog = { ...labels, ...steps };
