/**
 * The shape every language catalog has. Each user-visible string lives in a catalog; a catalog entry that
 * depends on a step is a function of that step's data.
 */

import type {
  CheckResult,
  Counters,
  DoneCheck,
  FileState,
  Lane,
  LoopErrorCode,
  Message,
  Outcome,
  RecordedCheck,
  ReportWords,
  Step,
  StepKind,
  ValidationRule,
} from "../engine";
import type { CheckProblem } from "../formats/check";
import type { ImportNote, ImportProblem, ImportProgress, ImportSummary } from "../formats/import";
import type { WireFormatId } from "../formats/index";
import type { LiveEvent } from "../formats/live-facts";
import type { Addition, Loss } from "../formats/loss";
import type { FactsTrace } from "./facts";
import { type Lang, languageOf } from "./languages";

/**
 * A language's words for each kind of step: one function per kind, given the step of that kind (and, for
 * captions, its facts). A catalog writes only these; `stepWords` does the dispatch once for every language.
 */
export type StepPhrases<Facts = undefined> = {
  readonly [K in StepKind]: (step: Extract<Step, { kind: K }>, facts: Facts) => string;
};

/**
 * One trace's step words written out, a title, a caption and an arrow label per step in its order (every
 * built-in's, made at build time from the catalog and the story: src/scenarios/builtin.ts), so that a page showing a
 * built-in carries its steps' words and not the phrases for every step there can be.
 */
/** What a step changed, as the stage's box shows it. */
/**
 * What a step's change box holds, by its heading: `recorded` an evaluation's scorers' check of the task at a recorded
 * run's end, `reviewed` the agent's own reviewer's (SWE-agent's `info.review`: a model's judgment, not a test).
 */
export type ChangeKind = "task" | "context" | "call" | "checks" | "recorded" | "reviewed" | "result" | "answer" | "rpc";

export interface WrittenSteps {
  readonly titles: readonly string[];
  readonly captions: readonly string[];
  readonly arrows: readonly string[];
}

/**
 * Step words for the steps of one trace, read from what `writeSteps` wrote for it, by step number. A step of the
 * same figure in another language (its steps of the same kinds with the same call ids) reads its own step's words:
 * a page switching language can render once with one language's words and the other's trace (while hydrating, a
 * render at the hydration's priority can meet a player store that already holds the other), a frame never painted.
 * @throws {Error} for a step that is not one of this figure's (a programming error: the page gives these words to
 * this figure only).
 */
export function writtenStepWords(trace: { readonly steps: readonly Step[] }, written: WrittenSteps): StepWords {
  const at = (list: readonly string[], step: Step): string => {
    const own = trace.steps[step.number - 1];
    const words = list[step.number - 1];
    if (
      words === undefined ||
      own === undefined ||
      own.kind !== step.kind ||
      own.callIds.join() !== step.callIds.join()
    )
      throw new Error(`writtenStepWords: step ${step.number} (${step.kind}) is not one of this figure's`);
    return words;
  };
  return {
    stepTitle: (step) => at(written.titles, step),
    stepCaption: (step) => at(written.captions, step),
    arrowLabel: (step) => at(written.arrows, step),
  };
}

/** The words of a figure's steps: each step's title, caption and arrow label, functions of the step. */
export interface StepWords {
  /** "N. title" without the number. */
  readonly stepTitle: (step: Step) => string;
  /** One to three sentences: what happens, and what does not. The trace gives the step's messages. */
  readonly stepCaption: (step: Step, trace: FactsTrace) => string;
  /** The short label on the step's arrow in the diagram. */
  readonly arrowLabel: (step: Step) => string;
}

/** Everything a figure says but its steps' words: the names of its lanes, rules, states and roles, and its UI. */
export interface FigureLabels {
  /** The language, by its registry code (the registry has its name and `lang` tag: `languageOf`). */
  readonly lang: Lang;
  readonly lanes: Readonly<Record<Lane, string>>;
  readonly rules: Readonly<Record<ValidationRule, string>>;
  readonly checkResults: Readonly<Record<CheckResult, string>>;
  readonly outcomes: Readonly<Record<Outcome, string>>;
  readonly fileStates: Readonly<Record<FileState, string>>;
  /** A message's role as the context panel shows it. */
  readonly roles: Readonly<Record<Message["role"], string>>;
  /** The teaching experiment's report: its keys and disclaimer (`demoReport(catalog.report)`). */
  readonly report: ReportWords;
  /** The words of the parts that load later, when they came with these (a full catalog); else they load with them. */
  readonly later?: LaterLabels;
  readonly ui: UiText;
}

/** What a player is given to speak with: its labels and its steps' words. */
export interface FigureText extends FigureLabels, StepWords {}

