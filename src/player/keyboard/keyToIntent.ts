/** What a key means to the player. A pure map, tested on its own. */
export type Intent = "next" | "prev" | "first" | "last" | "toggle";

const KEY_INTENTS: Readonly<Record<string, Intent>> = {
  ArrowRight: "next",
  ArrowLeft: "prev",
  Home: "first",
  End: "last",
  " ": "toggle",
  Spacebar: "toggle",
};

/** The intent of a key (`KeyboardEvent.key`), or null when the player ignores it. */
export function keyToIntent(key: string): Intent | null {
  return KEY_INTENTS[key] ?? null;
}

/** The parts of a key event the player decides on. */
export interface KeyEventLike {
  readonly key: string;
  readonly altKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly defaultPrevented: boolean;
  readonly target: EventTarget | null;
}

/** Whether a key goes to an element that keeps its own keys: a text field, a slider, a select, editable content. */
export function typingIn(target: EventTarget | null): boolean {
  return (
    typeof Element !== "undefined" &&
    target instanceof Element &&
    target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true'], [role='slider']") !== null
  );
}

/** Elements that keep their own keys: text fields, sliders, selects, editable content. */
function ownsKeys(target: EventTarget | null, intent: Intent): boolean {
  if (typeof Element === "undefined" || !(target instanceof Element)) return false;
  if (typingIn(target)) return true;
  // Space on a button presses that button; the player must not act a second time.
  return intent === "toggle" && target.closest("button, a[href], summary") !== null;
}

/**
 * The intent of a key event inside the player, or null to leave it alone: modified keys (browser and
 * screen-reader shortcuts), events a handler before us already took, and keys form controls use themselves.
 */
export function intentOf(event: KeyEventLike): Intent | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  const intent = keyToIntent(event.key);
  if (intent === null || ownsKeys(event.target, intent)) return null;
  return intent;
}
