/**
 * The reader's moments as xAPI 1.0.3 statements, for course authors with a Learning Record Store: a step seen for
 * the first time (`experienced`), a checkpoint answered (`answered`, a `choice` interaction with its result's
 * `success` and `response`), the figure completed (`completed`, with `result.score`). Verbs are ADL's. The figure
 * does not know who the reader is: a statement carries an `actor` only when the course gives one (the LRS needs
 * it), and otherwise the course adds it before sending. No `id` and no `stored`: the LRS assigns them.
 */

import { type Lang, languageOf } from "../content/languages";
import type { Checkpoint } from "../content/types";
import { defined } from "../engine";
import type { Progress } from "./progress";

/** An xAPI language map: text by RFC 5646 tag. */
type LanguageMap = Readonly<Record<string, string>>;

export interface Statement {
  readonly actor?: unknown;
  readonly verb: { readonly id: string; readonly display: LanguageMap };
  readonly object: {
    readonly objectType: "Activity";
    readonly id: string;
    readonly definition: {
      readonly name: LanguageMap;
      readonly description?: LanguageMap;
      readonly type: string;
      readonly interactionType?: "choice";
      readonly correctResponsesPattern?: readonly string[];
      readonly choices?: readonly { readonly id: string; readonly description: LanguageMap }[];
    };
  };
  readonly result?: {
    readonly success?: boolean;
    readonly response?: string;
    readonly completion?: boolean;
    readonly score?: { readonly scaled: number; readonly raw: number; readonly min: number; readonly max: number };
  };
  readonly context: {
    readonly language: string;
    readonly contextActivities?: {
      readonly parent: readonly { readonly objectType: "Activity"; readonly id: string }[];
    };
  };
  readonly timestamp: string;
}

const VERBS = {
  experienced: "http://adlnet.gov/expapi/verbs/experienced",
  answered: "http://adlnet.gov/expapi/verbs/answered",
  completed: "http://adlnet.gov/expapi/verbs/completed",
} as const;

const ACTIVITY_TYPES = {
  lesson: "http://adlnet.gov/expapi/activities/lesson",
  step: "http://adlnet.gov/expapi/activities/module",
  interaction: "http://adlnet.gov/expapi/activities/cmi.interaction",
} as const;

/** What every statement of one figure shares. */
export interface StatementContext {
  /** The figure's activity IRI (the steps and checkpoints are activities under it). */
  readonly activity: string;
  /** The figure's title, in the reader's language. */
  readonly title: string;
  readonly lang: Lang;
  /** The learner, when the course knows them (an xAPI Agent); the course adds it otherwise. */
  readonly actor?: unknown;
}

/**
 * The figure's activity IRI by default: under the page's own directory (`…/agent-loop-figure/f22`), so it is an
 * IRI of the course's site; a course may name its own.
 * @example defaultActivity("https://course.example/figure/embed.html?step=3", "f22") // "https://course.example/figure/agent-loop-figure/f22"
 */
export function defaultActivity(pageUrl: string, figureId: string): string {
  return new URL(`agent-loop-figure/${encodeURIComponent(figureId)}`, pageUrl).href;
}

/** Whether a course's activity IRI is one: an absolute http(s) URL. */
export function isActivityIri(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

function base(context: StatementContext, verb: keyof typeof VERBS, now: Date) {
  const tag = languageOf(context.lang).htmlLang;
  return {
    ...defined({ actor: context.actor }),
    verb: { id: VERBS[verb], display: { "en-US": verb } },
    timestamp: now.toISOString(),
    tag,
  };
}

/** `experienced` a step, the first time the reader sees it. */
export function experiencedStatement(
  context: StatementContext,
  step: number,
  stepTitle: string,
  now = new Date(),
): Statement {
  const { tag, ...rest } = base(context, "experienced", now);
  return {
    ...rest,
    object: {
      objectType: "Activity",
      id: `${context.activity}/step/${step}`,
      definition: { name: { [tag]: stepTitle }, type: ACTIVITY_TYPES.step },
    },
    context: { language: tag, contextActivities: { parent: [{ objectType: "Activity", id: context.activity }] } },
  };
}

/** `answered` a checkpoint: a choice interaction, its options `option-1`…, the reader's response and its success. */
export function answeredStatement(
  context: StatementContext,
  key: number,
  checkpoint: Checkpoint,
  option: number,
  now = new Date(),
): Statement {
  const { tag, ...rest } = base(context, "answered", now);
  const right = checkpoint.options.findIndex((o) => o.correct === true);
  const id = (i: number) => `option-${i + 1}`;
  return {
    ...rest,
    object: {
      objectType: "Activity",
      id: `${context.activity}/checkpoint/${key + 1}`,
      definition: {
        name: { [tag]: checkpoint.question },
        description: { [tag]: checkpoint.question },
        type: ACTIVITY_TYPES.interaction,
        interactionType: "choice",
        correctResponsesPattern: [id(right)],
        choices: checkpoint.options.map((o, i) => ({ id: id(i), description: { [tag]: o.text } })),
      },
    },
    result: { success: option === right, response: id(option) },
    context: { language: tag, contextActivities: { parent: [{ objectType: "Activity", id: context.activity }] } },
  };
}

/** `completed` the figure, with the score (0–100, scaled 0–1). */
export function completedStatement(context: StatementContext, progress: Progress, now = new Date()): Statement {
  const { tag, ...rest } = base(context, "completed", now);
  return {
    ...rest,
    object: {
      objectType: "Activity",
      id: context.activity,
      definition: { name: { [tag]: context.title }, type: ACTIVITY_TYPES.lesson },
    },
    result: {
      completion: true,
      score: { scaled: progress.score / 100, raw: progress.score, min: 0, max: 100 },
    },
    context: { language: tag },
  };
}
