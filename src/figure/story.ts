/**
 * A figure file's story in the reader's language, as the player tells it. Framework-free and reader-free: the
 * built-in scenarios (src/scenarios/) tell their stories through it without carrying the figure reader.
 */
import { LANGS, type Lang } from "../content/languages";
import type { StepMatch, Story } from "../content/types";
import { defined } from "../engine";
import { textIn } from "./compile";
import type { FigureStoryInput, Text } from "./schema";

/** What a story needs of its file: its id, its task (for a story that names none) and its stories by language. */
export interface StorySource {
  readonly id: string;
  readonly scenario?: { readonly task: Text } | undefined;
  readonly story?: { readonly [L in Lang]?: FigureStoryInput | undefined } | undefined;
}

/** A caption's step, as the player matches it (./check.ts has made sure it names what its kind needs). */
function matchOf(when: NonNullable<FigureStoryInput["captions"]>[number]["when"]): StepMatch {
  const { kind, modelCall, callId, tool, refusedBy } = when;
  if (kind === "model_call") return { kind, modelCall: modelCall ?? 1 };
  if (kind === "task" || kind === "answer" || kind === "finish") return { kind };
  if (callId === undefined && kind !== "proposal" && (tool !== undefined || refusedBy !== undefined))
    return { kind, ...defined({ tool }), ...defined({ refusedBy }) };
  return { kind, callId: callId ?? "" };
}

/** The languages a file's story is told in. */
export const storyLanguagesOf = (file: StorySource): readonly Lang[] =>
  LANGS.filter((code) => file.story?.[code] !== undefined);

/**
 * The story in `lang`: the file's own, else another language's title and words with the generic captions, else
 * one made of the figure's id and task.
 */
export function storyIn(file: StorySource, lang: Lang): Story {
  const stories = file.story ?? {};
  const own = stories[lang];
  const otherLang = own === undefined ? LANGS.find((code) => stories[code] !== undefined) : undefined;
  const other = own ?? (otherLang === undefined ? undefined : stories[otherLang]);
  // A story borrowed from another language keeps its checkpoints, asked in that language and marked so.
  const asked = own ?? other;
  const task = file.scenario === undefined ? file.id : textIn(file.scenario.task, lang);
  const title = other?.title ?? task;
  return {
    name: other?.name ?? title,
    kicker: other?.kicker ?? "",
    title,
    lesson: other?.lesson ?? "",
    input: other?.input ?? "",
    captions: (own?.captions ?? []).map((caption) => ({
      when: matchOf(caption.when),
      text: caption.text,
      ...defined({ title: caption.title }),
    })),
    ...defined({ writtenIn: otherLang }),
    ...(asked?.next === undefined ? {} : { next: asked.next.map(({ scenario, text }) => ({ scenario, text })) }),
    ...(asked?.checkpoints === undefined
      ? {}
      : {
          checkpoints: asked.checkpoints.map((checkpoint) => ({
            ...defined({ lang: otherLang }),
            at: matchOf(checkpoint.at),
            question: checkpoint.question,
            options: checkpoint.options.map((option) =>
              option.correct === true ? { text: option.text, correct: true as const } : { text: option.text },
            ),
            explanation: checkpoint.explanation,
          })),
        }),
  };
}
