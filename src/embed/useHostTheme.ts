import { useSyncExternalStore } from "react";
import type { Theme } from "../player";
import { hostTheme, watchHostTheme } from "./host-theme";

const subscribe = (changed: () => void) => watchHostTheme(changed);
const serverTheme = () => null;

/**
 * The theme a figure shows: the one asked for, or for `auto` (the default) the host page's when it sets one
 * (./host-theme.ts), watched for changes; `auto` still when the page says nothing (the reader's system setting).
 */
export function useFigureTheme(asked: Theme | undefined): Theme {
  const page = useSyncExternalStore(subscribe, hostTheme, serverTheme);
  return asked !== undefined && asked !== "auto" ? asked : (page ?? "auto");
}
