/**
 * embed-en.js: the English catalog for embed.html, loaded only when the figure is asked to speak English, so
 * readers of the default language never download it. A classic script, like embed.js (see pack-event.ts).
 */
import { en } from "../content/en";
import { deliverPack } from "./pack-event";

deliverPack(en);