/**
 * A language's catalog: its labels (`labels.<code>.ts`), its step phrases with the engine's errors
 * (`steps.<code>.ts`), which can tell any trace, and the words of the figure's later parts (`later.<code>.ts`).
 */
export interface Catalog extends FigureLabels, StepPhrasing {
  readonly later: LaterLabels;
}

/** A language's step phrases (`steps.<code>.ts`): step words for any trace, and every engine error in words. */
export interface StepPhrasing extends StepWords {
  /** Every engine error, by its code (a refusal's reason in a caption, the CLI's message). */
  readonly errors: Readonly<Record<LoopErrorCode, string>>;
}

/**
 * A scenario's own narrative in one language. The figure's kicker, title and lesson come from it, and the
 * captions of the steps where the scenario makes its point; every other step keeps the catalog's generic caption,
 * which is true for any trace.
 */
export interface Story {
  /** Its name in the scenario picker. */
  readonly name: string;
  /** The line above the title; "" for the figure's own ("Animated figure", 「动态图解」). */
  readonly kicker: string;
  readonly title: string;
  /** The one sentence the scenario teaches. */
  readonly lesson: string;
  /** The fixed input, in words. */
  readonly input: string;
  /** The captions of the steps this scenario tells in its own words, each for the step its `when` names. */
  readonly captions: readonly StoryCaption[];
  /** Questions to predict what happens next, asked at the steps they name (shown when a shell asks for them). */
  readonly checkpoints?: readonly Checkpoint[];
  /** Where to go on: built-in scenarios that take the lesson further, each with its link's words. */
  readonly next?: readonly StoryLink[];
  /**
   * When the story is another language's (the file has none in the reader's): that language. Its name, title,
   * lesson and checkpoints are in it; its captions are not used (the figure's own, in the reader's language).
   */
  readonly writtenIn?: Lang;
}

/**
 * Predict, then reveal: at the step `at` names, the reader is asked what happens next and chooses one of 3–4
 * options, exactly one of them right; the explanation, tied to what the next step shows, follows the choice.
 * Stepping past without choosing skips it.
 */
export interface Checkpoint {
  readonly at: StepMatch;
  /** A question, ending in "?" (or "？"). */
  readonly question: string;
  /** The language it is written in, when it is not the reader's (a story borrowed from another language). */
  readonly lang?: Lang;
  readonly options: readonly CheckpointOption[];
  readonly explanation: string;
}

export interface CheckpointOption {
  readonly text: string;
  readonly correct?: true;
}

/**
 * Which step a story's caption is for, by what the step is — its kind, and for a call the call_id, for a model
 * call its number — never by its position, so a caption stays on its step when a run gains or loses steps.
 */
export type StepMatch =
  | { readonly kind: "task" | "answer" | "finish" }
  | { readonly kind: "model_call"; readonly modelCall: number }
  | {
      readonly kind: "proposal" | "validation" | "execution" | "mcp_request" | "mcp_response";
      readonly callId: string;
    }
  | {
      /** Every step of this kind for a call to `tool` (a validation: refused by `refusedBy`, when given). */
      readonly kind: "validation" | "execution" | "mcp_request" | "mcp_response";
      readonly tool?: string;
      readonly refusedBy?: ValidationRule;
    };

/** A story's caption for one step. */
/** A link to another built-in scenario, in the story's words ("Two calls, results out of order →"). */
export interface StoryLink {
  /** The built-in's id (a shell that cannot open it shows no link). */
  readonly scenario: string;
  readonly text: string;
}

export interface StoryCaption {
  readonly when: StepMatch;
  readonly text: string;
  /** The step's title in the story's words (a recorded run's steps named as the lesson names them). */
  readonly title?: string;
}

/** Whether `step` is the one `when` names (a task, answer or finish caption is for every step of that kind). */
export function stepMatches(step: Step, when: StepMatch): boolean {
  if (step.kind !== when.kind) return false;
  if ("modelCall" in when) return step.kind === "model_call" && step.modelCall === when.modelCall;
  if ("callId" in when) return step.callIds.includes(when.callId);
  if ("tool" in when || "refusedBy" in when) {
    if (!("call" in step)) return false;
    if (when.tool !== undefined && step.call.name !== when.tool) return false;
    if (when.refusedBy === undefined) return true;
    return (
      step.kind === "validation" &&
      step.verdict === "refused" &&
      step.checks.some((c) => c.rule === when.refusedBy && c.result === "failed")
    );
  }
  return true;
}

/**
 * What only the figure's parts that load a moment after it say: its full panels (Context, Call ID, Tool result), its
 * drawer's Format view and token note, the inner loop's panel, a checkpoint's box and a figure file's problems
 * (`later.<code>.ts`). A full
 * catalog carries them (`Catalog.later`); the chapter page, whose first load holds only the labels, leaves them out,
 * and those parts load them as they first render (src/player/later.ts).
 */
