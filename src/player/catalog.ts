/**
 * The figure's words reach its components through context: the player provides the catalog it was given (its
 * `text` prop) once, at its root, and every component that shows words reads it with `useCatalog()`.
 */
import { createContext, useContext } from "react";
import type { FigureText } from "../content/types";

/** The catalog of the figure a component is in; null outside a player. */
export const CatalogContext = createContext<FigureText | null>(null);

/**
 * The catalog of the enclosing player.
 * @throws {Error} when rendered outside a `<Player>` (a programming error, not a reader's).
 */
export function useCatalog(): FigureText {
  const catalog = useContext(CatalogContext);
  if (catalog === null) throw new Error("useCatalog: this component must be rendered inside a <Player>");
  return catalog;
}
