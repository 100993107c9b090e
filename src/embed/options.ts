/**
 * The options every embed route shares (URL parameters of embed.html, attributes of <agent-loop-figure>,
 * props of the React component), and how untrusted text becomes one. A bad value is dropped with one warning
 * that names the parameter; the figure then uses the default. Values are never echoed into the page.
 */
import { DEFAULT_LANG, isLang, LANGS } from "../content";
import type { Lang } from "../content/languages";
import { SHARE_PARAM } from "../figure/link";
import { type ControlsMode, DWELL, type Theme } from "../player";
import { DEFAULT_SCENARIO_ID, isScenarioId, type ScenarioId } from "../scenarios/ids";

/** Options as the shells use them. `step` is 1-based and checked against the trace once it is built. */
export interface FigureOptions {
  readonly scenario: ScenarioId;
  readonly lang: Lang;
  readonly step: number | undefined;
  readonly dwell: number | undefined;
  readonly autoplay: boolean;
  readonly theme: Theme;
  readonly controls: ControlsMode;
  /** Ask the story's checkpoints (predict, then reveal) at their steps. */
  readonly checkpoints: boolean;
  /** Open in presenter mode (the figure fills the screen in a 16:9 frame): read once, as `autoplay` is. */
  readonly present: boolean;
}

/** The defaults: F22 in Chinese at step 1, static, following the reader's colour scheme, every control. */
export const DEFAULT_OPTIONS: FigureOptions = {
  scenario: DEFAULT_SCENARIO_ID,
  lang: DEFAULT_LANG,
  step: undefined,
  dwell: undefined,
  autoplay: false,
  theme: "auto",
  controls: "full",
  checkpoints: false,
  present: false,
};

/** The names a host may set, as URL parameters and (but `autoplay`) as attributes. */
export type OptionName = keyof FigureOptions;

const THEMES: readonly Theme[] = ["light", "dark", "auto"];
const CONTROLS: readonly ControlsMode[] = ["full", "minimal"];

/** What each option accepts, said in the warning when a value does not fit. */
export const OPTION_EXPECTS: Readonly<Record<OptionName, string>> = {
  scenario: "a built-in scenario id",
  lang: LANGS.join("|"),
  step: "a step number",
  dwell: `seconds, ${DWELL.min}-${DWELL.max}`,
  autoplay: "0|1",
  theme: "light|dark|auto",
  controls: "full|minimal",
  checkpoints: "0|1",
  present: "0|1",
};

/** A parsed value, or `invalid` (the caller warns and keeps the default). */
type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const invalid = { ok: false } as const;
const oneOf = <T extends string>(values: readonly T[], raw: string): Parsed<T> =>
  (values as readonly string[]).includes(raw) ? ok(raw as T) : invalid;

/** Parse one option's raw text. Whitespace around a value is tolerated; nothing else is guessed. */
export function parseOption<N extends OptionName>(name: N, rawText: string): Parsed<FigureOptions[N]> {
  const raw = rawText.trim();
  let parsed: Parsed<unknown>;
  switch (name) {
    case "scenario":
      parsed = isScenarioId(raw) ? ok(raw) : invalid;
      break;
    case "lang":
      parsed = isLang(raw) ? ok(raw) : invalid;
      break;
    case "step":
      parsed = /^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? ok(Number(raw)) : invalid;
      break;
    case "dwell": {
      const seconds = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
      parsed = seconds >= DWELL.min && seconds <= DWELL.max ? ok(seconds) : invalid;
      break;
    }
    case "autoplay":
    case "checkpoints":
    case "present":
      parsed = raw === "1" ? ok(true) : raw === "0" ? ok(false) : invalid;
      break;
    case "theme":
      parsed = oneOf(THEMES, raw);
      break;
    case "controls":
      parsed = oneOf(CONTROLS, raw);
      break;
    default: {
      const never: never = name;
      return never;
    }
  }
  return parsed as Parsed<FigureOptions[N]>;
}

