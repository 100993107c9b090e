/** The 中文 catalog: the figure's labels, its step phrases and its later parts' words, for the shells that load them at once. */
import { labels } from "./labels.zh";
import { later } from "./later.zh";
import { steps } from "./steps.zh";
import type { Catalog } from "./types";

export const catalog: Catalog = { ...labels, ...steps, later };
