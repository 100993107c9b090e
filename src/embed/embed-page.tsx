/**
 * embed.html's script: the figure alone, sized to its content, speaking the postMessage contract with the page
 * that frames it. Built as one classic script (not a module), so it also runs in `<iframe sandbox="allow-scripts">`
 * from a server that sends no CORS headers.
 */
import { StrictMode, useCallback, useEffect, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import { DEFAULT_SCENARIO_ID, type Lang, type ScenarioId } from "../engine";
import type { PlayerHandle } from "../player";
import { ScenarioFigure } from "./AgentLoopFigure";
import {
  type AllowOrigin,
  acceptsCommand,
  eventMessage,
  eventTargetOrigin,
  type FigureEventName,
  type FigureEvents,
  parseAllowOrigin,
  parseCommand,
} from "./messages";
import { checkStep, type FigureOptions, optionWarning, readOptions } from "./options";
import { type EmbedFigure, loadFigure } from "./packs";
import "../player/player.css";
import "./embed.css";

const PARAMS = ["step", "lang", "autoplay", "dwell", "theme", "controls", "scenario"] as const;

function EmbeddedFigure(props: {
  options: FigureOptions;
  scenario: ScenarioId;
  figure: EmbedFigure;
  allow: AllowOrigin;
}) {
  const { options, scenario, allow } = props;
  const [shown, setShown] = useState(props.figure);
  const lang = shown.text.lang;
  // The figure keeps its language until the other one has loaded: never a half-translated frame.
  const setLang = useCallback(
    (next: Lang) => {
      loadFigure(scenario, next).then(setShown, () => console.warn(`agent-loop-figure: could not load "${next}"`));
    },
    [scenario],
  );
  const figure = useRef<PlayerHandle>(null);
  const langRef = useRef(lang);
  langRef.current = lang;
  const framed = window.parent !== window;
  // Where the browser tells us the parent's origin (Chromium, Safari), do not even try to post to a parent that
  // allowOrigin does not name; elsewhere postMessage's targetOrigin drops the message.
  const parentOrigin = window.location.ancestorOrigins?.[0];
  const parentAllowed = allow.kind !== "only" || parentOrigin === undefined || parentOrigin === allow.origin;

  const post = useCallback(
    <N extends FigureEventName>(name: N, fields: FigureEvents[N]) => {
      const target = eventTargetOrigin(allow);
      if (!framed || !parentAllowed || target === null) return;
      window.parent.postMessage(eventMessage(name, fields), target);
    },
    [allow, framed, parentAllowed],
  );
  const lastHeight = useRef(-1);
  const postHeight = useCallback(
    (always: boolean) => {
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      if (!always && height === lastHeight.current) return;
      lastHeight.current = height;
      post("resize", { height });
    },
    [post],
  );
  const where = () => ({ step: figure.current?.step ?? 1, total: figure.current?.total ?? 1, lang: langRef.current });

  // biome-ignore lint/correctness/useExhaustiveDependencies: where() reads refs; this runs once, on mount
  useEffect(() => {
    post("ready", where());
    postHeight(true);
    const observer = new ResizeObserver(() => postHeight(false));
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [post, postHeight]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!framed || !acceptsCommand(allow, event, window.parent)) return;
      const command = parseCommand(event.data);
      const handle = figure.current;
      if (command === null || handle === null) return;
      switch (command.name) {
        case "goto":
          handle.goTo(command.step);
          break;
        case "setLang":
          setLang(command.lang);
          break;
        case "measure":
          postHeight(true);
          break;
        default:
          handle[command.name]();
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [allow, framed, postHeight, setLang]);

  const { step } = options;
  return (
    <ScenarioFigure
      ref={figure}
      trace={shown.trace}
      story={shown.story}
      text={shown.text}
      {...(step === undefined ? {} : { defaultStep: step })}
      {...(options.dwell === undefined ? {} : { dwell: options.dwell })}
      autoplay={options.autoplay}
      theme={options.theme}
      controls={options.controls}
      onLangChange={setLang}
      onStepChange={(n) => post("stepchange", { ...where(), step: n })}
      onPlay={() => post("play", {})}
      onPause={() => post("pause", {})}
      onEnded={() => post("ended", {})}
    />
  );
}

async function start(): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const { options, warnings } = readOptions((name) => params.get(name), PARAMS);
  const allow = parseAllowOrigin(params.get("allowOrigin"));
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

  const container = document.getElementById("alf-embed");
  if (container === null) throw new Error("embed.html has no #alf-embed element");
  container.textContent = "";
  createRoot(container).render(
    <StrictMode>
      <EmbeddedFigure options={{ ...options, step: checked.step }} scenario={scenario} figure={figure} allow={allow} />
    </StrictMode>,
  );
}

void start();
