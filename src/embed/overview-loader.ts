/** The embed's stand-in for src/player/overview-loader.ts: a run overview's code and words come from the embed-overview.js pack. */
import type { OverviewCode } from "../player/overview-loader";
import { loadPack } from "./pack-loader";

export type { OverviewCode } from "../player/overview-loader";

/** Load it from embed-overview.js. @throws {Error} (rejects) when the pack cannot be loaded. */
export async function loadOverview(): Promise<OverviewCode> {
  const pack = await loadPack("embed-overview.js");
  if (typeof pack !== "object" || pack === null || !("create" in pack)) {
    throw new Error("embed-overview.js is not the overview pack");
  }
  return pack as OverviewCode;
}
