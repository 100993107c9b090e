/**
 * What a run loses when it is written in a format: the features of the run (reasoning, media, provider-run tools,
 * error statuses, …) that the format's writer cannot carry, each with how often it occurs and the first step where
 * it shows. Each codec declares what it carries (`carries`); tests/unit/formats-loss.test.ts checks every
 * declaration against a round trip, so the report is what a conversion really drops.
 */
import type { Trace } from "../engine";
import { CODECS } from "./codecs";
import { type AdditionKind, FEATURES, type Feature } from "./features";
import type { WritableFormatId } from "./index";
import { runMessages } from "./types";

export type { AdditionKind, Feature } from "./features";
export { FEATURES } from "./features";

/** One thing a conversion drops: the feature, how many times the run has it, and the first step where it shows. */
export interface Loss {
  readonly feature: Feature;
  readonly count: number;
  /** 1-based: where it first shows (declarations and a leading system note: the first model call). */
  readonly step: number;
  /** The format has a place for it, which the writer cannot fill (the codec's `places`). */
  readonly hasPlace?: true;
}

/**
 * Where the message at `index` shows: a result at its execution (a refusal's at its validation), the model's message
 * at its model call (whose context ends before it), a user's at its task step; declarations and a leading system
 * note at the first model call, the first step whose context holds them.
 */
function stepOfMessage(trace: Pick<Trace, "messages" | "steps">, index: number): number {
  const m = trace.messages[index];
  const step =
    index === 0 || m === undefined
      ? undefined
      : m.role === "tool"
        ? trace.steps.find(
            (s) => (s.kind === "execution" || s.kind === "validation") && s.toolResult?.callId === m.callId,
          )
        : trace.steps.find((s) => s.contextEnd === index && (s.kind === "model_call" || s.kind === "task"));
  return step?.number ?? trace.steps.find((s) => s.contextEnd > index)?.number ?? 1;
}

/** The features a run has, each with its count and first step. */
export function featuresOf(trace: Pick<Trace, "messages" | "steps" | "tools">): Loss[] {
  const found = new Map<Feature, { count: number; index: number }>();
  const add = (feature: Feature, index: number, count = 1) => {
    const seen = found.get(feature);
    found.set(feature, { count: (seen?.count ?? 0) + count, index: Math.min(seen?.index ?? index, index) });
  };
  const declared = trace.tools.filter((t) => t.builtIn === undefined).length;
  if (declared > 0) add("tool_declarations", 0, declared);
  const builtIn = trace.tools.length - declared;
  if (builtIn > 0) add("built_in_tools", 0, builtIn);
  // Each model turn whose results came back in another order than its calls: counted once, at its first result that
  // is out of that order.
  let turnCalls: readonly string[] = [];
  let turnResults: { readonly at: number; readonly place: number }[] = [];
  const endTurn = () => {
    const sorted = [...turnResults].sort((a, b) => a.place - b.place);
    const first = turnResults.findIndex((result, k) => result !== sorted[k]);
    if (first >= 0) add("result_order", turnResults[first]?.at ?? 0);
  };
  trace.messages.forEach((m, i) => {
    if (m.role === "assistant") {
      endTurn();
      turnCalls = m.toolCalls.map((c) => c.callId);
      turnResults = [];
    } else if (m.role === "tool" && turnCalls.includes(m.callId))
      turnResults.push({ at: i, place: turnCalls.indexOf(m.callId) });
    if (m.role === "system") add("system", i);
    if (m.role === "system" && trace.messages.slice(0, i).some((before) => before.role !== "system"))
      add("mid_run_system", i);
    if (m.role === "system" && m.clearAt !== undefined) add("clear_at", i);
    if (m.role === "tool" && m.status === "error") add("error_status", i);
    if (m.role === "assistant")
      for (const call of m.toolCalls) if (call.rawArguments !== undefined) add("raw_arguments", i);
    if (m.role === "tool") return;
    for (const part of m.parts ?? []) {
      if (part.type === "reasoning") add("reasoning", i);
      else if (part.type === "media") add("media", i);
      else if (part.type === "provider_tool" || part.type === "provider_result") add("provider_tools", i);
      else if (part.type === "other") add("unknown_parts", i);
    }
  });
  endTurn();
  // What the run did that no message holds (a run the engine made keeps it in its steps): calls the host never put
  // in the model's context, and the host's hops to a server.
  const atStep = new Map<Feature, { count: number; step: number }>();
  const addAt = (feature: Feature, step: number) => {
    const seen = atStep.get(feature);
    atStep.set(feature, { count: (seen?.count ?? 0) + 1, step: seen?.step ?? step });
  };
  const recorded = new Set(
    trace.messages.flatMap((m) => (m.role === "assistant" ? m.toolCalls.map((c) => c.callId) : [])),
  );
  for (const step of trace.steps) {
    if (step.kind === "proposal")
      for (const id of step.callIds) if (!recorded.has(id)) addAt("unfed_calls", step.number);
    if (step.kind === "mcp_request") addAt("host_hops", step.number);
  }
  return FEATURES.flatMap((feature) => {
    const seen = found.get(feature);
    if (seen !== undefined) return [{ feature, count: seen.count, step: stepOfMessage(trace, seen.index) }];
    const run = atStep.get(feature);
    return run === undefined ? [] : [{ feature, ...run }];
  });
}

/** What writing `trace` in `format` drops: its features the format does not carry. */
export function lossesIn(format: WritableFormatId, trace: Pick<Trace, "messages" | "steps" | "tools">): Loss[] {
  const { carries, places = [] } = CODECS[format];
  return featuresOf(trace).flatMap((loss) =>
    carries.includes(loss.feature) ? [] : [places.includes(loss.feature) ? { ...loss, hasPlace: true as const } : loss],
  );
}

/** One thing a format's writer adds so that its provider takes the request: what, how many, from which step. */
export interface Addition {
  readonly kind: AdditionKind;
  readonly count: number;
  readonly step: number;
}

/** What writing `trace` in `format` adds that the run did not have (Gemini's placeholder signatures). */
export function additionsIn(format: WritableFormatId, trace: Pick<Trace, "messages" | "steps" | "tools">): Addition[] {
  const adds = CODECS[format].adds;
  if (adds === undefined) return [];
  return adds(runMessages(trace)).map(({ kind, count, index }) => ({ kind, count, step: stepOfMessage(trace, index) }));
}
