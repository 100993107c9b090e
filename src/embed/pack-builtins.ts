/**
 * embed-builtins-<code>.js, one per language (src/embed/pages.ts): the built-ins but the default, in that language,
 * as the build made them (vite.config.ts, `builtins`), for embed.html, loaded only when a link asks for one of
 * them. A classic script, not a module, for the same reason as embed.js: it must load in a sandboxed frame from a
 * server without CORS headers.
 */
import rest from "virtual:builtins/rest.current.js";
import { deliverPack } from "./pack-event";

deliverPack({ builtins: rest });
