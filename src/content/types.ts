/**
 * The shape every language catalog has. Each user-visible string lives in a catalog; a catalog entry that
 * depends on a step is a function of that step's data.
 */
import type { Lane, Lang, Outcome, Step, StepKind, ValidationRule } from "../engine";

export interface Catalog {
  readonly lang: Lang;
  /** The language's own name, for the language toggle. */
  readonly languageName: string;
  readonly lanes: Readonly<Record<Lane, string>>;
  readonly kinds: Readonly<Record<StepKind, string>>;
  readonly rules: Readonly<Record<ValidationRule, string>>;
  readonly outcomes: Readonly<Record<Outcome, string>>;
  readonly fileStates: Readonly<Record<"unread" | "read", string>>;
  /** "N. title" without the number. */
  readonly stepTitle: (step: Step) => string;
  /** One to three sentences: what happens, and what does not. */
  readonly stepCaption: (step: Step) => string;
}
