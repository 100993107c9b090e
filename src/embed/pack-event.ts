/** The event a pack script (embed-scenarios.js, embed-en.js) dispatches on its own script element, its content as the detail. */
export const PACK_EVENT = "agent-loop-figure-pack";

/** Hand a pack's content to whoever inserted the running script. No global is written. */
export function deliverPack(content: unknown): void {
  document.currentScript?.dispatchEvent(new CustomEvent(PACK_EVENT, { detail: content }));
}
