/**
 * embed-wire.js: the wire-format emitters for embed.html, loaded when a reader first picks a provider's format.
 * Pure functions, no React: a classic script like embed.js (see pack-event.ts).
 */
import { wireRequest } from "../engine/wire";
import { deliverPack } from "./pack-event";

deliverPack(wireRequest);
