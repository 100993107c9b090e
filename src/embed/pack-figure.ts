/**
 * embed-figure.js: what opens a course author's figure file — the schema, the checks, the engine that runs a
 * scenario, the import that reads a recorded run, and the share links' decompression — as one classic script
 * that the embed pages (a `figure` or `figureData` parameter, a `load` command) and the web component (a `src`
 * attribute, an inline JSON child) load the first time they need it. Never in a figure's first download.
 */
import { openFigure } from "../figure";
import { readShare } from "../figure/share";
import { deliverPack, type FigurePack } from "./pack-event";

const pack: FigurePack = { open: openFigure, readShare };

deliverPack(pack);
