/**
 * "Would this replay?": whether a request made of a run's history would be accepted by a provider, under the rules
 * its documentation (or its own error messages) state. Each problem names its rule, the path in the request body
 * the figure writes for that provider (`CODECS[provider].request` over the whole history), the step where it shows
 * and, where the provider documents it, the provider's own error text. Nothing is sent.
 */
import type { Message, Trace } from "../engine";
import type { CheckProvider } from "./check-providers";
import { CODECS } from "./codecs";
import type { FormatId } from "./index";
import { runMessages } from "./types";

export type { CheckProvider } from "./check-providers";
export { CHECK_PROVIDERS, isCheckProvider } from "./check-providers";

/** Every rule, by id. */
export type RuleId =
  | "call_without_result"
  | "result_not_right_after_call"
  | "result_without_call"
  | "duplicate_call_id"
  | "call_id_pattern"
  | "first_message_not_user"
  | "result_turn_has_other_content"
  | "tools_not_declared"
  | "arguments_not_object"
  | "thinking_not_kept"
  | "thought_signature_not_kept";

/** One reason the provider would refuse the request. */
export interface CheckProblem {
  readonly rule: RuleId;
  /** Where in the request body (dotted, as `messages.3.content.0`). */
  readonly path: string;
  /** The step of the run where it shows (1-based). */
  readonly step: number;
  /** What is wrong, in one sentence (English, for the command line; the page phrases `rule` itself). */
  readonly explanation: string;
  /** The call id it is about, if any. */
  readonly callId?: string;
}

// ---- where things land in a provider's request -----------------------------------------------------------------

/** The keys under which each provider's body writes a call's id, and a result's. */
const CALL_KEYS = new Set(["id", "call_id", "toolUseId"]);
const RESULT_KEYS = new Set(["tool_call_id", "call_id", "tool_use_id", "toolUseId", "id"]);
/** The object types that hold a result (so a result's `call_id` is told from its call's). */
const isResultHolder = (node: Record<string, unknown>, parentKey: string) =>
  node.role === "tool" ||
  node.type === "function_call_output" ||
  node.type === "tool_result" ||
  parentKey === "toolResult" ||
  parentKey === "functionResponse";

/** The paths of every call id and every result id in a body, in document order. */
function idPaths(body: unknown): { calls: Map<string, string[]>; results: Map<string, string[]> } {
  const calls = new Map<string, string[]>();
  const results = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, id: string, path: string) => map.set(id, [...(map.get(id) ?? []), path]);
  const walk = (node: unknown, path: string, parentKey: string) => {
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, path === "" ? String(i) : `${path}.${i}`, parentKey);
      return;
    }
    if (typeof node !== "object" || node === null) return;
    const record = node as Record<string, unknown>;
    const holdsResult = isResultHolder(record, parentKey);
    for (const [key, value] of Object.entries(record)) {
      const at = path === "" ? key : `${path}.${key}`;
      if (typeof value === "string") {
        if (holdsResult && RESULT_KEYS.has(key) && !(key === "id" && record.role === "tool")) add(results, value, path);
        else if (!holdsResult && CALL_KEYS.has(key) && isCallHolder(record, parentKey)) add(calls, value, path);
      } else walk(value, at, key);
    }
  };
  walk(body, "", "");
  return { calls, results };
}

/** An object that holds a call: a Chat tool call, a Responses function_call, a tool_use block, a toolUse or a functionCall. */
const isCallHolder = (node: Record<string, unknown>, parentKey: string) =>
  parentKey === "tool_calls" ||
  node.type === "function_call" ||
  node.type === "tool_use" ||
  parentKey === "toolUse" ||
  parentKey === "functionCall";

/** The provider's turn list in its body, and the key its role is under. */
function turnsOf(provider: CheckProvider, body: unknown): { key: string; turns: readonly { role?: unknown }[] } | null {
  const record = body as Record<string, unknown>;
  if (provider === "anthropic" || provider === "bedrock")
    return { key: "messages", turns: (record.messages ?? []) as { role?: unknown }[] };
  if (provider === "gemini") return { key: "contents", turns: (record.contents ?? []) as { role?: unknown }[] };
  return null;
}

// ---- the rules ---------------------------------------------------------------------------------------------------

