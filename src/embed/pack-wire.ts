/**
 * embed-wire.js: the wire-format view's text (with the emitters) for embed.html, loaded when a reader first picks
 * a provider's format. Pure functions, no React: a classic script like embed.js (see pack-event.ts).
 */
import { wirePieces } from "../player/wire-text";
import { deliverPack } from "./pack-event";

deliverPack(wirePieces);
