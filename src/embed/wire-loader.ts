/** The embed's stand-in for src/player/wire-loader.ts: the wire view's text comes from the embed-wire.js pack. */
import type { WireText } from "../player/wire-loader";
import { loadPack } from "./pack-loader";

export type { WireText } from "../player/wire-loader";

/** Load it from embed-wire.js. @throws {Error} (rejects) when the pack cannot be loaded. */
export async function loadWire(): Promise<WireText> {
  const pack = await loadPack("embed-wire.js");
  if (typeof pack !== "function") throw new Error("embed-wire.js is not the wire pack");
  return pack as WireText;
}
