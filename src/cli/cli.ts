/** The demo command's logic, kept apart from the process so tests can call it. */
import { type ParseArgsConfig, parseArgs as parseArgv } from "node:util";
import { catalogs, DEFAULT_LANG, isLang, LANGS, runs, type Story, storyCatalog, TOOLING_LANG } from "../content";
import type { Lang } from "../content/languages";
import { defined, demoReport, type Step, selfTest, TRACE_VERSION, type Trace } from "../engine";
import { problemLine } from "../figure";
import { resolveSource } from "../figure/source";
import {
  FORMAT_IDS,
  type FormatId,
  formatName,
  isFormatId,
  isWritableFormatId,
  WRITABLE_FORMATS,
  type WritableFormatId,
  writtenName,
} from "../formats";
import { CHECK_PROVIDERS, type CheckProvider, checkReplay, isCheckProvider, verdictModels } from "../formats/check";
import { type ImportResult, importTranscript, MAX_ERRORS } from "../formats/import";
import { additionsIn, lossesIn } from "../formats/loss";
import { informs } from "../formats/note-kinds";
import { wireFile } from "../formats/wire";
import { isScenarioId, SCENARIO_IDS, type ScenarioId } from "../scenarios/ids";
import { stepPacker } from "../trace-format/compact";
import { CLI_LOADERS } from "./loaders";
import { DEFAULT_MASTERY, packageFigure } from "./scorm";

type TranscriptFormat = FormatId;
const isFormat = isFormatId;

const USAGE = `usage: npm run --silent demo [-- [--scenario ${SCENARIO_IDS.join("|")}] [--lang ${LANGS.join("|")}]]
       npm run --silent demo -- --import FILE [--format ${FORMAT_IDS.join("|")}]
       npm run --silent demo -- --figure FILE [--lang ${LANGS.join("|")}]
       npm run --silent demo -- (--scenario ID | --figure FILE | --import FILE) --export ${WRITABLE_FORMATS.map((f) => f.id).join("|")}
       npm run --silent demo -- --check FILE --for ${CHECK_PROVIDERS.join("|")}
       npm run --silent demo -- --show FILE [--lang ${LANGS.join("|")}] [--step N] [--json]
       npm run --silent demo -- --scorm OUT.zip [--scenario ID | --figure FILE] [--lang ${LANGS.join("|")}] [--mastery N]
  (no flags)          the teaching experiment's report, as the chapter's script prints it
  --scenario <id>     the step trace of a scenario, as JSON
  --figure <file>     the step trace of a figure file (docs/authoring.md), as JSON; exit 2 and its problems,
                      each at its line and column, on stderr when it cannot be read
  --lang <${LANGS.join("|")}>      language of labels and keys (default ${DEFAULT_LANG})
  --import <file>     a transcript (a request or response body, or a list of messages / input items) as a
                      neutral trace on stdout; exit 0 with no problems, 1 with problems (listed on stderr),
                      2 when it cannot be imported (why on stderr, nothing on stdout)
  --format <format>   the transcript's format (default: detected)
  --export <format>   the whole run in that format on stdout (a Claude Code log as JSON Lines); what the
                      file leaves out is listed on stderr
  --scorm <out.zip>   a SCORM 1.2 package of the scenario (default f22) or figure file, for an LMS (from dist/:
                      run npm run build first)
  --mastery <0-100>   with --scorm: the score a learner needs to pass (default: the figure file's
                      course.mastery, else ${DEFAULT_MASTERY})
  --show <file>       any run --import reads, told as the figure tells it: each step's title, caption,
                      tool result, notes and problems, then the outcome; --step N: that step alone;
                      --json: one object {steps: [{number, title, caption, result, notes, problems}], outcome}
  --check <file>      would a request made of this history be accepted by the provider named by --for?
                      exit 0 if so; exit 1 and one line per problem, RULE_ID at PATH: explanation
  --help, -h          this usage, on stdout`;

/** What the command was asked to do. */
type Options =
  | { readonly check: string; readonly provider: CheckProvider; readonly import?: undefined }
  | {
      readonly show: string;
      readonly lang: Lang;
      readonly step: number | null;
      readonly json: boolean;
      readonly import?: undefined;
    }
  | {
      readonly scenario: ScenarioId | null;
      readonly figure?: string;
      readonly scorm?: string;
      readonly mastery?: number;
      readonly lang: Lang;
      readonly import?: undefined;
      readonly export?: WritableFormatId;
    }
  | { readonly import: string; readonly format: TranscriptFormat | undefined; readonly export?: WritableFormatId };