/**
 * What a run's overview marks, each in a row of its own: a tool's error, a call refused (by the host's check, the
 * agent, or the user), a call cancelled or aborted, a warning (a pairing problem, a warning note), a retry, a
 * compaction of the context, a note worth seeing (src/player/overview.ts works them out).
 */
export const MARK_KINDS = ["error", "refused", "stopped", "warning", "retry", "compaction", "note"] as const;
export type MarkKind = (typeof MARK_KINDS)[number];

/** Who made an error result, as the record says (`unsaid`: it does not). */
export type ErrorBy = "tool" | "host" | "user" | "unsaid";

/** The words of a run's overview (src/player/components/RunOverview.tsx). */
export interface OverviewLabels {
  readonly heading: string;
  /** The summary line beside the heading: model calls, tool calls, problems. */
  readonly glance: (modelCalls: number, toolCalls: number, problems: number) => string;
  /** The strip's name, as a slider over the run's rounds. */
  readonly position: string;
  /** The strip's value: the step, its round, and what is marked at the step. */
  readonly positionText: (
    step: number,
    steps: number,
    round: number,
    rounds: number,
    kinds: readonly MarkKind[],
  ) => string;
  /** Each row's name. */
  readonly kinds: Readonly<Record<MarkKind, string>>;
  readonly rounds: string;
  readonly matches: string;
  readonly problemGroup: string;
  readonly prevProblem: string;
  readonly nextProblem: string;
  readonly roundGroup: string;
  readonly prevRound: string;
  readonly nextRound: string;
  /** The same-tool group's name: the current step's tool, or none at this step. */
  readonly toolGroup: (name: string | null) => string;
  readonly prevTool: (name: string) => string;
  readonly nextTool: (name: string) => string;
  /** The keys, as the keys line says them. */
  readonly keys: string;
  readonly find: string;
  /** The Find box's hint, while it is empty: its name and what it looks through. */
  readonly findPlaceholder: string;
  /** Where the find is: the `at`-th of `count` matches (0: before the first). */
  readonly findCount: (at: number, count: number) => string;
  readonly findNone: string;
  readonly findSearching: string;
  readonly summary: string;
  readonly modelCalls: (count: number) => string;
  readonly toolCalls: (count: number) => string;
  readonly toolCount: (name: string, count: number) => string;
  readonly moreTools: (count: number) => string;
  readonly errorsBy: (by: ErrorBy, count: number) => string;
  readonly kindCount: (kind: MarkKind, count: number) => string;
  readonly noProblems: string;
  readonly ended: (outcome: string) => string;
}

export interface LaterLabels {
  readonly contextHeading: string;
  readonly contextEmpty: string;
  /** After the last pair's id at a step with no call in play: that id is an earlier step's, not this one's. */
  readonly callIdEarlier: string;
  /** That word's longer form, on pointing at it. */
  readonly callIdEarlierTitle: string;
  readonly noneYet: string;
  /** The part of the context panel that lists the tools declared to the model. */
  readonly toolsDeclared: string;
  /** A declared tool the provider runs or defines itself, listed by its name and its type. */
  readonly builtInTool: (name: string, type: string) => string;
  /**
   * At a model call: messages added, their estimated tokens, the whole context's estimated tokens; `unrecorded`, the
   * texts in the context whose record did not hold them (telemetry without content), which no estimate counts.
   */
  readonly contextAdded: (messages: number, tokens: number, total: number, unrecorded: number) => string;
  /** At other steps: the estimated tokens of the context the model last received, and its unrecorded texts. */
  readonly contextSize: (total: number, unrecorded: number) => string;
  /** How the token estimates are made. */
  readonly tokenMethod: string;
  readonly innerLoopHeading: string;
  readonly innerLoopNote: (tokens: number) => string;
  readonly innerLoopIdle: string;
  readonly innerLoopTokens: string;
  /** A button that mounts `count` more of the `hidden` earlier context messages. */
  readonly earlierMessages: (count: number, hidden: number) => string;
  /** The figure's own drawer: the request format and how tokens are counted. */
  readonly figureTools: string;
  /** The drawer's name where it holds the run's overview too (a run no longer than a screen). */
  readonly figureToolsOverview: string;
  /**
   * Above the Format view of a long context: the request shown is made of the system messages and the newest
   * `shown` of the context's `total` messages; the host's request at this step holds them all.
   */
  readonly wireExcerpt: (shown: number, total: number) => string;
  /** The context panel's format switch. */
  readonly format: string;
  /** The figure's own (neutral) format in the switch; the providers' formats go by their own names. */
  readonly neutralFormat: string;
  /** Under a provider's format: what the JSON is, and what in it is the figure's (placeholders, ids). */
  readonly wireNote: { readonly [Format in WireFormatId]: string };
  readonly wireLoading: string;
  readonly wireFailed: string;
  /** A checkpoint (predict, then reveal): its kicker, the hint before a choice, the marks on the options. */
  readonly checkpointKicker: string;
  readonly checkpointHint: string;
  readonly checkpointYours: string;
  readonly checkpointRightOption: string;
  /** The marks after an option, in the language's parentheses. */
  readonly checkpointMarks: (marks: readonly string[]) => string;
  /** A checkpoint the reader stepped past before choosing: it counts as unanswered. */
  readonly checkpointSkipped: (explanation: string) => string;
  /** A figure file's problems, where the figure would be (the heading stays with the labels). */
  /** The heading where nothing could be read (a file not loaded, a damaged link): the reader is told why below it. */
  readonly figureUnread: string;
  /** What the author can do: fix the file at the places listed (each problem is said in English, as tools say it). */
  readonly figureProblemsNote: string;
  /** What a reader of an embedded figure (a learner, most often) is told when its file cannot be shown. */
  readonly figureBrokenForReaders: string;
  /** The note to the file's author that follows it, before the problems. */
  readonly figureProblemsForAuthor: string;
  /** Where a problem is in the file's text. */
  readonly problemPlace: (line: number, column: number) => string;
  /** Where a problem of the whole file is (its path is empty). */
  readonly theFile: string;
  /** How many more problems there were than are listed. */
  readonly moreProblems: (count: number) => string;
}