/** The provider's own words for a rule, where it documents them (quoted in the explanation). */
const PROVIDER_TEXT: Partial<Record<CheckProvider, Partial<Record<RuleId, string>>>> = {
  chat: {
    call_without_result:
      "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'.",
    result_not_right_after_call:
      "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'.",
    result_without_call:
      "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
  },
  responses: {
    call_without_result: "No tool output found for function call",
    result_without_call: "No tool call found for function call output with call_id",
  },
  anthropic: {
    call_without_result: "`tool_use` ids were found without `tool_result` blocks immediately after",
    result_not_right_after_call: "`tool_use` ids were found without `tool_result` blocks immediately after",
    result_without_call:
      "unexpected `tool_use_id` found in `tool_result` blocks. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.",
    duplicate_call_id: "`tool_use` ids must be unique",
    call_id_pattern: "String should match pattern '^[a-zA-Z0-9_-]+$'",
    arguments_not_object: "Input should be a valid dictionary",
  },
  gemini: {
    call_without_result:
      "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.",
    result_not_right_after_call:
      "Please ensure that function response turn comes immediately after a function call turn.",
    first_message_not_user:
      "Please ensure that function call turn comes immediately after a user turn or after a function response turn.",
    thought_signature_not_kept: "Function call is missing a thought_signature in functionCall parts.",
  },
  bedrock: {
    call_without_result: "Expected toolResult blocks at messages.N.content for the following Ids",
    result_without_call:
      "The number of toolResult blocks at messages.N.content exceeds the number of toolUse blocks of previous turn.",
    first_message_not_user: "A conversation must start with a user message.",
    result_turn_has_other_content: "Conversation blocks and tool result blocks cannot be provided in the same turn.",
    tools_not_declared: "The toolConfig field must be defined when using toolUse and toolResult content blocks.",
  },
};

/**
 * Where a provider refuses a call id used twice: Anthropic anywhere in the history (its documents: "`tool_use` ids
 * must be unique"); Chat Completions within one turn, whose results could not be told apart (a real gpt-4o run,
 * shared/real-transcripts/01, reused ids across turns and every later request was accepted). The others document
 * no such rule, so it is not checked for them.
 */
const DUPLICATE_SCOPE: Partial<Record<CheckProvider, "history" | "turn">> = { anthropic: "history", chat: "turn" };

/**
 * The call ids a provider accepts, where it limits them: Anthropic's `tool_use.id` (a Kimi-style id such as
 * `functions.read_file:0`, written as it is, is refused: "messages.N.content.M.tool_use.id: String should match
 * pattern …", as reported, e.g. maximhq/bifrost#5097).
 */
const ID_PATTERN: Partial<Record<CheckProvider, RegExp>> = { anthropic: /^[a-zA-Z0-9_-]+$/ };

/** Where a call or result with `id` shows in the run: its proposal or its execution (or validation) step. */
function stepOfCall(trace: Pick<Trace, "steps">, id: string, kind: "call" | "result", nth = 0): number {
  const steps =
    kind === "call"
      ? trace.steps.filter((s) => s.kind === "proposal" && s.callIds.includes(id))
      : trace.steps.filter((s) => (s.kind === "execution" || s.kind === "validation") && s.toolResult?.callId === id);
  return (steps[nth] ?? steps[0])?.number ?? trace.steps.at(-1)?.number ?? 1;
}

/**
 * Check a run's history for `provider`: every problem a request made of it would be refused for, in the order of
 * the steps. An empty list: the provider's documented rules accept it.
 * @example checkReplay(runScenario(scenarioById("f22", "en")), "anthropic") // []
 */
