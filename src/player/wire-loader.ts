/**
 * Where the player gets the wire-format view's text (./wire-text, with the emitters), on first use: a separate
 * chunk in module builds. The embed build swaps this module for src/embed/wire-loader.ts (a classic-script
 * pack), see vite.config.ts.
 */
import type { wirePieces } from "./wire-text";

/** Renders the request a host would send at a step, in a format, in pieces around its call_ids. */
export type WireText = typeof wirePieces;

/** Load it. @throws {Error} (rejects) when it cannot be loaded. */
export const loadWire = (): Promise<WireText> => import("./wire-text").then((module) => module.wirePieces);
