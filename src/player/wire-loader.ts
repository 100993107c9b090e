/**
 * Where the player gets the wire-format emitters, on first use: a separate chunk in module builds. The embed
 * build swaps this module for src/embed/wire-loader.ts (a classic-script pack), see vite.config.ts.
 */
import type { Step, Trace, WireFormat } from "../engine";

/** Renders the request a host would send at a step, in a format. */
export type WireEmitter = (format: WireFormat, trace: Pick<Trace, "messages" | "tools">, step: Step) => unknown;

/** Load the emitters. @throws {Error} (rejects) when they cannot be loaded. */
export const loadWire = (): Promise<WireEmitter> => import("../engine/wire").then((module) => module.wireRequest);