export function checkReplay(
  trace: Pick<Trace, "messages" | "steps" | "tools">,
  provider: CheckProvider,
  /** The format the history was recorded in: a provider's opaque reasoning state is its own, checked only for it. */
  recordedIn: FormatId | null = null,
): CheckProblem[] {
  const messages = runMessages(trace as Trace);
  const body = CODECS[provider].request(messages, trace.tools);
  const paths = idPaths(body);
  const problems: CheckProblem[] = [];
  const say = (rule: RuleId, explanation: string) => {
    const text = PROVIDER_TEXT[provider]?.[rule];
    return text === undefined
      ? explanation
      : `${explanation} (${provider === "chat" || provider === "responses" ? "OpenAI" : provider === "anthropic" ? "Anthropic" : provider === "gemini" ? "Gemini" : "Bedrock"}: "${text}")`;
  };
  const callPath = (id: string, n = 0) => paths.calls.get(id)?.[n] ?? paths.calls.get(id)?.[0] ?? "";
  const resultPath = (id: string, n = 0) => paths.results.get(id)?.[n] ?? paths.results.get(id)?.[0] ?? "";

  // Every call answered, where the provider wants its result; no result without a call; no id twice.
  const seen = new Map<string, number>();
  const resultSeen = new Map<string, number>();
  const blockFormats = provider === "anthropic" || provider === "gemini" || provider === "bedrock";
  const duplicates = DUPLICATE_SCOPE[provider];
  messages.forEach((m, i) => {
    if (m.role === "assistant") {
      const inTurn = new Set<string>();
      for (const call of m.toolCalls) {
        const times = seen.get(call.callId) ?? 0;
        seen.set(call.callId, times + 1);
        const twice = duplicates === "history" ? times > 0 : duplicates === "turn" && inTurn.has(call.callId);
        inTurn.add(call.callId);
        if (twice)
          problems.push({
            rule: "duplicate_call_id",
            path: callPath(call.callId, times),
            step: stepOfCall(trace, call.callId, "call", times),
            callId: call.callId,
            explanation: say(
              "duplicate_call_id",
              `the call id ${call.callId} is used by an earlier call too: its results cannot be told apart`,
            ),
          });
      }
      if (m.toolCalls.length === 0) return;
      // The messages until the model's next turn: where this turn's results must be.
      const after: Message[] = [];
      for (let j = i + 1; j < messages.length && messages[j]?.role !== "assistant"; j += 1)
        after.push(messages[j] as Message);
      const leading = after.findIndex((next) => next.role !== "tool");
      const block = leading < 0 ? after : after.slice(0, leading);
      const answered = new Set(block.flatMap((next) => (next.role === "tool" ? [next.callId] : [])));
      const later = new Set(after.flatMap((next) => (next.role === "tool" ? [next.callId] : [])));
      const endsHere = i === messages.length - 1; // the transcript ends on the proposal: not sent again yet
      for (const call of m.toolCalls) {
        if (endsHere) continue;
        if (
          provider === "responses"
            ? messages.slice(i + 1).some((n) => n.role === "tool" && n.callId === call.callId)
            : answered.has(call.callId)
        )
          continue;
        const placed = later.has(call.callId) && provider !== "responses";
        problems.push({
          rule: placed ? "result_not_right_after_call" : "call_without_result",
          path: placed ? resultPath(call.callId) : callPath(call.callId),
          step: stepOfCall(trace, call.callId, placed ? "result" : "call"),
          callId: call.callId,
          explanation: placed
            ? say(
                "result_not_right_after_call",
                blockFormats
                  ? `the result of ${call.callId} comes after other content in the next user turn: tool results must come first in it`
                  : `the result of ${call.callId} does not follow its call at once: other messages come between them`,
              )
            : say("call_without_result", `${call.callId} (${call.name}) has no result before the model's next turn`),
        });
      }
    } else if (m.role === "tool") {
      const times = resultSeen.get(m.callId) ?? 0;
      resultSeen.set(m.callId, times + 1);
      // A reused id answered again after it was called again is fine; more results than calls is not.
      const extra = times + 1 > (seen.get(m.callId) ?? 0);
      // The call this result answers: in the model's latest turn before it (Responses: any earlier call).
      let k = i - 1;
      while (k >= 0 && messages[k]?.role !== "assistant") k -= 1;
      const turn = messages[k];
      const answers =
        provider === "responses"
          ? messages.slice(0, i).some((n) => n.role === "assistant" && n.toolCalls.some((c) => c.callId === m.callId))
          : turn?.role === "assistant" && turn.toolCalls.some((c) => c.callId === m.callId);
      if (!answers || extra)
        problems.push({
          rule: "result_without_call",
          path: resultPath(m.callId, times),
          step: stepOfCall(trace, m.callId, "result", times),
          callId: m.callId,
          explanation: say(
            "result_without_call",
            answers && extra
              ? `a second result for ${m.callId}: its call was answered already`
              : `the result for ${m.callId} answers no call of the model's turn before it`,
          ),
        });
    }
  });

  // Call ids of a shape the provider refuses, once each.
  const pattern = ID_PATTERN[provider];
  if (pattern !== undefined) {
    const named = new Set<string>();
    for (const m of messages) {
      if (m.role !== "assistant") continue;
      for (const call of m.toolCalls) {
        if (pattern.test(call.callId) || named.has(call.callId)) continue;
        named.add(call.callId);
        problems.push({
          rule: "call_id_pattern",
          path: callPath(call.callId),
          step: stepOfCall(trace, call.callId, "call"),
          callId: call.callId,
          explanation: say(
            "call_id_pattern",
            `the call id ${call.callId} has characters this provider does not take in an id (${pattern.source})`,
          ),
        });
      }
    }
  }

  // Bedrock and Gemini: the conversation starts with the user (Anthropic has accepted any first role since
  // 2024-10-08).
  const turns = turnsOf(provider, body);
  if (provider !== "anthropic" && turns !== null && turns.turns.length > 0 && turns.turns[0]?.role !== "user") {
    const firstModel = trace.steps.find((s) => s.kind === "model_call");
    problems.push({
      rule: "first_message_not_user",
      path: `${turns.key}.0.role`,
      step: firstModel?.number ?? 1,
      explanation: say(
        "first_message_not_user",
        "the conversation starts with the model's turn: it must start with the user's",
      ),
    });
  }

  // Bedrock refuses tool blocks without a toolConfig (Anthropic has not required tools since 2025-02-27). Whether a
  // provider refuses a call to a tool the request does not declare is not documented: not a rule here.
  const calls = messages.flatMap((m) => (m.role === "assistant" ? m.toolCalls : []));
  if (calls.length > 0 && trace.tools.length === 0 && provider === "bedrock") {
    problems.push({
      rule: "tools_not_declared",
      path: "toolConfig",
      step: stepOfCall(trace, calls[0]?.callId ?? "", "call"),
      explanation: say("tools_not_declared", "the history has tool calls but the request declares no tools"),
    });
  }

  // Bedrock: a user turn that returns tool results holds nothing else (the user's text goes in a turn of its own).
  if (provider === "bedrock") {
    const bodyTurns = (body as { messages?: { content: Record<string, unknown>[] }[] }).messages ?? [];
    messages.forEach((m, i) => {
      if (m.role !== "user" || messages[i - 1]?.role !== "tool") return;
      const result = messages[i - 1];
      const turn = Number(resultPath(result?.role === "tool" ? result.callId : "").split(".")[1]);
      const other = bodyTurns[turn]?.content.findIndex((block) => !("toolResult" in block)) ?? -1;
      // The user's message is the run's n-th user message, told at its n-th task step.
      const nth = messages.slice(0, i).filter((earlier) => earlier.role === "user").length;
      const task = trace.steps.filter((step) => step.kind === "task")[nth];
      problems.push({
        rule: "result_turn_has_other_content",
        path: `messages.${turn}.content.${Math.max(0, other)}`,
        step: task?.number ?? 1,
        explanation: say(
          "result_turn_has_other_content",
          "the user's message follows tool results in the same turn: a turn that returns tool results holds nothing else",
        ),
      });
    });
  }

  // Arguments: Anthropic's input, Gemini's args and Bedrock's input are JSON objects.
  if (blockFormats) {
    for (const call of calls) {
      if (call.rawArguments === undefined) continue;
      problems.push({
        rule: "arguments_not_object",
        path: callPath(call.callId),
        step: stepOfCall(trace, call.callId, "call"),
        callId: call.callId,
        explanation: say(
          "arguments_not_object",
          `the arguments of ${call.callId} are not a JSON object, which this provider's calls must carry`,
        ),
      });
    }
  }

  // Opaque state the provider wants back with a turn's tool calls, as the history kept it — checked for the
  // provider that made the history, whose state it is: Anthropic's thinking with its signature (a turn with thinking
  // but no signature is refused with thinking on), Gemini's thought signature (Gemini 3 checks the first function
  // call of a turn; a history made without signatures, by an older model, needs none).
  const signedSomewhere = messages.some(
    (m) => m.role === "assistant" && (m.parts ?? []).some((p) => p.type === "reasoning" && p.signed === true),
  );
  for (const m of messages) {
    if (m.role !== "assistant" || m.toolCalls.length === 0) continue;
    const reasoning = (m.parts ?? []).filter((p) => p.type === "reasoning");
    const first = m.toolCalls[0];
    if (first === undefined) continue;
    const signed = reasoning.some((p) => p.type === "reasoning" && p.signed === true);
    if (provider === "anthropic" && recordedIn === "anthropic" && reasoning.length > 0 && !signed) {
      problems.push({
        rule: "thinking_not_kept",
        path: callPath(first.callId),
        step: stepOfCall(trace, first.callId, "call"),
        callId: first.callId,
        explanation: say(
          "thinking_not_kept",
          "this turn has thinking without its signature: with thinking on, a turn with tool_use must be sent back with its thinking block and signature unchanged",
        ),
      });
    }
    if (provider === "gemini" && signedSomewhere && !signed && recordedIn === "gemini") {
      problems.push({
        rule: "thought_signature_not_kept",
        path: callPath(first.callId),
        step: stepOfCall(trace, first.callId, "call"),
        callId: first.callId,
        explanation: say(
          "thought_signature_not_kept",
          "this turn's first function call has no thought signature, though the model that made this history signs its calls",
        ),
      });
    }
  }

  return problems.sort((a, b) => a.step - b.step);
}
