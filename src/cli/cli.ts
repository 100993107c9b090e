/** The demo command's logic, kept apart from the process so tests can call it. */
import { catalogs, isLang, storyCatalog } from "../content";
import { demoReport, isScenarioId, type Lang, runScenario, SCENARIO_IDS, type ScenarioId, selfTest } from "../engine";
import { SCENARIOS } from "../scenarios";

const USAGE = `usage: npm run --silent demo [-- [--scenario ${SCENARIO_IDS.join("|")}] [--lang zh|en]]
  (no flags)          the teaching experiment's report, as the chapter's script prints it
  --scenario <id>     the step trace of a scenario, as JSON
  --lang <zh|en>      language of labels and keys (default zh)`;

/** Parse argv into options, or return the reason it cannot be parsed. */
export function parseArgs(argv: readonly string[]): { scenario: ScenarioId | null; lang: Lang } | { error: string } {
  let scenario: ScenarioId | null = null;
  let lang: Lang = "zh";
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag !== "--scenario" && flag !== "--lang") return { error: `unknown argument: ${flag}` };
    if (value === undefined || value.startsWith("--")) return { error: `${flag} needs a value` };
    i += 1;
    if (flag === "--scenario") {
      if (!isScenarioId(value)) return { error: `unknown scenario: ${value}` };
      scenario = value;
    } else {
      if (!isLang(value)) return { error: `unknown language: ${value}` };
      lang = value;
    }
  }
  return { scenario, lang };
}

/** The JSON a scenario run prints: the trace, told as the figure tells it (the scenario's story, then each step). */
export function traceReport(id: ScenarioId, lang: Lang): unknown {
  const entry = SCENARIOS[id];
  const trace = runScenario(entry.build(lang));
  const story = entry.stories[lang];
  const text = storyCatalog(catalogs[lang], story);
  return {
    scenario: trace.scenarioId,
    lang,
    title: story.title,
    lesson: story.lesson,
    input: story.input,
    version: trace.version,
    lanes: trace.lanes,
    outcome: trace.outcome,
    outcomeLabel: text.outcomes[trace.outcome],
    counters: trace.counters,
    // Each message once; a step's context is messages[0 .. contextEnd).
    messages: trace.messages,
    steps: trace.steps.map((step) => ({
      title: `${step.number}. ${text.stepTitle(step)}`,
      caption: text.stepCaption(step, trace),
      laneLabel: text.lanes[step.lane],
      ...step,
    })),
  };
}

/** What a run of the command prints and how it exits. */
export interface CliOutput {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The whole command, minus the process: parse, run, format. */
export function runCli(argv: readonly string[]): CliOutput {
  const options = parseArgs(argv);
  if ("error" in options) return { exitCode: 2, stdout: "", stderr: `${options.error}\n${USAGE}\n` };
  let report: unknown;
  if (options.scenario === null) {
    selfTest();
    report = demoReport(options.lang);
  } else {
    report = traceReport(options.scenario, options.lang);
  }
  return { exitCode: 0, stdout: `${JSON.stringify(report, null, 2)}\n`, stderr: "" };
}
