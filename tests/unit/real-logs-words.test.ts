// @vitest-environment node
/**
 * Every sentence the figure says of a real run holds against what that run's log records (issue 55): for each file
 * in ../shared/agent-logs and ../shared/real-transcripts (when those folders are on the machine), in every language,
 * every step's title and caption are checked against the step's facts — a verdict the log records is never called
 * "not recorded"; a command still running is never said to have failed; nothing is "pending" or "not run" after the
 * agent ended the run with its finish tool; a model call the log says was stopped is never told as a reply that ends
 * the loop; a call whose turn was aborted is never a missing result; a transcript that starts at the model's answer
 * is never said to hold the user's task, nor one that declares no tools to declare them; an id the agent or the
 * figure made is never credited to the provider.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogs, LANGS } from "../../src/content";
import type { Step, Trace } from "../../src/engine";
import { importTranscript } from "../../src/formats/import";
import { logText } from "../../src/formats/log-text";

const DIRS = ["../shared/agent-logs", "../shared/real-transcripts"];
const FILES = DIRS.filter((dir) => existsSync(dir)).flatMap((dir) =>
  readdirSync(dir)
    .filter((name) => name !== "SOURCES.md")
    .map((name) => `${dir}/${name}`),
);

/** Each claim, with what would make it false in a language's words. */
const SAYS = {
  notRecorded: { en: /not recorded/, zh: /没有记录|未记录/ },
  failed: { en: /\bfailed\b|ran and failed/, zh: /失败/ },
  pending: { en: /next model call is pending|have not been run/, zh: /下一次模型调用尚未发生|还没有执行/ },
  endsLoop: {
    en: /finish_reason|end_turn|so the loop stops calling it/,
    zh: /finish_reason|end_turn|循环于是不再调用它/,
  },
  givesTask: { en: /puts (its system note and )?the user's task/, zh: /把(系统说明和)?用户任务放进/ },
  declaresTools: { en: /declared beside the messages/, zh: /写在消息之外/ },
  providerId: { en: /gives (it|each) its id/, zh: /并给(它|每个调用)一个 ID/ },
} as const;

/** What is wrong with the words of one run, as "file lang step: why". */
function wrongWords(file: string, trace: Trace, running: ReadonlySet<number>): string[] {
  const wrong: string[] = [];
  const last = trace.steps.at(-1);
  const verdict = last?.kind === "finish" && (last.recorded ?? []).some((check) => check.passed !== null);
  const ended = last?.kind === "finish" && last.ended !== undefined;
  for (const lang of LANGS) {
    const text = catalogs[lang];
    const say = (step: Step) => `${text.stepTitle(step)} ${text.stepCaption(step, trace)}`;
    for (const step of trace.steps) {
      const at = `${file} ${lang} step ${step.number}`;
      if (step.kind === "finish") {
        const words = say(step);
        if (verdict && SAYS.notRecorded[lang].test(words)) wrong.push(`${at}: a recorded verdict called not recorded`);
        if (ended && SAYS.pending[lang].test(words)) wrong.push(`${at}: pending after the agent's finish tool`);
      }
      if (step.kind === "execution" && running.has(step.number) && SAYS.failed[lang].test(say(step)))
        wrong.push(`${at}: a command still running said to have failed`);
      if (step.kind === "model_call") {
        const words = text.stepCaption(step, trace);
        if (step.contextEnd === 0 && SAYS.givesTask[lang].test(words))
          wrong.push(`${at}: a request the transcript does not hold said to hold the user's task`);
        if (trace.tools.length === 0 && SAYS.declaresTools[lang].test(words))
          wrong.push(`${at}: tools said to be declared where the run declares none`);
      }
      if (
        step.kind === "proposal" &&
        step.idsBy !== undefined &&
        SAYS.providerId[lang].test(text.stepCaption(step, trace))
      )
        wrong.push(`${at}: an id the ${step.idsBy === "agent" ? "agent" : "figure"} made credited to the provider`);
      if ((step.kind === "answer" || step.kind === "proposal") && step.stopped !== undefined) {
        if (SAYS.endsLoop[lang].test(text.stepCaption(step, trace)))
          wrong.push(`${at}: a stopped model call told as a reply that ends the loop`);
      }
    }
  }
  return wrong;
}

describe.skipIf(FILES.length === 0)("the words of real runs", () => {
  it.each(FILES)("%s: every step's words hold against what its log records", (file) => {
    const result = importTranscript(logText(readFileSync(file)), undefined, file.split("/").pop());
    if (!result.ok) throw new Error(`${file} not imported: ${JSON.stringify(result.errors[0])}`);
    const running = new Set(result.notes.flatMap((note) => (note.kind === "running" ? [note.step] : [])));
    expect(wrongWords(file, result.trace, running)).toEqual([]);
    // A call the log says was aborted (its turn or model call stopped) is said so, never a missing result.
    const aborted = new Set(result.notes.flatMap((note) => (note.kind === "aborted" ? [note.step] : [])));
    expect(result.problems.filter((p) => p.kind === "missing_result" && aborted.has(p.step))).toEqual([]);
  });

  it("is not idle: the shared logs hold a scorer's verdict, a stopped model call and a run its agent ended", () => {
    const traces = FILES.flatMap((file) => {
      const result = importTranscript(logText(readFileSync(file)), undefined, file.split("/").pop());
      return result.ok ? [result.trace] : [];
    });
    const ends = traces.map((trace) => trace.steps.at(-1));
    expect(ends.some((step) => step?.kind === "finish" && step.recorded !== undefined)).toBe(true);
    expect(ends.some((step) => step?.kind === "finish" && step.ended !== undefined)).toBe(true);
    const made = traces.flatMap((trace) =>
      trace.steps.flatMap((step) => (step.kind === "proposal" && step.idsBy !== undefined ? [step.idsBy] : [])),
    );
    expect(new Set(made)).toEqual(new Set(["agent", "figure"]));
    expect(
      traces.some((trace) =>
        trace.steps.some((step) => (step.kind === "answer" || step.kind === "proposal") && step.stopped !== undefined),
      ),
    ).toBe(true);
  });
});
