/**
 * What the tests of the agents' log codecs (formats-codex, -gemini-cli, -inspect, -swe-agent, -openhands, -pi) share:
 * reading a document with one codec, importing text whole, and the shape of the run the import made.
 */
import type { Message, Step, ToolResult } from "../../src/engine";
import { type ImportResult, importTranscript } from "../../src/formats/import";
import type { Codec, Neutral, ReadError } from "../../src/formats/types";

/** JSON Lines text from records, one per line, with the final line end an agent writes. */
export const jsonl = (records: readonly unknown[]): string => `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;

/** The records of JSON Lines text, as the import hands them to a line codec. */
export const linesOf = (text: string): unknown[] =>
  text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as unknown);

/** A reader of documents by `codec`: the neutral messages, or a thrown error naming why it refused. */
export const neutralBy =
  (codec: Codec) =>
  (data: unknown): Neutral => {
    const parsed = codec.parse(data);
    if (!parsed.ok) throw new Error(`refused: ${JSON.stringify(parsed.errors)}`);
    return parsed.neutral;
  };

/** A reader of documents `codec` must refuse: its first error (thrown when it reads one). */
export const refusalBy =
  (codec: Codec) =>
  (data: unknown): ReadError => {
    const parsed = codec.parse(data);
    if (parsed.ok) throw new Error("read, expected a refusal");
    const [error] = parsed.errors;
    if (error === undefined) throw new Error("refused with no error");
    return error;
  };

/** Text (or a value, written as JSON) imported whole, its format detected; thrown when it is not imported. */
export function imported(data: unknown): Extract<ImportResult, { ok: true }> {
  const result = importTranscript(typeof data === "string" ? data : JSON.stringify(data));
  if (!result.ok) throw new Error(`not imported: ${JSON.stringify(result.errors)}`);
  return result;
}

/** The steps of one kind. */
export const stepsOf = (steps: readonly Step[], kind: Step["kind"]) => steps.filter((s) => s.kind === kind);

/** The call ids the model proposed, in order. */
export const proposalIds = (steps: readonly Step[]): string[] =>
  steps.flatMap((s) => (s.kind === "proposal" ? s.calls.map((c) => c.callId) : []));

/** The results the tools' executions returned, in order. */
export const executionResults = (steps: readonly Step[]): ToolResult[] =>
  steps.flatMap((s) => (s.kind === "execution" && s.toolResult !== null ? [s.toolResult] : []));

/** The tool results among messages. */
export const toolMessages = (messages: readonly Message[]) => messages.filter((m) => m.role === "tool");

/** What the import made: model calls, proposed call ids, executions (`id:status`), the final answer. */
export function shapeOf(result: Extract<ImportResult, { ok: true }>) {
  const steps = result.trace.steps;
  const finish = steps.at(-1);
  return {
    modelCalls: stepsOf(steps, "model_call").length,
    proposed: steps.flatMap((s) => (s.kind === "proposal" ? s.callIds : [])),
    executions: executionResults(steps).map((r) => `${r.callId}:${r.status}`),
    answer: finish?.kind === "finish" ? finish.answer : undefined,
  };
}
