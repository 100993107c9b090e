/**
 * embed.html's script: the figure alone, sized to its content, speaking the postMessage contract with the page
 * that frames it. Built as one classic script (not a module), so it also runs in `<iframe sandbox="allow-scripts">`
 * from a server that sends no CORS headers.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { DEFAULT_SCENARIO_ID } from "../engine";
import { EmbeddedFigure } from "./EmbeddedFigure";
import { parseAllowOrigin } from "./messages";
import { checkStep, type FigureOptions, optionWarning, readOptions, showsFirstFrame } from "./options";
import { loadFigure } from "./packs";
import "../player/player.css";
import "./embed.css";

const PARAMS = ["step", "lang", "autoplay", "dwell", "theme", "controls", "scenario"] as const;

async function start(): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const { options, warnings } = readOptions((name) => params.get(name), PARAMS);
  const allow = parseAllowOrigin(params.get("allowOrigin"));
  const container = document.getElementById("alf-embed");
  if (container === null) throw new Error("embed.html has no #alf-embed element");
  // A frame that asks for another figure than the pre-rendered one drops it at once, rather than showing it
  // while its own loads (another language or scenario, then a jump).
  if (!showsFirstFrame(options)) container.textContent = "";
  const problems = [...warnings];
  if (allow.kind === "invalid") {
    problems.push(
      optionWarning("allowOrigin", "an origin such as https://course.example; no messages will be exchanged"),
    );
  }
  // The language first (its pack, if any), then the scenario in it; each falls back to the default on its own.
  const lang = await loadFigure(DEFAULT_SCENARIO_ID, options.lang).then(
    () => options.lang,
    () => {
      problems.push(`agent-loop-figure: could not load "${options.lang}"; showing the default language`);
      return "zh" as const;
    },
  );
  let scenario = options.scenario;
  const figure = await loadFigure(scenario, lang).catch(() => {
    problems.push(`agent-loop-figure: could not load scenario "${scenario}"; showing the default figure`);
    scenario = DEFAULT_SCENARIO_ID;
    return loadFigure(scenario, lang);
  });
  const checked = checkStep(options.step, figure.trace.steps.length);
  if (checked.warning !== undefined) problems.push(checked.warning);
  for (const problem of problems) console.warn(problem);
  document.documentElement.lang = figure.text.htmlLang;

  const shown: FigureOptions = { ...options, scenario, lang, step: checked.step };
  const app = (
    <StrictMode>
      <EmbeddedFigure options={shown} scenario={scenario} figure={figure} allow={allow} />
    </StrictMode>
  );
  // The built page arrives with the default figure's first frame in it (scripts/build.mjs). It stays on screen
  // until React's first commit replaces it with the same figure, live: no blank frame, nothing moves. (Not
  // hydrated: hydrateRoot would add about 0.2 KB of gzip to this script, and the render costs the same.)
  createRoot(container).render(app);
}

void start();
