/**
 * The shape every language catalog has. Each user-visible string lives in a catalog; a catalog entry that
 * depends on a step is a function of that step's data.
 */
import type { CheckResult, Lane, Lang, Message, Outcome, Step, ValidationRule } from "../engine";

export interface Catalog {
  readonly lang: Lang;
  /** The BCP 47 tag for the `lang` attribute. */
  readonly htmlLang: string;
  /** The language's own name, for the language toggle. */
  readonly languageName: string;
  readonly lanes: Readonly<Record<Lane, string>>;
  readonly rules: Readonly<Record<ValidationRule, string>>;
  readonly checkResults: Readonly<Record<CheckResult, string>>;
  readonly outcomes: Readonly<Record<Outcome, string>>;
  readonly fileStates: Readonly<Record<"unread" | "read", string>>;
  /** "N. title" without the number. */
  readonly stepTitle: (step: Step) => string;
  /** One to three sentences: what happens, and what does not. */
  readonly stepCaption: (step: Step) => string;
  /** The short label on the step's arrow in the diagram. */
  readonly arrowLabel: (step: Step) => string;
  /** A message's role as the context panel shows it. */
  readonly roles: Readonly<Record<Message["role"], string>>;
  readonly ui: UiText;
}

/** The player's own words. */
export interface UiText {
  readonly figureKicker: string;
  readonly figureTitle: string;
  /** The player's accessible name. */
  readonly figureLabel: string;
  readonly keysActive: string;
  readonly diagramLabel: string;
  readonly lanesLabel: string;
  readonly actingLane: string;
  readonly prev: string;
  readonly next: string;
  readonly play: string;
  readonly pause: string;
  readonly replay: string;
  readonly counter: (n: number, total: number) => string;
  readonly counterLabel: (n: number, total: number) => string;
  readonly dwell: string;
  readonly dwellValue: (seconds: number) => string;
  readonly announce: (n: number, total: number, title: string) => string;
  readonly contextHeading: string;
  readonly contextEmpty: string;
  readonly callIdHeading: string;
  readonly resultHeading: string;
  readonly noneYet: string;
  readonly enlarge: string;
  readonly close: string;
  readonly dialogLabel: string;
  readonly language: string;
  readonly controlsLabel: string;
  /** A link asked for a step that does not exist. Says what was wrong without echoing the link's text. */
  readonly stepLinkProblem: (problem: "not_a_number" | "out_of_range", total: number, shown: number) => string;
  readonly printStepsHeading: string;
  /** A message's direction between two lanes, in words. */
  readonly edge: (from: string, to: string) => string;
  /** Marks the messages the host appended to the context at this step. */
  readonly newInContext: string;
  readonly replayed: string;
  readonly checksHeading: string;
  /** Model calls n / budget, tool executions, simulated writes. */
  readonly counters: (calls: number, budget: number, executions: number, writes: number) => string;
  /** The part of the context panel that lists the tools declared to the model. */
  readonly toolsDeclared: string;
}

/** The chapter page around the figure. */
export interface PageText {
  readonly title: string;
  readonly guideHeading: string;
  readonly guide: readonly string[];
  readonly question: string;
  readonly loopsNote: string;
  readonly glossaryHeading: string;
  readonly glossary: readonly { readonly term: string; readonly definition: string }[];
  readonly conditionsHeading: string;
  readonly conditions: string;
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
