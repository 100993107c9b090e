/**
 * How a shell opens another built-in scenario, when it can: the links a story gives ("Two calls, results out of
 * order →") are shown only where this says where they go. Given by the shell to its player, per figure.
 */
import { createContext, useContext } from "react";

export interface ScenarioLinks {
  /** The address that opens a built-in here (undefined: this shell cannot open that one, and shows no link). */
  readonly href?: (scenario: string) => string | undefined;
  /** Opens it in place (the chapter page's picker, the element's own attribute) instead of following the address. */
  readonly follow?: (scenario: string) => void;
  /** Whether `follow` can open that built-in, when there is no address for it (default: every one). */
  readonly opens?: (scenario: string) => boolean;
}

export const ScenarioLinksContext = createContext<ScenarioLinks | null>(null);

export const useScenarioLinks = (): ScenarioLinks | null => useContext(ScenarioLinksContext);
