/**
 * The build's pre-render entry (scripts/build.mjs, vite mode `prerender`): the first frames of the chapter page
 * and of the embed pages, rendered in Node. It sits above both shells, so neither imports the other.
 */
export { prerenderApp } from "./app/prerender";
export { prerenderEmbed } from "./embed/prerender";