/** The player's own words. */
export interface UiText {
  readonly figureKicker: string;
  readonly figureTitle: string;
  /** The one sentence the figure teaches. */
  readonly figureLesson: string;
  /**
   * The language the kicker, title and lesson are written in, as an HTML `lang` tag, when it is not the reader's
   * (a story written in one language, read in another); "" when they are the reader's.
   */
  readonly figureWordsLang: string;
  /** What the reader is told when the story is in another language ("" when it is not). */
  readonly figureStoryNote: string;
  /** The story's links onward (none for the figure's own words: a story gives them). */
  readonly figureNext: readonly StoryLink[];
  /** The words before them, naming the group of links. */
  readonly goOn: string;
  /** The story is written in `language` (its name in the registry), not the reader's: the captions are generic. */
  readonly storyElsewhere: (language: string) => string;
  /** The visible mark after a title in another language: the language's name. */
  readonly languageMark: (language: string) => string;
  /** The figure's accessible name from a kicker and a title. */
  readonly nameFigure: (kicker: string, title: string) => string;
  readonly nameDialog: (kicker: string) => string;
  readonly nameAllSteps: (kicker: string) => string;
  /** The player's accessible name. */
  readonly figureLabel: string;
  readonly keysActive: string;
  readonly diagramLabel: string;
  readonly lanesLabel: string;
  readonly actingLane: string;
  /** The mark where a round of the outer loop begins (at each model call): "round 2". */
  readonly round: (n: number) => string;
  /** The tag on the model's final reply: what it says is a claim, which the host still checks. */
  readonly claimTag: string;
  readonly prev: string;
  readonly next: string;
  readonly play: string;
  readonly pause: string;
  readonly replay: string;
  readonly counter: (n: number, total: number) => string;
  readonly counterLabel: (n: number, total: number) => string;
  readonly dwell: string;
  readonly dwellValue: (seconds: number) => string;
  /** The dwell before the reader chooses one: at least this, longer for a step with long words. */
  /** While playing: how long this step stays (seconds), and whether that is its words' reading time, not the dwell. */
  readonly dwellNow: (seconds: number, reading: boolean) => string;
  readonly dwellAtLeast: (seconds: number) => string;
  readonly announce: (n: number, total: number, title: string) => string;
  /** Said after a step's announcement when the shell gave that step warnings or notes: how many of each (see `notes`). */
  readonly announceWarnings: (warnings: number, notes: number) => string;
  /**
   * What a step changes, after its title in the announcement: what travels along its arrow (its label) and the
   * call ids it carries, so that a listener hears the payload a sighted reader sees move.
   */
  readonly announceChange: (label: string, callIds: readonly string[]) => string;
  /** How the run ended, announced at its last step. */
  readonly announceOutcome: (outcome: string) => string;
  /** The name of the list of warnings at the current step, and of a row's warning mark. */
  readonly warningsLabel: string;
  /** The name of a step's notes that inform rather than warn (the tokens used, who made an error). */
  readonly notesLabel: string;
  readonly callIdHeading: string;
  readonly resultHeading: string;
  readonly enlarge: string;
  readonly close: string;
  readonly dialogLabel: string;
  readonly language: string;
  readonly controlsLabel: string;
  readonly printStepsHeading: string;
  /** A message's direction between two lanes, in words. */
  readonly edge: (from: string, to: string) => string;
  /** Marks the messages the host appended to the context at this step. */
  readonly newInContext: string;
  readonly replayed: string;
  readonly checksHeading: string;
  /** The stage's box of what this step changed: its name, and its heading for each kind of change. */
  readonly changedLabel: string;
  readonly changeHeadings: Readonly<Record<ChangeKind, string>>;
  /** On the host's lane at the finish row, read out: how many of the host's checks held. */
  readonly rowChecks: (held: number, total: number) => string;
  /** Between a host rule's name and its result, in the language's punctuation. */
  readonly ruleColon: string;
  /** The button under a step's first sentence that shows the rest of its caption (the practitioner's detail). */
  readonly captionDetails: string;
  /** Beside Present on a screen too short for the stage, where presenter mode fits the figure to it. */
  readonly presentShort: string;
  /** Next's first word on a phone's bar while the question waits (its whole name is still the next line's). */
  readonly skip: string;
  /** Next's words while the step's checkpoint question waits for an answer. */
  readonly skipQuestion: string;
  /** The heading of the finish step's list: the host's own checks of the environment. */
  readonly doneChecksHeading: string;
  /** One of those checks, in words. */
  readonly doneCheck: (check: DoneCheck) => string;
  /**
   * Whether it held, in words, after the check's (with the language's separator; a mark goes with it); `neverRan`:
   * the tool a check that did not hold is about, when the run never ran it (null otherwise).
   */
  readonly doneCheckHeld: (held: boolean, neverRan: string | null) => string;
  /** Where its evidence is: the step whose result it is. */
  readonly evidenceAt: (step: number) => string;
  /** A check of the task a run's log records (an evaluation's scorer): who made it, the value it gave, the target. */
  readonly recordedCheck: (check: RecordedCheck) => string;
  /** Its verdict, after it (with the language's separator): passed, failed, or a score with no pass mark (null). */
  readonly recordedVerdict: (passed: boolean | null) => string;
  /** Before the answer the check read, and before its explanation, as the log records them. */
  readonly recordedAnswer: string;
  readonly recordedExplanation: string;
  /** On the host's lane at the finish row, read out: how many of the log's recorded checks passed. */
  readonly rowRecorded: (passed: number, total: number, by: RecordedCheck["by"]) => string;
  /** Beside the last step's title: how a run whose log records a verdict ended, by that verdict. */
  readonly recordedOutcome: (passed: boolean, by: RecordedCheck["by"]) => string;
  /** The last row of a replayed call's checks: the operation already ran, and its recorded result answers. */
  readonly answeredFromRecord: string;
  /**
   * Model calls n / budget, tool executions, simulated writes; for a run with no budget (an imported transcript),
   * only what it records: model calls and tool results.
   */
  readonly counters: (counters: Counters, budget: number | null) => string;
  /** The mark on the model's reasoning (thinking) in a message; and what stands for reasoning sent encrypted. */
  readonly partReasoning: string;
  readonly partRedacted: string;
  /** A placeholder for an image, audio, a document or a file, by its type. */
  readonly partMedia: (media: string) => string;
  readonly partRefusal: string;
  /** A tool the provider ran inside the model call (not the host), and what it returned. */
  readonly partProviderTool: (name: string) => string;
  readonly partProviderResult: (name: string) => string;
  /** A block or item of a type the figure does not know, by that type. */
  readonly partOther: (type: string) => string;
  readonly outcome: (label: string) => string;
  /** A call_id chip's accessible name: the id, and what pressing it does. */
  readonly threadLabel: (callId: string) => string;
  readonly innerLoop: string;
  /** The context box's fold: `n` messages above what it shows (scrolled away, or not yet loaded). */
  readonly earlierFold: (n: number) => string;
  /** A long run's diagram, scrolled on: the steps above its box (first–last), on the button that shows them. */
  readonly rowsAbove: (first: number, last: number) => string;
  /** That button's name, for a screen reader: what pressing it does. */
  readonly rowsAboveLabel: (first: number, last: number) => string;
  /** In place of a checkpoint step's caption until the question is answered or stepped past (it would tell). */
  readonly checkpointCaptionWaits: string;
  /** The verdict, said once (the live region) and shown: right or not, then the explanation. */
  readonly checkpointVerdict: (right: boolean, explanation: string) => string;
  /** A figure file that cannot be shown: the heading of its problems, shown where the figure would be. */
  readonly figureProblems: string;
  /** While a figure file loads. */
  readonly figureLoading: string;
  /** A figure file's URL that could not be fetched (for the reader), or that names another origin. */
  readonly figureFetchFailed: string;
  readonly figureOtherOrigin: string;
  /** For the author: what the URL gave instead of the figure file (its address, the status or the page). */
  readonly fetchFailure: (failure: FetchFailure) => string;
  /** A share link whose figure does not decode (cut short, altered). */
  readonly shareDamaged: string;
  /** A share link longer than any the authoring page makes. */
  readonly shareTooLong: string;
  /** A cut text's button: show all `length` characters, or cut it again. */
  readonly showAll: (length: number) => string;
  readonly showLess: string;
  /** At an MCP hop: the host's mapping between its JSON-RPC request id and the model's call_id. */
  readonly rpcMapping: (rpcId: string, callId: string) => string;
  /** Above the hop's JSON-RPC message. */
  readonly rpcMessage: (direction: "request" | "response") => string;
}