/** The flags, each taking a value (node:util's parseArgs reads them), and --help. */
const FLAGS = {
  scenario: { type: "string" },
  figure: { type: "string" },
  scorm: { type: "string" },
  mastery: { type: "string" },
  lang: { type: "string" },
  import: { type: "string" },
  format: { type: "string" },
  export: { type: "string" },
  check: { type: "string" },
  for: { type: "string" },
  show: { type: "string" },
  step: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const satisfies ParseArgsConfig["options"];

/** Why node:util's parseArgs refused argv, as this command says it: the first argument it cannot take. */
function refusal(error: unknown, argv: readonly string[]): string {
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? "";
    const name = arg.startsWith("--") ? arg.slice(2).split("=")[0] : arg === "-h" ? "help" : "";
    if (name === undefined || !Object.hasOwn(FLAGS, name)) return `unknown argument: ${arg}`;
    if (FLAGS[name as keyof typeof FLAGS].type === "boolean" || arg.includes("=")) continue;
    const value = argv[i + 1];
    if (value === undefined || value.startsWith("-")) return `${arg} needs a value`;
    i += 1;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Parse argv into options, or return the reason it cannot be parsed (or that the usage was asked for). */
export function parseArgs(argv: readonly string[]): Options | { help: true } | { error: string } {
  let values: { readonly [K in keyof typeof FLAGS]?: (typeof FLAGS)[K]["type"] extends "boolean" ? boolean : string };
  try {
    ({ values } = parseArgv({ args: [...argv], options: FLAGS, strict: true, allowPositionals: false }));
  } catch (error) {
    return { error: refusal(error, argv) };
  }
  if (values.help === true) return { help: true };
  const { import: file, figure, scorm, check } = values;
  if (values.for !== undefined && !isCheckProvider(values.for))
    return { error: `unknown provider: ${values.for} (one of ${CHECK_PROVIDERS.join(", ")})` };
  const provider = values.for;
  if (values.export !== undefined && !isWritableFormatId(values.export))
    return {
      error: isFormat(values.export)
        ? `${formatName(values.export)} is read, not written: an agent writes its own log; --export takes ${WRITABLE_FORMATS.map((f) => f.id).join(", ")}`
        : `unknown format: ${values.export}`,
    };
  const exported = values.export;
  if (values.format !== undefined && !isFormat(values.format)) return { error: `unknown format: ${values.format}` };
  const format = values.format;
  if (values.scenario !== undefined && !isScenarioId(values.scenario))
    return { error: `unknown scenario: ${values.scenario}` };
  const scenario = values.scenario ?? null;
  if (values.lang !== undefined && !isLang(values.lang)) return { error: `unknown language: ${values.lang}` };
  const lang = values.lang ?? DEFAULT_LANG;
  if (values.show !== undefined || values.step !== undefined || values.json !== undefined) {
    if (values.show === undefined) return { error: "--step and --json go with --show" };
    if (
      file !== undefined ||
      figure !== undefined ||
      scenario !== null ||
      exported !== undefined ||
      format !== undefined ||
      scorm !== undefined ||
      check !== undefined
    )
      return { error: "--show FILE takes only --lang, --step and --json" };
    const step = values.step === undefined ? null : /^\d{1,9}$/.test(values.step) ? Number(values.step) : 0;
    if (step === 0) return { error: `--step takes a step's number (1 or more), not ${values.step}` };
    return { show: values.show, lang, step, json: values.json === true };
  }
  if (check !== undefined || provider !== undefined) {
    if (check === undefined || provider === undefined) return { error: "--check and --for go together" };
    if (
      file !== undefined ||
      figure !== undefined ||
      scenario !== null ||
      exported !== undefined ||
      format !== undefined
    )
      return { error: "--check FILE --for PROVIDER takes no other flag" };
    return { check, provider };
  }
  const also = defined({ export: exported });
  if ([file, figure, scenario ?? undefined].filter((given) => given !== undefined).length > 1)
    return { error: "--scenario, --figure and --import do not go together" };
  if (file !== undefined) {
    return { import: file, format, ...also };
  }
  if (format !== undefined) return { error: "--format goes with --import" };
  if (exported !== undefined && scenario === null && figure === undefined)
    return { error: "--export goes with --scenario, --figure or --import" };
  if (scorm !== undefined && exported !== undefined) return { error: "--scorm and --export do not go together" };
  let mastery: number | undefined;
  if (values.mastery !== undefined) {
    if (scorm === undefined) return { error: "--mastery goes with --scorm" };
    mastery = /^\d{1,3}$/.test(values.mastery) ? Number(values.mastery) : Number.NaN;
    if (!(mastery >= 0 && mastery <= 100))
      return { error: `--mastery takes a whole number from 0 to 100, not ${values.mastery}` };
  }
  return {
    scenario,
    lang,
    ...defined({ figure, scorm, mastery }),
    ...also,
  };
}

/** The JSON a scenario run prints: the trace, told as the figure tells it (the scenario's story, then each step). */
export async function traceReport(id: ScenarioId, lang: Lang): Promise<unknown> {
  const { trace, story } = await builtin(id, lang);
  return storyReport(trace, story, lang);
}

/** Built-in `id` in `lang`, through the one resolver. */
async function builtin(id: ScenarioId, lang: Lang): Promise<{ readonly trace: Trace; readonly story: Story }> {
  const resolved = await resolveSource({ kind: "builtin", id }, lang, CLI_LOADERS);
  if (resolved.status !== "shown") throw new Error(`built-in ${id} could not be shown`);
  return resolved;
}

/** The JSON a run prints: its trace, told in its story's words. */
function storyReport(trace: Trace, story: Story, lang: Lang): unknown {
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
  /** Everything printed on stdout (for a large import, joined from {@link CliOutput.chunks} when read). */
  readonly stdout: string;
  readonly stderr: string;
  /** stdout in pieces, when it is large: the process writes them as they come, never holding the whole text. */
  readonly chunks?: () => Iterable<string>;
}

/** A printed output made of pieces: written piece by piece, or joined when a caller reads `stdout`. */
function chunked(exitCode: number, chunks: () => Iterable<string>, stderr: string): CliOutput {
  return {
    exitCode,
    stderr,
    chunks,
    get stdout() {
      return [...chunks()].join("");
    },
  };
}

/** The base name of a path, so a trace never carries the directories of the machine it was made on. */
const baseName = (path: string): string => path.split(/[\\/]/).pop() || path;

/** How `byLine` lays out a key: its list one item per line, or its object the same way, one key per line. */
type Layout = { readonly [key: string]: "list" | Layout };

const isIterable = (value: unknown): value is Iterable<unknown> =>
  typeof value === "object" && value !== null && Symbol.iterator in value;

/**
 * A JSON object printed with one key per line and each list `layout` names one item per line, every item compact:
 * as readable as a diff wants, about as small as compact JSON, and written item by item (a list may be an
 * iterable that makes its items as they are written).
 */
function* byLine(object: Readonly<Record<string, unknown>>, layout: Layout, depth = 1): Generator<string> {
  const indent = "  ".repeat(depth);
  yield "{";
  for (const [i, [key, value]] of Object.entries(object).entries()) {
    const name = `${i === 0 ? "" : ","}\n${indent}${JSON.stringify(key)}: `;
    const shape = layout[key];
    if (shape === "list" && isIterable(value)) {
      let first = true;
      yield `${name}[`;
      for (const item of value) {
        yield `${first ? "" : ","}\n${indent}  ${JSON.stringify(item)}`;
        first = false;
      }
      yield first ? "]" : `\n${indent}]`;
    } else if (typeof shape === "object" && typeof value === "object" && value !== null) {
      yield name;
      yield* byLine(value as Readonly<Record<string, unknown>>, shape, depth + 1);
    } else yield `${name}${JSON.stringify(value)}`;
  }
  yield depth === 1 ? "\n}\n" : `\n${"  ".repeat(depth - 1)}}`;
}

/** The import report's layout: its problems and notes, and its trace's messages and steps, one per line. */
const IMPORT_LAYOUT: Layout = { problems: "list", notes: "list", trace: { messages: "list", steps: "list" } };

/** A trace's steps in the compact form, packed one at a time. */
function* packedSteps(trace: Trace): Generator<unknown> {
  const packer = stepPacker(trace.messages);
  for (const step of trace.steps) yield packer.pack(step);
}

/** An import that worked, or the output that says why not. */
type Imported =
  | { readonly ok: true; readonly result: Extract<ImportResult, { ok: true }>; readonly name: string }
  | { readonly ok: false; readonly output: CliOutput };

/** Read and import a transcript file. */
function importFile(file: string, format: TranscriptFormat | undefined, readFile: (path: string) => string): Imported {
  let source: string;
  try {
    source = readFile(file);
  } catch {
    return { ok: false, output: { exitCode: 2, stdout: "", stderr: `cannot read ${file}\n` } };
  }
  const name = baseName(file);
  const result = importTranscript(source, format, name);
  if (result.ok) return { ok: true, result, name };
  const where = (e: { line?: number; column?: number; path?: string }) =>
    e.line !== undefined ? ` (line ${e.line}, column ${e.column})` : e.path ? ` at ${e.path}` : "";
  const tried = result.format === null ? "" : ` (read as ${formatName(result.format)})`;
  const lines = result.errors.map((e) => `${name}${tried}: ${e.message}${where(e)}\n`);
  if (result.more > 0) lines.push(`${name}: ${runs[TOOLING_LANG].importing.more(result.more)} (${MAX_ERRORS} shown)\n`);
  return { ok: false, output: { exitCode: 2, stdout: "", stderr: lines.join("") } };
}

/**
 * An imported transcript's report: its neutral trace on stdout in the compact form (docs/trace-format.md, version
 * 2), what was read and any problem or note on stderr. Exit 0: no problems; 1: problems.
 */
function importReport(imported: Extract<Imported, { ok: true }>): CliOutput {
  const { result, name } = imported;
  const { importing } = runs[TOOLING_LANG];
  const read = `${name}: read ${importing.summary(result.summary, formatName(result.format))}\n`;
  const stderr = [
    read,
    ...result.problems.map((p) => `${name}: step ${p.step}: ${p.kind} (${p.callId}): ${importing.problem(p)}\n`),
    ...result.notes.map((n) => `${name}: step ${n.step}: note: ${importing.note(n)}\n`),
  ].join("");
  const report = {
    format: result.format,
    summary: result.summary,
    problems: result.problems,
    notes: result.notes,
    // The compact form (version 2), each step packed as it is written.
    trace: { ...result.trace, version: TRACE_VERSION, steps: { [Symbol.iterator]: () => packedSteps(result.trace) } },
  };
  return chunked(result.problems.length === 0 ? 0 : 1, () => byLine(report, IMPORT_LAYOUT), stderr);
}

/**
 * A run written in `format`: the transcript on stdout (a Claude Code log as JSON Lines, as Claude Code writes it),
 * on stderr what the file leaves out, what its writer adds, and what its provider would still refuse, one line each.
 */
function exportReport(trace: Trace, format: WritableFormatId, before = ""): CliOutput {
  const stdout = wireFile(format, trace, "run").text;
  const { exportReport: exporting } = runs[TOOLING_LANG];
  const name = writtenName(format);
  const losses = lossesIn(format, trace);
  const additions = additionsIn(format, trace);
  const refusals = isCheckProvider(format) ? checkReplay(trace, format) : [];
  const lines = [
    ...(losses.length === 0
      ? [`${exporting.noLoss(name)}\n`]
      : [`${exporting.lossHeading(name)}\n`, ...losses.map((loss) => `  ${exporting.loss(loss)}\n`)]),
    ...(additions.length === 0
      ? []
      : [`${exporting.additionHeading(name)}\n`, ...additions.map((added) => `  ${exporting.addition(added)}\n`)]),
    ...(refusals.length === 0
      ? []
      : [
          `${exporting.refusedHeading(name, refusals.length)}\n`,
          ...refusals.map((p) => `  ${p.rule} at ${p.path}: ${p.explanation} (step ${p.step})\n`),
        ]),
  ];
  return { exitCode: 0, stdout, stderr: before + lines.join("") };
}

/** Check a transcript file for a provider: exit 0 when its rules accept a request made of it, else 1, one line per problem. */
function checkReport(file: string, provider: CheckProvider, readFile: (path: string) => string): CliOutput {
  const imported = importFile(file, undefined, readFile);
  if (!imported.ok) return imported.output;
  const { trace, format } = imported.result;
  const problems = checkReplay(trace, provider, format);
  const models = verdictModels(provider);
  const name = imported.name;
  if (problems.length === 0)
    return {
      exitCode: 0,
      stdout: `${name}: a request made of this history follows ${formatName(provider)}'s documented rules${models.length === 0 ? "" : ` (${models.join(" and ")})`}\n`,
      stderr: "",
    };
  return {
    exitCode: 1,
    stdout: problems.map((p) => `${p.rule} at ${p.path}: ${p.explanation} (step ${p.step})\n`).join(""),
    stderr: `${name}: ${problems.length} problem${problems.length === 1 ? "" : "s"} for ${formatName(provider)}\n`,
  };
}

/** One step of a run, told as the figure tells it. */
interface ToldStep {
  readonly number: number;
  readonly title: string;
  readonly caption: string;
  /** The tool result the step carries (a tool's output, or the result a model call feeds back), or null. */
  readonly result: string | null;
  readonly notes: readonly string[];
  readonly problems: readonly string[];
}

/**
 * A run any format the import reads, told in the terminal as the figure tells it, in its words for recorded runs:
 * each step's title, caption, tool result, notes (what the agent's log says) and problems, then how it ended. The
 * steps are told one at a time as they are written, so a day-long log never sits whole in a string.
 */
function showReport(
  options: { readonly show: string; readonly lang: Lang; readonly step: number | null; readonly json: boolean },
  readFile: (path: string) => string,
): CliOutput {
  const imported = importFile(options.show, undefined, readFile);
  if (!imported.ok) return imported.output;
  const { result, name } = imported;
  const { trace } = result;
  const words = runs[options.lang].importing;
  const story = words.story(
    name,
    words.summary(result.summary, formatName(result.format)),
    (result.summary.scored ?? 0) > 0 ? (result.summary.checkedBy ?? "scorer") : null,
  );
  const text = storyCatalog(catalogs[options.lang], story);
  if (options.step !== null && options.step > trace.steps.length)
    return {
      exitCode: 2,
      stdout: "",
      stderr: `${name}: --step ${options.step}: the run has ${trace.steps.length} steps\n`,
    };
  // The notes and problems by step, as the figure lists them (problems first, then notes; ℹ informs, ⚠ warns).
  const byStep = new Map<number, { notes: string[]; marks: string[]; problems: string[] }>();
  const at = (step: number) => {
    let found = byStep.get(step);
    if (found === undefined) {
      found = { notes: [], marks: [], problems: [] };
      byStep.set(step, found);
    }
    return found;
  };
  for (const problem of result.problems) at(problem.step).problems.push(words.problem(problem));
  for (const note of result.notes) {
    at(note.step).notes.push(words.note(note));
    at(note.step).marks.push(informs(note) ? "ℹ" : "⚠");
  }
  const told = (step: Step): ToldStep => ({
    number: step.number,
    title: text.stepTitle(step),
    caption: text.stepCaption(step, trace),
    result: step.toolResult?.content ?? null,
    notes: byStep.get(step.number)?.notes ?? [],
    problems: byStep.get(step.number)?.problems ?? [],
  });
  const chosen = function* (): Generator<Step> {
    if (options.step !== null) {
      const step = trace.steps[options.step - 1];
      if (step !== undefined) yield step;
    } else yield* trace.steps;
  };
  const last = trace.steps.at(-1);
  const outcome =
    last?.kind === "finish" && last.recorded !== undefined && trace.outcome !== "not_recorded"
      ? text.ui.recordedOutcome(trace.outcome === "completed", last.recorded[0]?.by ?? "scorer")
      : text.outcomes[trace.outcome];
  const stderr = `${name}: read ${runs[TOOLING_LANG].importing.summary(result.summary, formatName(result.format))}\n`;
  if (options.json) {
    const report = { steps: { [Symbol.iterator]: () => mapIterable(chosen(), told) }, outcome };
    return chunked(0, () => byLine(report, { steps: "list" }), stderr);
  }
  const lines = function* (): Generator<string> {
    for (const step of chosen()) {
      const one = told(step);
      yield `${one.number}. ${one.title}\n   ${one.caption}\n`;
      if (one.result !== null) yield `   ${indented(one.result)}\n`;
      for (const problem of one.problems) yield `   ⚠ ${problem}\n`;
      const marks = byStep.get(step.number)?.marks ?? [];
      for (const [i, note] of one.notes.entries()) yield `   ${marks[i] ?? "⚠"} ${note}\n`;
    }
    yield `${text.ui.outcome(outcome)}\n`;
  };
  return chunked(0, lines, stderr);
}

/** A result's text under its step, each of its lines indented as the step's are, with a bar before the first. */
const indented = (content: string): string => `│ ${content.replaceAll("\n", "\n   │ ")}`;

/** Each item of `items`, mapped as it is reached. */
function* mapIterable<T, U>(items: Iterable<T>, map: (item: T) => U): Generator<U> {
  for (const item of items) yield map(item);
}

/** The whole command, minus the process: parse, run, format. `readFile` reads an --import file. */
export async function runCli(
  argv: readonly string[],
  readFile: (path: string) => string = () => "",
  writeFile: (path: string, bytes: Uint8Array) => void = () => {},
  dist = "dist",
): Promise<CliOutput> {
  const options = parseArgs(argv);
  if ("help" in options) return { exitCode: 0, stdout: `${USAGE}\n`, stderr: "" };
  if ("error" in options) return { exitCode: 2, stdout: "", stderr: `${options.error}\n${USAGE}\n` };
  if ("check" in options) return checkReport(options.check, options.provider, readFile);
  if ("show" in options) return showReport(options, readFile);
  if (options.import === undefined && options.scorm !== undefined) {
    const out = options.scorm;
    try {
      const source =
        options.figure === undefined
          ? options.scenario === null
            ? {}
            : { scenario: options.scenario }
          : { figure: readFile(options.figure), name: options.figure };
      const made = await packageFigure(dist, source, options.lang, options.mastery);
      writeFile(out, made.bytes);
      return {
        exitCode: 0,
        stdout: "",
        stderr: `${out}: a SCORM 1.2 package, ${made.bytes.length} bytes, ${made.checkpoints} checkpoint${made.checkpoints === 1 ? "" : "s"}${
          made.mastery === null ? "" : `, mastery score ${made.mastery}`
        }\n${
          made.checkpoints === 0
            ? `${out}: warning: it carries no checkpoints, so the LMS gets no score and no mastery score: the reader completes it by reaching the last step (a story's checkpoints in ${options.lang} would be asked)\n`
            : ""
        }`,
      };
    } catch (error) {
      return { exitCode: 2, stdout: "", stderr: `${error instanceof Error ? error.message : String(error)}\n` };
    }
  }
  if (options.import !== undefined) {
    const imported = importFile(options.import, options.format, readFile);
    if (!imported.ok) return imported.output;
    const report = importReport(imported);
    if (options.export === undefined) return report;
    return exportReport(imported.result.trace, options.export, report.stderr);
  }
  if (options.figure !== undefined) {
    let source: string;
    try {
      source = readFile(options.figure);
    } catch (error) {
      return {
        exitCode: 2,
        stdout: "",
        stderr: `${options.figure}: ${error instanceof Error ? error.message : "cannot be read"}\n`,
      };
    }
    const opened = await resolveSource({ kind: "file", file: source }, options.lang, CLI_LOADERS);
    if (opened.status !== "shown")
      return {
        exitCode: 2,
        stdout: "",
        stderr: opened.problems.map((p) => `${options.figure}: ${problemLine(p)}\n`).join(""),
      };
    const { story } = opened;
    const warnings = [
      ...opened.warnings.map((w) => `${options.figure}: warning: ${problemLine(w)}\n`),
      ...(story.writtenIn === undefined
        ? []
        : [
            `${options.figure}: warning: its story is written in ${story.writtenIn}, not ${options.lang}: the title, lesson and checkpoints are in ${story.writtenIn}, the captions are the figure's own\n`,
          ]),
    ].join("");
    if (options.export !== undefined) {
      const exported = exportReport(opened.trace, options.export);
      return { ...exported, stderr: warnings + exported.stderr };
    }
    const report = storyReport(opened.trace, opened.story, options.lang);
    return { exitCode: 0, stdout: `${JSON.stringify(report, null, 2)}\n`, stderr: warnings };
  }
  if (options.export !== undefined && options.scenario !== null) {
    return exportReport((await builtin(options.scenario, options.lang)).trace, options.export);
  }
  let report: unknown;
  if (options.scenario === null) {
    selfTest();
    report = demoReport(catalogs[options.lang].report);
  } else {
    report = await traceReport(options.scenario, options.lang);
  }
  return { exitCode: 0, stdout: `${JSON.stringify(report, null, 2)}\n`, stderr: "" };
}