/** The warning for a value that does not fit: names the parameter and what it takes, never the value. */
export function optionWarning(name: string, expects: string): string {
  return `agent-loop-figure: ignored "${name}" (expected ${expects})`;
}

/**
 * An embed page's parameters: the query's, and the fragment's for any the query lacks (`#step=3&lang=en`). The
 * fragment survives what a query does not: clean-URL servers (`npx serve`, `docusaurus serve`) redirect
 * `embed.html?step=3` to `embed` and drop the query, while a browser keeps the fragment across a redirect. A
 * fragment that is not `name=value` pairs (`#top`) gives nothing, except the chapter page's step link form,
 * `#step-3`, which is read as `step=3`.
 * @example embedParams("?lang=en", "#step=3").get("step") // "3"
 */
export function embedParams(search: string, hash: string): { get: (name: string) => string | null } {
  const query = new URLSearchParams(search);
  // The chapter page's own step link, `#step-3`, names a step here too.
  const stepLink = /^#step-(.*)$/.exec(hash);
  const fragment = new URLSearchParams(
    stepLink !== null ? { step: stepLink[1] ?? "" } : hash.includes("=") ? hash.replace(/^#/, "") : "",
  );
  return { get: (name) => query.get(name) ?? fragment.get(name) };
}

/** Read options from named raw values (URL parameters or attributes); `null` means not given. */
export function readOptions(
  get: (name: OptionName) => string | null,
  names: readonly OptionName[],
): { readonly options: FigureOptions; readonly warnings: readonly string[] } {
  const options: Record<string, unknown> = { ...DEFAULT_OPTIONS };
  const warnings: string[] = [];
  for (const name of names) {
    const raw = get(name);
    if (raw === null) continue;
    const parsed = parseOption(name, raw);
    if (parsed.ok) options[name] = parsed.value;
    else warnings.push(optionWarning(name, OPTION_EXPECTS[name]));
  }
  return { options: options as unknown as FigureOptions, warnings };
}

/** The step to open at, if it exists in a trace of `total` steps; else a warning. */
export function checkStep(step: number | undefined, total: number): { step: number | undefined; warning?: string } {
  if (step === undefined || step <= total) return { step };
  return { step: undefined, warning: optionWarning("step", OPTION_EXPECTS.step) };
}

/**
 * The embed page's own address for another built-in, relative to it (the same page, so the same language's first
 * frame): the options a first frame is rendered with kept, so the link is the same in that frame's HTML and once
 * hydrated. Following it in the page keeps every parameter the page has (`./embed-page.tsx`).
 */
export function scenarioSearch(options: FigureOptions, scenario: ScenarioId): string {
  const params = new URLSearchParams({ scenario });
  if (options.lang !== DEFAULT_LANG) params.set("lang", options.lang);
  if (options.theme !== DEFAULT_OPTIONS.theme) params.set("theme", options.theme);
  if (options.controls !== DEFAULT_OPTIONS.controls) params.set("controls", options.controls);
  if (options.dwell !== undefined) params.set("dwell", String(options.dwell));
  return `?${params}`;
}

/** The page's address for another built-in, from where it is now: every parameter kept but the figure's and step's. */
export function followedSearch(search: string, scenario: ScenarioId): string {
  const params = new URLSearchParams(search);
  for (const name of ["step", "figure", SHARE_PARAM, "autoplay", "present"]) params.delete(name);
  params.set("scenario", scenario);
  return `?${params}`;
}

/**
 * Whether an embed page's pre-rendered first frame (the default scenario at step 1 with the default look, in the
 * page's language: embed.html Chinese, embed-en.html English) can be hydrated for these options: everything but
 * the step must be as it shows. A step is applied right after hydration, and autoplay starts after mounting, so
 * neither changes that frame.
 */
export function hydratesFirstFrame(options: FigureOptions, frameLang: string | undefined): boolean {
  return (
    options.scenario === DEFAULT_OPTIONS.scenario &&
    options.lang === frameLang &&
    options.dwell === undefined &&
    options.theme === DEFAULT_OPTIONS.theme &&
    options.controls === DEFAULT_OPTIONS.controls
  );
}
