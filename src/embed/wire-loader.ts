/** The embed's stand-in for src/player/wire-loader.ts: the emitters come from the embed-wire.js pack. */
import type { WireEmitter } from "../player/wire-loader";
import { loadPack } from "./packs";

export type { WireEmitter } from "../player/wire-loader";

/** Load the emitters from embed-wire.js. @throws {Error} (rejects) when the pack cannot be loaded. */
export async function loadWire(): Promise<WireEmitter> {
  const pack = await loadPack("embed-wire.js");
  if (typeof pack !== "function") throw new Error("embed-wire.js is not the wire pack");
  return pack as WireEmitter;
}
