/**
 * embed-<code>.js, one per language but the default (src/embed/pages.ts): that language's catalog and the default
 * built-in in it (made at build time), for embed.html, loaded only when a figure is asked to speak it, so readers
 * of the default language never download them. A classic script, like embed.js (see pack-event.ts).
 */
import catalog from "virtual:builtins/catalog.current.js";
import first from "virtual:builtins/first.current.js";
import { deliverPack } from "./pack-event";

deliverPack({ catalog, builtins: first });