/**
 * Why a URL gave no file (src/figure/source.ts finds it, `ui.fetchFailure` says it): the server's error status; a
 * web page where a file was expected (what a site behind a login answers a request that came without its session
 * cookie, after redirecting it to its login page); no answer at all; or, for the page's own code, a script that
 * came but did not run.
 */
export type FetchFailure =
  | { readonly kind: "status"; readonly url: string; readonly status: number }
  | { readonly kind: "page"; readonly url: string; readonly redirectedTo: string | null }
  /** No answer: the network, or (`crossOrigin`) a server on another origin that does not let the page read it. */
  | { readonly kind: "network"; readonly url: string; readonly crossOrigin: boolean }
  /** A script that arrived whole but did not run as the page's code (from another build, or cut short). */
  | { readonly kind: "script"; readonly url: string };

/** The chapter page's words for what changes with the figure shown, and for its controls. */
export interface PageText {
  readonly title: string;
  readonly conditionsHeading: string;
  /** What holds for every built-in, after its fixed input (its story's `input`). */
  readonly conditionsNote: string;
  /** The scenario picker's label. */
  readonly scenario: string;
  /** The switch that asks the scenario's checkpoints (predict, then reveal) at their steps. */
  readonly checkpoints: string;
  /** A link named a scenario that does not exist; `shown` is the name of the one shown instead. */
  readonly scenarioProblem: (shown: string) => string;
  /** A link asked for a step that does not exist. Says what was wrong without echoing the link's text. */
  readonly stepLinkProblem: (problem: "not_a_number" | "out_of_range", total: number, shown: number) => string;
  /** The button that opens the transcript panel. */
  readonly openTranscript: string;
  /** The drawer after the figure that holds the scenario picker, transcript loading and export. */
  readonly toolsHeading: string;
  readonly exporting: ExportText;
}

