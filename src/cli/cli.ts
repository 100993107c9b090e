/** The demo command's logic, kept apart from the process so tests can call it. */
import { catalogs, isLang, storyCatalog } from "../content";
import { demoReport, isScenarioId, type Lang, runScenario, SCENARIO_IDS, type ScenarioId, selfTest } from "../engine";
import { SCENARIOS } from "../scenarios";
import { importTranscript, type TranscriptFormat } from "../trace-format/import";

const FORMATS: readonly TranscriptFormat[] = ["chat", "responses", "anthropic"];
const isFormat = (value: string): value is TranscriptFormat => (FORMATS as readonly string[]).includes(value);

const USAGE = `usage: npm run --silent demo [-- [--scenario ${SCENARIO_IDS.join("|")}] [--lang zh|en]]
       npm run --silent demo -- --import FILE [--format ${FORMATS.join("|")}]
  (no flags)          the teaching experiment's report, as the chapter's script prints it
  --scenario <id>     the step trace of a scenario, as JSON
  --lang <zh|en>      language of labels and keys (default zh)
  --import <file>     a transcript (a request body, or its list of messages / input items) as a neutral trace;
                      pairing problems or bad input go to stderr with exit code 1
  --format <format>   the transcript's format (default: detected)`;

/** What the command was asked to do. */
type Options =
  | { readonly scenario: ScenarioId | null; readonly lang: Lang; readonly import?: undefined }
  | { readonly import: string; readonly format: TranscriptFormat | undefined };

/** Parse argv into options, or return the reason it cannot be parsed. */
export function parseArgs(argv: readonly string[]): Options | { error: string } {
  let scenario: ScenarioId | null = null;
  let lang: Lang = "zh";
  let file: string | undefined;
  let format: TranscriptFormat | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag !== "--scenario" && flag !== "--lang" && flag !== "--import" && flag !== "--format") {
      return { error: `unknown argument: ${flag}` };
    }
    if (value === undefined || value.startsWith("--")) return { error: `${flag} needs a value` };
    i += 1;
    if (flag === "--import") file = value;
    else if (flag === "--format") {
      if (!isFormat(value)) return { error: `unknown format: ${value}` };
      format = value;
    } else if (flag === "--scenario") {
      if (!isScenarioId(value)) return { error: `unknown scenario: ${value}` };
      scenario = value;
    } else {
      if (!isLang(value)) return { error: `unknown language: ${value}` };
      lang = value;
    }
  }
  if (file !== undefined) {
    if (scenario !== null) return { error: "--import and --scenario do not go together" };
    return { import: file, format };
  }
  if (format !== undefined) return { error: "--format goes with --import" };
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

/** Import a transcript file: its neutral trace, and any problem on stderr (exit 1). */
function importReport(
  file: string,
  format: TranscriptFormat | undefined,
  readFile: (path: string) => string,
): CliOutput {
  let source: string;
  try {
    source = readFile(file);
  } catch {
    return { exitCode: 1, stdout: "", stderr: `cannot read ${file}\n` };
  }
  const result = importTranscript(source, format, file);
  if (!result.ok) {
    const where = (e: { line?: number; column?: number; path?: string }) =>
      e.line !== undefined ? ` at line ${e.line}, column ${e.column}` : e.path ? ` at ${e.path}` : "";
    const tried = result.format === null ? "" : ` (read as ${result.format})`;
    return {
      exitCode: 1,
      stdout: "",
      stderr: result.errors.map((e) => `${file}${tried}: ${e.message}${where(e)}\n`).join(""),
    };
  }
  return {
    exitCode: result.problems.length === 0 ? 0 : 1,
    stdout: `${JSON.stringify({ format: result.format, problems: result.problems, trace: result.trace }, null, 2)}\n`,
    stderr: result.problems.map((p) => `${file}: step ${p.step}: ${p.kind} (${p.callId})\n`).join(""),
  };
}

/** The whole command, minus the process: parse, run, format. `readFile` reads an --import file. */
export function runCli(argv: readonly string[], readFile: (path: string) => string = () => ""): CliOutput {
  const options = parseArgs(argv);
  if ("error" in options) return { exitCode: 2, stdout: "", stderr: `${options.error}\n${USAGE}\n` };
  if (options.import !== undefined) return importReport(options.import, options.format, readFile);
  let report: unknown;
  if (options.scenario === null) {
    selfTest();
    report = demoReport(options.lang);
  } else {
    report = traceReport(options.scenario, options.lang);
  }
  return { exitCode: 0, stdout: `${JSON.stringify(report, null, 2)}\n`, stderr: "" };
}
