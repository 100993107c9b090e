/**
 * embed-en.js: the English catalog and F22's English trace (made at build time) for embed.html, loaded only when
 * the figure is asked to speak English, so readers of the default language never download them. A classic
 * script, like embed.js (see pack-event.ts).
 */
import { en as f22 } from "virtual:f22-traces";
import { en } from "../content/en";
import { f22StoryEn } from "../scenarios/f22";
import { deliverPack } from "./pack-event";

deliverPack({ catalog: en, f22, f22Story: f22StoryEn });
