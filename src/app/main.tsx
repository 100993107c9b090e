import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { DEFAULT_LANG } from "../content/languages";
import { DEFAULT_SCENARIO_ID, isScenarioId } from "../scenarios/ids";
import { App } from "./App";
import { loadPageLanguage } from "./languages";
import { langFromUrl } from "./url";
import "../player/player.css";
import "./page.css";

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");
/**
 * The language the link asks for is loaded before hydration, so the page switches to it before it first paints; so
 * is the scenario it names when that is not the default (whose trace and words come with the language), with the
 * step phrases, so the page opens on it and no early key press goes to a figure about to be replaced. (In a function, not top-level awaits: the built-ins'
 * chunk imports from this entry, which must have finished evaluating first.)
 */
async function start(container: HTMLElement): Promise<void> {
  const asked = new URLSearchParams(window.location.search).get("scenario");
  // The built page arrives with its first frame pre-rendered (scripts/build.mjs), its prose in it; the dev
  // server's does not.
  const hydrating = container.firstElementChild !== null;
  const wanted = langFromUrl(window.location.search);
  // Another built-in comes with the step phrases that tell it.
  const another = asked !== null && asked !== DEFAULT_SCENARIO_ID && isScenarioId(asked);
  // A link that changes the page as it opens (anything but a step) does so in the page's first layout effect; the
  // export bar, a chunk the page otherwise asks for as it hydrates, comes first then: a boundary still waiting for
  // its code would hold that change back until the code arrived, with the pre-rendered figure taking keys meanwhile.
  const changes = [...new URLSearchParams(window.location.search).keys()].some((key) => key !== "step");
  const [firstLanguage, urlLanguage, builtins, exportBar] = await Promise.all([
    loadPageLanguage(DEFAULT_LANG, { prose: !hydrating, steps: another && wanted === DEFAULT_LANG }),
    wanted === DEFAULT_LANG ? undefined : loadPageLanguage(wanted, { steps: another }),
    another ? import("./builtins") : undefined,
    changes ? import("./ExportBar") : undefined,
  ]);
  const app = (
    <StrictMode>
      <App
        firstLanguage={firstLanguage}
        urlLanguage={urlLanguage}
        builtins={builtins}
        exportBar={exportBar?.ExportBar}
      />
    </StrictMode>
  );
  if (hydrating) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start(root);
