/** The English catalog: the figure's labels, its step phrases and its later parts' words, for the shells that load them at once. */
import { labels } from "./labels.en";
import { later } from "./later.en";
import { steps } from "./steps.en";
import type { Catalog } from "./types";

export const catalog: Catalog = { ...labels, ...steps, later };
