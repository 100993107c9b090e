import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { DEFAULT_LANG } from "../content/languages";
import { App } from "./App";
import { loadPageLanguage } from "./languages";
import { langFromUrl } from "./url";
import "../player/player.css";
import "./page.css";

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");
// The language the link asks for is loaded before hydration, so the page switches to it before it first paints.
const [firstLanguage, urlLanguage] = await Promise.all([
  loadPageLanguage(DEFAULT_LANG),
  loadPageLanguage(langFromUrl(window.location.search)),
]);
const app = (
  <StrictMode>
    <App firstLanguage={firstLanguage} urlLanguage={urlLanguage} />
  </StrictMode>
);
// The built page arrives with its first frame pre-rendered (scripts/build.mjs); the dev server's does not.
if (root.firstElementChild !== null) hydrateRoot(root, app);
else createRoot(root).render(app);
