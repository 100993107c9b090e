/**
 * viewer.html's script: the page `agent-loop-figure view` serves (src/cli/view.ts). It asks its server for the runs
 * it was given and shows the chosen one in the same player as the chapter page, read again each time its file
 * changes (the server's `change` events). Its requests carry the cookie the page's first load got for its token.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { DEFAULT_LANG, isLang, type Lang } from "../content/languages";
import { Viewer } from "./Viewer";
import "../player/player.css";
import "./viewer.css";

/** The language the link asks for (`?lang=`), else the browser's, else the registry's default. */
function firstLang(): Lang {
  const asked = new URLSearchParams(window.location.search).get("lang");
  if (asked !== null && isLang(asked)) return asked;
  const browser = (navigator.language || "").toLowerCase().split("-")[0] ?? "";
  return isLang(browser) ? browser : DEFAULT_LANG;
}

const container = document.getElementById("viewer");
if (container === null) throw new Error("viewer.html has no #viewer element");
// The token is in the cookie now: the address bar (and a copy of it) no longer carries it.
const url = new URL(window.location.href);
if (url.searchParams.has("token")) {
  url.searchParams.delete("token");
  window.history.replaceState(null, "", url);
}
createRoot(container).render(
  <StrictMode>
    <Viewer lang={firstLang()} />
  </StrictMode>,
);
