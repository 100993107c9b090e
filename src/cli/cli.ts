/** The demo command's logic, kept apart from the process so tests can call it. */
import { catalogs, chapters, DEFAULT_LANG, isLang, LANGS, storyCatalog, TOOLING_LANG } from "../content";
import type { Lang } from "../content/languages";
import { demoReport, runScenario, selfTest } from "../engine";
import { FORMAT_IDS, type FormatId, formatName, isFormatId } from "../formats";
import { importTranscript, MAX_ERRORS } from "../formats/import";
import { SCENARIOS } from "../scenarios";
import { isScenarioId, SCENARIO_IDS, type ScenarioId } from "../scenarios/ids";

type TranscriptFormat = FormatId;
const isFormat = isFormatId;

const USAGE = `usage: npm run --silent demo [-- [--scenario ${SCENARIO_IDS.join("|")}] [--lang ${LANGS.join("|")}]]
       npm run --silent demo -- --import FILE [--format ${FORMAT_IDS.join("|")}]
  (no flags)          the teaching experiment's report, as the chapter's script prints it
  --scenario <id>     the step trace of a scenario, as JSON
  --lang <${LANGS.join("|")}>      language of labels and keys (default ${DEFAULT_LANG})
  --import <file>     a transcript (a request or response body, or a list of messages / input items) as a
                      neutral trace on stdout; exit 0 with no problems, 1 with problems (listed on stderr),
                      2 when it cannot be imported (why on stderr, nothing on stdout)
  --format <format>   the transcript's format (default: detected)`;

/** What the command was asked to do. */
type Options =
  | { readonly scenario: ScenarioId | null; readonly lang: Lang; readonly import?: undefined }
  | { readonly import: string; readonly format: TranscriptFormat | undefined };

/** Parse argv into options, or return the reason it cannot be parsed. */
export function parseArgs(argv: readonly string[]): Options | { error: string } {
  let scenario: ScenarioId | null = null;
  let lang: Lang = DEFAULT_LANG;
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

/** The base name of a path, so a trace never carries the directories of the machine it was made on. */
const baseName = (path: string): string => path.split(/[\\/]/).pop() || path;

/**
 * Import a transcript file: its neutral trace on stdout, what was read and any problem or note on stderr. Exit 0:
 * no problems; 1: problems; 2: not importable.
 */
function importReport(
  file: string,
  format: TranscriptFormat | undefined,
  readFile: (path: string) => string,
): CliOutput {
  let source: string;
  try {
    source = readFile(file);
  } catch {
    return { exitCode: 2, stdout: "", stderr: `cannot read ${file}\n` };
  }
  const name = baseName(file);
  const result = importTranscript(source, format, name);
  if (!result.ok) {
    const where = (e: { line?: number; column?: number; path?: string }) =>
      e.line !== undefined ? ` (line ${e.line}, column ${e.column})` : e.path ? ` at ${e.path}` : "";
    const tried = result.format === null ? "" : ` (read as ${formatName(result.format)})`;
    const lines = result.errors.map((e) => `${name}${tried}: ${e.message}${where(e)}\n`);
    if (result.more > 0)
      lines.push(`${name}: ${chapters[TOOLING_LANG].importing.more(result.more)} (${MAX_ERRORS} shown)\n`);
    return { exitCode: 2, stdout: "", stderr: lines.join("") };
  }
  const { importing } = chapters[TOOLING_LANG];
  const read = `${name}: read ${importing.summary(result.summary, formatName(result.format))}\n`;
  return {
    exitCode: result.problems.length === 0 ? 0 : 1,
    stdout: `${JSON.stringify(
      {
        format: result.format,
        summary: result.summary,
        problems: result.problems,
        notes: result.notes,
        trace: result.trace,
      },
      null,
      2,
    )}\n`,
    stderr: [
      read,
      ...result.problems.map((p) => `${name}: step ${p.step}: ${p.kind} (${p.callId}): ${importing.problem(p)}\n`),
      ...result.notes.map((n) => `${name}: step ${n.step}: note: ${importing.note(n)}\n`),
    ].join(""),
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
    report = demoReport(catalogs[options.lang].report);
  } else {
    report = traceReport(options.scenario, options.lang);
  }
  return { exitCode: 0, stdout: `${JSON.stringify(report, null, 2)}\n`, stderr: "" };
}
