/**
 * A trace in a format: the request a host would send at one step (its latest model call's context), and the whole
 * run as one transcript, through the format's codec. Pure functions; tests/unit/wire.test.ts type-checks every
 * provider's output against the official SDKs' request types.
 */
import type { Step, Trace } from "../engine";
import { CODECS } from "./codecs";
import type { WritableFormatId } from "./index";

/**
 * The request a host would send for the context at `step` (its most recent model call), in `format`; the neutral
 * format is the trace's own messages and tools.
 * @example wireRequest("anthropic", trace, trace.steps[5]).messages.at(-1) // the tool_result turn
 */
export function wireRequest(format: WritableFormatId, trace: Pick<Trace, "messages" | "tools">, step: Step): unknown {
  return CODECS[format].request(trace.messages.slice(0, step.contextEnd), trace.tools);
}

/**
 * The whole run as one transcript in `format`: every message, the model's final reply included (a reply without
 * tool calls ends the loop, so no later request of a run the engine made carries it). Importing it gives back the
 * same call ids, results, model calls and replies (tests/unit/formats-roundtrip.test.ts) — not every field: a
 * provider's format has no `replayed`, the OpenAI ones no error status (docs/formats.md lists what each drops).
 * In the neutral format it is the trace itself, which loads back whole.
 * @example wireTranscript("chat", runScenario(scenarioById("f22", "en"))).messages.at(-1) // { role: "assistant", content: "timeout is 30" }
 */
export function wireTranscript(format: WritableFormatId, trace: Trace): unknown {
  return CODECS[format].transcript(trace);
}

/**
 * The whole run as a file in `format`: its text (JSON Lines for a format saved as lines, as Claude Code writes its
 * log; else JSON, indented unless `indent` is undefined) and its name, `<name>.<format id>.json` unless the format's
 * tool names such files otherwise (a SWE-agent demonstration: `<name>.traj`).
 */
export function wireFile(
  format: WritableFormatId,
  trace: Trace,
  name: string,
  indent: number | undefined = 2,
): { readonly file: string; readonly text: string } {
  const written = wireTranscript(format, trace);
  const codec = CODECS[format];
  const lines = codec.lines === true && Array.isArray(written);
  const ending = format === "neutral" ? ".trace.json" : (codec.suffix ?? `.${format}.${lines ? "jsonl" : "json"}`);
  const text = lines
    ? `${written.map((line) => JSON.stringify(line)).join("\n")}\n`
    : `${JSON.stringify(written, null, indent)}\n`;
  return { file: `${name}${ending}`, text };
}
