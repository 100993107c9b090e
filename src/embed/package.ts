/**
 * The npm package's JavaScript entry: the public API (./index.ts) plus the figure's stylesheet, which the
 * library build extracts to lib/style.css (`import "agent-loop-figure/style.css"`). Its types come from
 * ./index.ts alone, so the declarations carry no CSS import.
 */
import "../player/player.css";

export * from "./index";
