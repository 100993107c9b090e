import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./App";
import { pageOpening } from "./opening";
import "../player/player.css";
import "./page.css";

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");
/**
 * The language and the figure the link asks for are loaded before hydration (./opening.ts), so the page switches
 * to them before it first paints, and no early key press goes to a figure about to be replaced. (In a function,
 * not top-level awaits: the built-ins' chunks import from this entry, which must have finished evaluating first.)
 */
async function start(container: HTMLElement): Promise<void> {
  const search = window.location.search;
  // The built page arrives with its first frame pre-rendered (scripts/build.mjs), its prose in it; the dev
  // server's does not.
  const hydrating = container.firstElementChild !== null;
  // A link that changes the page as it opens (anything but a step) does so in the page's first layout effect; the
  // export bar, a chunk the page otherwise asks for as it hydrates, comes first then: a boundary still waiting for
  // its code would hold that change back until the code arrived, with the pre-rendered figure taking keys meanwhile.
  const changes = [...new URLSearchParams(search).keys()].some((key) => key !== "step");
  const [opening, exportBar] = await Promise.all([
    pageOpening(search, hydrating),
    changes ? import("./ExportBar") : undefined,
  ]);
  const app = (
    <StrictMode>
      <App {...opening} exportBar={exportBar?.ExportBar} />
    </StrictMode>
  );
  if (hydrating) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start(root);