/**
 * The chapter page's prose: what never changes with the figure shown. Pre-rendered into the built page, and loaded
 * only for a language the reader switches to.
 */
export interface ChapterProse {
  readonly guideHeading: string;
  readonly guide: readonly string[];
  readonly question: string;
  readonly loopsNote: string;
  readonly glossaryHeading: string;
  readonly glossary: readonly { readonly term: string; readonly definition: string }[];
  readonly narrowHint: string;
  readonly playerHint: string;
  readonly panels: readonly { readonly heading: string; readonly body: string }[];
  readonly runHeading: string;
  /** Names the chapter's script and how it is run, and says that the command below runs this project's port. */
  readonly runNote: string;
  /** The command that prints the sample output shown on this page, in this language. */
  readonly runCommand: string;
  readonly codeHeading: string;
  readonly codeNote: string;
  readonly outputHeading: string;
  readonly outputNote: string;
}

/**
 * The chapter page's words for recorded runs, loaded when one is needed (the transcript panel, a run loaded by
 * link, an export's report), not with the page.
 */
export interface RunText {
  /** A long list (a transcript's problems) shows its first items and a button for the next `next` of `left`. */
  readonly showMore: (next: number, left: number) => string;
  readonly importing: ImportText;
  readonly exportReport: ExportReportText;
  readonly viewer: ViewerText;
}

/** The viewer's own words (`agent-loop-figure view`): the runs it was given, each shown as its file changes. */
export interface ViewerText {
  readonly title: string;
  /** The picker's label, when it was given several runs. */
  readonly pick: string;
  /** Said as the run's file is read again. */
  readonly reading: (name: string) => string;
  /** The run is shown as its file is now; `time` is when it last changed. */
  readonly following: (name: string, time: string) => string;
  /** The file changed to something that cannot be shown yet: the last version that could is shown. */
  readonly stale: (name: string) => string;
  /**
   * A live viewer before anything has come: through the proxy (`live`), at the OTLP receiver (`--otlp`), or either.
   */
  readonly waiting: (through: { readonly proxy: boolean; readonly telemetry: boolean }) => string;
  /** The page has no access (no token, or another viewer's). */
  readonly noAccess: string;
  /** The viewer stopped, or the run can no longer be fetched. */
  readonly gone: string;
  /** A figure file among the runs that cannot be shown: its problems follow. */
  /** A run the viewer has never been able to draw: its name, and (below it) the import's reasons. */
  /** `live`: a run recorded as it happened (the terminal says it too, and `--save` keeps it raw). */
  readonly notDrawn: (name: string, live: boolean) => string;
  /** The heading over those reasons: the format it was read as, if any (nothing is shown behind it). */
  readonly notDrawnReasons: (format: string | null) => string;
  readonly figureProblems: (name: string) => string;
  /** The toggle that keeps the figure at the run's newest step as the run goes on. */
  readonly follow: string;
  readonly live: LiveViewerText;
}

