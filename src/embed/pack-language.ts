/**
 * embed-<code>.js, one per language but the default (src/embed/pages.ts): that language's catalog and F22's trace
 * and story in it (the trace made at build time), for embed.html, loaded only when a figure is asked to speak it,
 * so readers of the default language never download them. A classic script, like embed.js (see pack-event.ts).
 */
import { catalog, f22, f22Story } from "virtual:embed-language";
import { deliverPack } from "./pack-event";

deliverPack({ catalog, f22, f22Story });