/** Said at the steps of a run recorded live (`agent-loop-figure live`). */
export interface LiveViewerText {
  /** At a tool's result: the proxy saw it fed back in the next request, never the host running the tool. */
  readonly inferred: string;
  /** At the answer while it streams in. */
  readonly streaming: string;
  /** At a model call whose request has gone and whose answer has not begun. */
  readonly awaiting: string;
  /** What the proxy saw go wrong or change at a model call. */
  readonly event: (event: LiveEvent) => string;
}

/** The chapter page's export bar: the trace as JSON, and a link to this step. */
export interface ExportText {
  readonly label: string;
  readonly format: string;
  readonly neutral: string;
  /** A provider's format: the whole run as one transcript in it (every message, then the final reply). */
  readonly transcript: (formatName: string) => string;
  readonly download: string;
  readonly copyLink: string;
  readonly linkLabel: string;
  readonly copied: string;
  readonly noLink: string;
}

/** What writing the run in the chosen format drops, adds, and would still be refused for as a request. */
export interface ExportReportText {
  /** Above the list of what the chosen format cannot carry. */
  readonly lossHeading: (formatName: string) => string;
  /** One thing lost: what, how many, from which step. */
  readonly loss: (loss: Loss) => string;
  /** The chosen format carries the whole run. */
  readonly noLoss: (formatName: string) => string;
  /** Above the list of what the format's writer adds so that the provider takes the request. */
  readonly additionHeading: (formatName: string) => string;
  /** One thing added: what, how many, from which step. */
  readonly addition: (addition: Addition) => string;
  /** Above the problems the provider would still refuse the file for, as a request (each phrased as the check's). */
  readonly refusedHeading: (formatName: string, count: number) => string;
}

/** The chapter page's transcript import: its panel, its messages, and the story of an imported run. */
export interface ImportText {
  readonly heading: string;
  readonly paste: string;
  readonly file: string;
  readonly format: string;
  readonly detect: string;
  /** This figure's own trace, as the format picker names it. */
  readonly traceFormat: string;
  readonly load: string;
  readonly close: string;
  /** Why nothing was loaded, with what stays shown. */
  readonly failed: (format: string | null) => string;
  readonly at: (line: number, column: number) => string;
  readonly otherOrigin: string;
  readonly fetchFailed: string;
  readonly viewing: (name: string) => string;
  /** A chosen file too large to show in the paste box, which is read when Load is pressed. */
  readonly fileChosen: (name: string, bytes: number) => string;
  /** Said once as an import starts (the progress bar's label). */
  readonly loading: (name: string) => string;
  /** How far it has got, in words, beside the bar. */
  readonly progress: (progress: ImportProgress) => string;
  readonly cancel: string;
  /** The reader cancelled it. */
  readonly cancelled: string;
  readonly back: string;
  readonly problemsHeading: string;
  /** A pairing or argument problem, in words. */
  readonly problem: (problem: ImportProblem) => string;
  /** Something kept that the figure does not model (an unknown type, a tool the provider ran), in words. */
  readonly note: (note: ImportNote) => string;
  /** What was read: "Anthropic Messages request, 12 messages, 4 tool calls". `format` is the format's name. */
  readonly summary: (summary: ImportSummary, format: string) => string;
  /** The last line of a cut list of errors. */
  readonly more: (count: number) => string;
  readonly goToStep: (step: number) => string;
  /** Between a step's link and what is said of it ("step 5: …", 「第 5 步：…」). */
  readonly stepSeparator: string;
  /** The "would this replay?" check of a loaded transcript: its picker's label and first option. */
  readonly checkLabel: string;
  readonly checkNone: string;
  /** Its verdict: no problem, or how many. */
  /** `models`: the provider's models it holds for, where their rules differ (empty: all of them). */
  readonly checkPassed: (provider: string, models: readonly string[]) => string;
  readonly checkFailed: (count: number, provider: string) => string;
  /** One problem, in words (the command line's explanation is English). */
  readonly checkProblem: (problem: CheckProblem) => string;
  /** An imported run's story; `summary` is what was read, in words. */
  /**
   * `scored`: who made the check of the task the log records (an evaluation's scorer: an Inspect sample's scores;
   * the agent's reviewer: SWE-agent's `info.review`), or null when it records none.
   */
  readonly story: (name: string, summary: string, scored: RecordedCheck["by"] | null) => Story;
}

/**
 * The catalog as one scenario tells it: its kicker, title, lesson and names, and its own captions where it has
 * them (the generic caption elsewhere). Shells memoise the result per catalog and scenario.
 * @example storyCatalog(zh, SCENARIOS.f22.stories.zh).ui.figureTitle // F22's title, in Chinese
 */
export function storyCatalog<Text extends FigureText>(text: Text, story: Story): Text {
  const { ui } = text;
  const kicker = story.kicker === "" ? ui.figureKicker : story.kicker;
  return {
    ...text,
    stepCaption: (step, trace) =>
      story.captions.find((caption) => stepMatches(step, caption.when))?.text ?? text.stepCaption(step, trace),
    stepTitle: (step) =>
      story.captions.find((caption) => caption.title !== undefined && stepMatches(step, caption.when))?.title ??
      text.stepTitle(step),
    ui: {
      ...ui,
      // A story without a kicker of its own (a figure file may leave it out) gets the figure's own.
      figureKicker: kicker,
      figureTitle: story.title,
      figureLesson: story.lesson,
      figureWordsLang: story.writtenIn === undefined ? "" : languageOf(story.writtenIn).htmlLang,
      figureStoryNote: story.writtenIn === undefined ? "" : ui.storyElsewhere(languageOf(story.writtenIn).name),
      figureNext: story.next ?? [],
      figureLabel: ui.nameFigure(kicker, story.title),
      dialogLabel: ui.nameDialog(kicker),
      printStepsHeading: ui.nameAllSteps(kicker),
    },
  };
}

/** The authoring page's words (dist/author.html): a figure file in an editor beside its live preview. */
export interface AuthorText {
  readonly title: string;
  readonly intro: string;
  /** The link back to the chapter page. */
  readonly chapterLink: string;
  readonly language: string;
  readonly editorHeading: string;
  /** The editor's accessible name. */
  readonly editorLabel: string;
  readonly editorHint: string;
  readonly templateLabel: string;
  readonly templates: {
    readonly f22: string;
    readonly refused: string;
    readonly parallel: string;
    readonly retry: string;
    readonly transcript: string;
  };
  readonly useTemplate: string;
  /** Said once a template or transcript has replaced the text (the editor's undo brings the text back). */
  readonly replaced: string;
  readonly transcriptLabel: string;
  readonly makeFromTranscript: string;
  /** A transcript that cannot be read: why, in the import's words. */
  readonly transcriptFailed: (why: string) => string;
  /** The story a figure made from a transcript starts with, to be filled in. */
  readonly transcriptStory: {
    readonly title: string;
    readonly lesson: string;
    readonly input: string;
  };
  readonly problems: (count: number) => string;
  readonly noProblems: string;
  /** What the file may say and still play, but likely does not mean: never fatal. */
  readonly warnings: (count: number) => string;
  /** A problem's place when it is the whole file (its path is empty). */
  readonly theFile: string;
  /** The preview shows the last version of the file that had no problems. */
  readonly stalePreview: string;
  /** A problem's place, as a button that moves the editor's cursor there. */
  readonly goTo: (line: number, column: number) => string;
  readonly previewHeading: string;
  readonly embedHeading: string;
  readonly embedNote: (file: string) => string;
  readonly embedIframe: string;
  readonly embedElement: string;
  readonly embedReact: string;
  /** The lesson's own iframe heights, measured in hidden frames of each width. */
  readonly heightsHeading: string;
  readonly heightsNote: string;
  readonly measure: string;
  readonly measuring: (done: number, of: number) => string;
  readonly measureFailed: string;
  /** Said once measured: the height the iframe code now uses. */
  readonly measured: (height: number) => string;
  readonly heightsCaption: string;
  readonly frameWidth: string;
  readonly frameHeight: string;
  readonly px: (n: number) => string;
  readonly heightsStale: string;
  readonly copy: string;
  readonly copied: string;
  readonly copyFailed: string;
  readonly shareHeading: string;
  readonly copyShare: string;
  readonly openShare: string;
  readonly shareSize: (used: number, limit: number) => string;
  readonly shareTooLong: (used: number, limit: number) => string;
  readonly download: string;
  /** The draft kept in this browser since the last visit. */
  readonly draftRestored: string;
  /** A share link that does not decode: nothing of it is put in the editor. */
  readonly linkDamaged: string;
  /** A share link longer than the page makes. */
  readonly linkTooLong: string;
  /** A share link opened in place of the editor's text (the fragment changed). */
  readonly linkOpened: string;
  /** No share link is offered for a file with problems. */
  readonly shareNeedsFix: string;
}
