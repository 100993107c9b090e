/**
 * Replay rules as a codec's ability (TanStack Table's optional features are the pattern): a codec whose format is
 * a provider's request may declare `replay`, the rules that provider documents (or states in its own error texts)
 * for a request made of a run's history. Each rule here is one generic check, run with the codec's options
 * (a duplicate's scope, an id's pattern, where results must stand); ./check.ts folds a codec's rules over a run,
 * and docs/formats.md's rules table is generated from the codecs (scripts/formats-reference.ts). A new provider's
 * rules live in its own codec's file; nothing here names a provider.
 */
import type { Message, Trace } from "../engine";

/** Every rule, by id, in the order the docs list them. */
export const RULE_IDS = [
  "call_without_result",
  "result_not_right_after_call",
  "result_without_call",
  "duplicate_call_id",
  "call_id_pattern",
  "first_message_not_user",
  "result_turn_has_other_content",
  "empty_message",
  "tools_not_declared",
  "arguments_not_object",
  "thinking_not_kept",
  "thinking_block_missing",
  "blank_text",
  "null_content",
  "signature_missing",
] as const;

/** A rule's id. */
export type RuleId = (typeof RULE_IDS)[number];

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

/** What a codec says of one rule: what it refuses, the provider's words, and where that is documented. */
export interface RuleSpec {
  /** What the provider refuses, in one phrase (for the docs' table). */
  readonly refuses: string;
  /** The provider's own error text, quoted in the explanation. */
  readonly words?: string;
  /** Its words for a second result of one call, where they differ (`result_without_call`). */
  readonly wordsForSecond?: string;
  /** Where the rule is documented or reported (Markdown, with links). */
  readonly source: string;
}

/** The options some rules take. */
interface RuleOptions {
  /** Where an id used twice is refused: anywhere in the history, or among one turn's calls. */
  readonly duplicate_call_id: { readonly scope: "history" | "turn" };
  /** The ids the provider takes. */
  readonly call_id_pattern: { readonly pattern: RegExp; readonly maxLength?: number };
  /** `onlyWithCall`: refused only when the model's first turn holds a call (a first turn of text is taken). */
  readonly first_message_not_user: { readonly onlyWithCall?: boolean };
  /** The models that refuse it, where the provider's others take it. */
  readonly signature_missing: { readonly models: string };
}

/** A rule's entry in a codec: its spec and its options. */
export type RuleEntry<R extends RuleId> = RuleSpec & (R extends keyof RuleOptions ? RuleOptions[R] : unknown);

/** A provider's replay rules, as its codec declares them. */
export interface Replay {
  /** Whose words the rules quote: "OpenAI", "Anthropic", … */
  readonly by: string;
  /**
   * Where a turn's results must stand: as the messages right after it (Chat), as the first blocks of the next user
   * turn (Anthropic, Gemini, Bedrock), or anywhere later, paired by id (Responses).
   */
  readonly results: "next_messages" | "next_turn_first" | "anywhere_later";
  /** The key of the body's list of turns (`messages`, `contents`), for a rule about a turn. */
  readonly turns?: string;
  readonly rules: { readonly [R in RuleId]?: RuleEntry<R> };
  /** The models the verdict holds for, where the provider's models differ in their rules. */
  readonly models?: readonly string[];
  /** Rules considered for this provider and not checked, each with why (Markdown, for the docs). */
  readonly notChecked?: readonly string[];
  /**
   * Calls and results the provider pairs with nothing, by the ids the codec's reader makes for them (Chat
   * Completions' legacy `function_call`, which carries no id): in a history recorded in this format, no rule about a
   * call id applies to them. `why` is said in the docs.
   */
  readonly unpaired?: { readonly ids: RegExp; readonly why: string };
}

/** A run to check, in the shapes every rule reads. */
export interface ReplayRun {
  readonly trace: Pick<Trace, "messages" | "steps" | "tools">;
  /** Every message of the run, the final reply included. */
  readonly messages: readonly Message[];
  /** The request body the provider's codec writes for the whole history. */
  readonly body: unknown;
  /** Whether the history was recorded in this provider's format (its opaque state is checked only then). */
  readonly own: boolean;
  readonly replay: Replay;
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
/** An object that holds a call: a Chat tool call, a Responses function_call, a tool_use block, a toolUse or a functionCall. */
const isCallHolder = (node: Record<string, unknown>, parentKey: string) =>
  parentKey === "tool_calls" ||
  node.type === "function_call" ||
  node.type === "tool_use" ||
  parentKey === "toolUse" ||
  parentKey === "functionCall";

/** The paths of every call id and every result id in a body, in document order. */
function idPaths(body: unknown): { calls: Map<string, string[]>; results: Map<string, string[]> } {
  const calls = new Map<string, string[]>();
  const results = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, id: string, path: string) => {
    const paths = map.get(id);
    if (paths === undefined) map.set(id, [path]);
    else paths.push(path);
  };
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

/**
 * Where a call or result with an id shows in the run: its proposal steps, and its execution (or validation) steps,
 * by id, in order — indexed once per check, so a long run is not scanned again for every call.
 */
function stepIndex(trace: Pick<Trace, "steps">): (id: string, kind: "call" | "result", nth?: number) => number {
  const calls = new Map<string, number[]>();
  const results = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, id: string, step: number) => {
    const steps = map.get(id);
    if (steps === undefined) map.set(id, [step]);
    else steps.push(step);
  };
  for (const s of trace.steps) {
    if (s.kind === "proposal") for (const id of new Set(s.callIds)) add(calls, id, s.number);
    else if ((s.kind === "execution" || s.kind === "validation") && s.toolResult !== null)
      add(results, s.toolResult.callId, s.number);
  }
  const last = trace.steps.at(-1)?.number ?? 1;
  return (id, kind, nth = 0) => {
    const steps = (kind === "call" ? calls : results).get(id);
    return steps?.[nth] ?? steps?.[0] ?? last;
  };
}

/** The index of the run's `nth` message of `role` (a result counts as the user's). */
function indexOfNth(messages: readonly Message[], role: "assistant" | "user", nth: number): number {
  let seen = 0;
  for (const [i, m] of messages.entries()) {
    if ((m.role === "assistant") !== (role === "assistant") || m.role === "system") continue;
    if (seen === nth) return i;
    seen += 1;
  }
  return messages.length - 1;
}

/** Where a message shows: the model call whose reply it is, or the task step that tells it, else the first step after. */
function stepOfMessage(trace: Pick<Trace, "steps">, index: number): number {
  const exact = trace.steps.find((s) => s.contextEnd === index && (s.kind === "model_call" || s.kind === "task"));
  return (exact ?? trace.steps.find((s) => s.contextEnd > index) ?? trace.steps.at(-1))?.number ?? 1;
}

/** What every rule is given: the run, where its ids are in the body, and how to word a problem. */
interface Context extends ReplayRun {
  readonly callPath: (id: string, nth?: number) => string;
  readonly resultPath: (id: string, nth?: number) => string;
  readonly step: (id: string, kind: "call" | "result", nth?: number) => number;
  /** The explanation with the provider's words after it (or the words given), where the codec quotes them. */
  readonly say: (rule: RuleId, explanation: string, words?: string) => string;
  /** Each call of each model turn with calls, and where its result is. */
  readonly outcomes: () => readonly CallOutcome[];
}

/** A call and where its result stands: where the provider wants it, later than that, or nowhere in time. */
interface CallOutcome {
  readonly callId: string;
  readonly name: string;
  readonly result: "placed" | "late" | "missing";
}

/** Each call's outcome under the codec's placement rule (a history that ends on the proposal is not sent yet). */
function outcomesOf(messages: readonly Message[], results: Replay["results"]): CallOutcome[] {
  // Where each id's results are, for "anywhere later".
  const resultAt = new Map<string, number[]>();
  messages.forEach((m, i) => {
    if (m.role !== "tool") return;
    const at = resultAt.get(m.callId);
    if (at === undefined) resultAt.set(m.callId, [i]);
    else at.push(i);
  });
  const out: CallOutcome[] = [];
  messages.forEach((m, i) => {
    if (m.role !== "assistant" || m.toolCalls.length === 0 || i === messages.length - 1) return;
    // The messages until the model's next turn: where this turn's results must be.
    let end = i + 1;
    while (end < messages.length && messages[end]?.role !== "assistant") end += 1;
    const leading = new Set<string>();
    const later = new Set<string>();
    let inBlock = true;
    for (let j = i + 1; j < end; j += 1) {
      const next = messages[j] as Message;
      if (next.role !== "tool") inBlock = false;
      else (inBlock ? leading : later).add(next.callId);
    }
    for (const call of m.toolCalls) {
      const placed =
        results === "anywhere_later"
          ? (resultAt.get(call.callId) ?? []).some((at) => at > i)
          : leading.has(call.callId);
      out.push({
        callId: call.callId,
        name: call.name,
        result: placed ? "placed" : later.has(call.callId) ? "late" : "missing",
      });
    }
  });
  return out;
}

/** The body's list of turns (`messages`, `contents`) and its key. */
function bodyTurns(run: ReplayRun): { key: string; turns: readonly Record<string, unknown>[] } {
  const key = run.replay.turns ?? "messages";
  const turns = (run.body as Record<string, unknown>)[key];
  return { key, turns: Array.isArray(turns) ? (turns as Record<string, unknown>[]) : [] };
}

/** The step where the body's turn `i` shows: the body's k-th turn of a role is the run's k-th message of that role. */
function stepOfTurn(run: ReplayRun, turns: readonly Record<string, unknown>[], i: number): number {
  const model = (turn: Record<string, unknown> | undefined) => turn?.role === "assistant" || turn?.role === "model";
  const nth = turns.slice(0, i).filter((earlier) => model(earlier) === model(turns[i])).length;
  return stepOfMessage(run.trace, indexOfNth(run.messages, model(turns[i]) ? "assistant" : "user", nth));
}

// ---- the rules ---------------------------------------------------------------------------------------------------

type Check<R extends RuleId> = (run: Context, entry: RuleEntry<R>) => CheckProblem[];

const CHECKS: { readonly [R in RuleId]: Check<R> } = {
  call_without_result: (run) =>
    run.outcomes().flatMap((call) =>
      call.result === "missing" ||
      (call.result === "late" && run.replay.rules.result_not_right_after_call === undefined)
        ? [
            {
              rule: "call_without_result" as const,
              path: run.callPath(call.callId),
              step: run.step(call.callId, "call"),
              callId: call.callId,
              explanation: run.say(
                "call_without_result",
                `${call.callId} (${call.name}) has no result before the model's next turn`,
              ),
            },
          ]
        : [],
    ),

  result_not_right_after_call: (run) =>
    run.outcomes().flatMap((call) =>
      call.result === "late"
        ? [
            {
              rule: "result_not_right_after_call" as const,
              path: run.resultPath(call.callId),
              step: run.step(call.callId, "result"),
              callId: call.callId,
              explanation: run.say(
                "result_not_right_after_call",
                run.replay.results === "next_turn_first"
                  ? `the result of ${call.callId} comes after other content in the next user turn: tool results must come first in it`
                  : `the result of ${call.callId} does not follow its call at once: other messages come between them`,
              ),
            },
          ]
        : [],
    ),

  result_without_call: (run) => {
    const { messages } = run;
    const problems: CheckProblem[] = [];
    const called = new Map<string, number>();
    const answered = new Map<string, number>();
    let lastTurn: Message | undefined;
    for (const m of messages) {
      if (m.role === "assistant") {
        lastTurn = m;
        for (const call of m.toolCalls) called.set(call.callId, (called.get(call.callId) ?? 0) + 1);
        continue;
      }
      if (m.role !== "tool") continue;
      const times = answered.get(m.callId) ?? 0;
      answered.set(m.callId, times + 1);
      // A reused id answered again after it was called again is fine; more results than calls is not.
      const extra = times + 1 > (called.get(m.callId) ?? 0);
      // The call it answers: in the model's latest turn before it (anywhere earlier, where results may stand anywhere).
      const answers =
        run.replay.results === "anywhere_later"
          ? called.has(m.callId)
          : lastTurn?.role === "assistant" && lastTurn.toolCalls.some((c) => c.callId === m.callId);
      if (answers && !extra) continue;
      problems.push({
        rule: "result_without_call",
        path: run.resultPath(m.callId, times),
        step: run.step(m.callId, "result", times),
        callId: m.callId,
        explanation: answers
          ? run.say(
              "result_without_call",
              `a second result for ${m.callId}: its call was answered already`,
              run.replay.rules.result_without_call?.wordsForSecond,
            )
          : run.say("result_without_call", `the result for ${m.callId} answers no call of the model's turn before it`),
      });
    }
    return problems;
  },

  duplicate_call_id: (run, { scope }) => {
    const problems: CheckProblem[] = [];
    const seen = new Map<string, number>();
    for (const m of run.messages) {
      if (m.role !== "assistant") continue;
      const inTurn = new Set<string>();
      for (const call of m.toolCalls) {
        const times = seen.get(call.callId) ?? 0;
        seen.set(call.callId, times + 1);
        const twice = scope === "history" ? times > 0 : inTurn.has(call.callId);
        inTurn.add(call.callId);
        if (twice)
          problems.push({
            rule: "duplicate_call_id",
            path: run.callPath(call.callId, times),
            step: run.step(call.callId, "call", times),
            callId: call.callId,
            explanation: run.say(
              "duplicate_call_id",
              `the call id ${call.callId} is used by an earlier call too: its results cannot be told apart`,
            ),
          });
      }
    }
    return problems;
  },

  call_id_pattern: (run, { pattern, maxLength }) => {
    const problems: CheckProblem[] = [];
    const named = new Set<string>();
    for (const m of run.messages) {
      if (m.role !== "assistant") continue;
      for (const call of m.toolCalls) {
        const tooLong = maxLength !== undefined && call.callId.length > maxLength;
        if ((pattern.test(call.callId) && !tooLong) || named.has(call.callId)) continue;
        named.add(call.callId);
        problems.push({
          rule: "call_id_pattern",
          path: run.callPath(call.callId),
          step: run.step(call.callId, "call"),
          callId: call.callId,
          explanation: run.say(
            "call_id_pattern",
            tooLong && pattern.test(call.callId)
              ? `the call id ${call.callId} is longer than the ${maxLength} characters this provider takes in an id`
              : `the call id ${call.callId} has characters this provider does not take in an id (${pattern.source})`,
          ),
        });
      }
    }
    return problems;
  },

  first_message_not_user: (run, { onlyWithCall }) => {
    const key = run.replay.turns;
    if (key === undefined) return [];
    const turns = ((run.body as Record<string, unknown>)[key] ?? []) as readonly { role?: unknown }[];
    if (turns.length === 0 || turns[0]?.role === "user") return [];
    const firstModel = run.messages.find((m) => m.role === "assistant");
    if (onlyWithCall === true && (firstModel?.role !== "assistant" || firstModel.toolCalls.length === 0)) return [];
    return [
      {
        rule: "first_message_not_user",
        path: `${key}.0.role`,
        step: run.trace.steps.find((s) => s.kind === "model_call")?.number ?? 1,
        explanation: run.say(
          "first_message_not_user",
          onlyWithCall === true
            ? "the conversation starts with the model's turn, which holds a function call: a call must follow a user's turn"
            : "the conversation starts with the model's turn: it must start with the user's",
        ),
      },
    ];
  },

  result_turn_has_other_content: (run) => {
    const key = run.replay.turns ?? "messages";
    const bodyTurns = ((run.body as Record<string, unknown>)[key] ?? []) as readonly {
      content?: readonly Record<string, unknown>[];
    }[];
    const { messages } = run;
    // A user's message is the run's n-th user message, told at its n-th task step.
    const tasks = run.trace.steps.filter((step) => step.kind === "task");
    let users = 0;
    return messages.flatMap((m, i) => {
      if (m.role !== "user") return [];
      const nth = users;
      users += 1;
      const result = messages[i - 1];
      if (result?.role !== "tool") return [];
      const turn = Number(run.resultPath(result.callId).split(".")[1]);
      const other = bodyTurns[turn]?.content?.findIndex((block) => !("toolResult" in block)) ?? -1;
      const task = tasks[nth];
      return [
        {
          rule: "result_turn_has_other_content" as const,
          path: `${key}.${turn}.content.${Math.max(0, other)}`,
          step: task?.number ?? 1,
          explanation: run.say(
            "result_turn_has_other_content",
            "the user's message follows tool results in the same turn: a turn that returns tool results holds nothing else",
          ),
        },
      ];
    });
  },

  empty_message: (run) => {
    const { key, turns } = bodyTurns(run);
    const isEmpty = (content: unknown) =>
      content === null || content === undefined || content === "" || (Array.isArray(content) && content.length === 0);
    return turns.flatMap((turn, i) => {
      // A final model turn may be empty (a prefill of nothing).
      if (!isEmpty(turn.content) || (i === turns.length - 1 && turn.role === "assistant")) return [];
      return [
        {
          rule: "empty_message" as const,
          path: `${key}.${i}.content`,
          step: stepOfTurn(run, turns, i),
          explanation: run.say(
            "empty_message",
            `the ${turn.role === "assistant" ? "model's" : "user's"} message at ${key}.${i} has no content`,
          ),
        },
      ];
    });
  },

  tools_not_declared: (run) => {
    const first = run.messages.find((m) => m.role === "assistant" && m.toolCalls.length > 0);
    if (first?.role !== "assistant" || run.trace.tools.length > 0) return [];
    return [
      {
        rule: "tools_not_declared",
        path: "toolConfig",
        step: run.step(first.toolCalls[0]?.callId ?? "", "call"),
        explanation: run.say("tools_not_declared", "the history has tool calls but the request declares no tools"),
      },
    ];
  },

  arguments_not_object: (run) =>
    run.messages.flatMap((m) =>
      m.role !== "assistant"
        ? []
        : m.toolCalls.flatMap((call) =>
            call.rawArguments === undefined
              ? []
              : [
                  {
                    rule: "arguments_not_object" as const,
                    path: run.callPath(call.callId),
                    step: run.step(call.callId, "call"),
                    callId: call.callId,
                    explanation: run.say(
                      "arguments_not_object",
                      `the arguments of ${call.callId} are not a JSON object, which this provider's calls must carry`,
                    ),
                  },
                ],
          ),
    ),

  // Opaque state the provider wants back with a turn's tool calls, as the history kept it: checked only for the
  // provider whose state it is (the history was recorded in its format).
  thinking_not_kept: (run) =>
    !run.own
      ? []
      : run.messages.flatMap((m) => {
          const first = m.role === "assistant" ? m.toolCalls[0] : undefined;
          if (m.role !== "assistant" || first === undefined) return [];
          const reasoning = (m.parts ?? []).filter((p) => p.type === "reasoning");
          if (reasoning.length === 0 || reasoning.some((p) => p.type === "reasoning" && p.signed === true)) return [];
          return [
            {
              rule: "thinking_not_kept" as const,
              path: run.callPath(first.callId),
              step: run.step(first.callId, "call"),
              callId: first.callId,
              explanation: run.say(
                "thinking_not_kept",
                "this turn has thinking without its signature: with thinking on, a turn with tool_use must be sent back with its thinking block and signature unchanged",
              ),
            },
          ];
        }),

  // With thinking on (the history holds thinking), the model's last turn of the tool loop in progress — the one
  // before the lastmost set of results — must start with a thinking block.
  thinking_block_missing: (run) => {
    if (!run.own) return [];
    const { messages } = run;
    const thinks = messages.some((m) => m.role === "assistant" && (m.parts ?? []).some((p) => p.type === "reasoning"));
    if (!thinks) return [];
    // The last results of the history, with no user text after them: the loop in progress.
    let last = messages.length - 1;
    const isReply = (m: Message | undefined) => m?.role === "assistant" && m.toolCalls.length === 0;
    while (last >= 0 && isReply(messages[last])) last -= 1;
    if (messages[last]?.role !== "tool") return [];
    let turn = last;
    while (turn >= 0 && messages[turn]?.role === "tool") turn -= 1;
    const m = messages[turn];
    const first = m?.role === "assistant" ? m.toolCalls[0] : undefined;
    if (m?.role !== "assistant" || first === undefined) return [];
    const opening = (m.parts ?? [])[0];
    if (opening?.type === "reasoning") return [];
    return [
      {
        rule: "thinking_block_missing",
        path: run.callPath(first.callId),
        step: run.step(first.callId, "call"),
        callId: first.callId,
        explanation: run.say(
          "thinking_block_missing",
          "the model's turn before the last tool results does not start with a thinking block, which a request with thinking on requires",
        ),
      },
    ];
  },

  // The current turn (from the last user message with text on) as recorded in the provider's own format: the first
  // call of each of the model's steps in it must have come with its signature (Gemini 3's thoughtSignature, which
  // the figure's writer replaces with Google's placeholder, so only a recorded history can lack it).
  signature_missing: (run, { models }) => {
    if (!run.own) return [];
    const { messages } = run;
    let start = 0;
    messages.forEach((m, i) => {
      if (m.role === "user" && m.content !== "") start = i;
    });
    const problems: CheckProblem[] = [];
    let stepOpen = false;
    for (const m of messages.slice(start)) {
      if (m.role !== "assistant") {
        stepOpen = false;
        continue;
      }
      const first = m.toolCalls[0];
      // Consecutive model messages are one step (one model content): its first call is the one signed.
      if (first === undefined || stepOpen) continue;
      stepOpen = true;
      const part = (m.parts ?? []).find((p) => p.type === "tool_call");
      if (part?.type === "tool_call" && part.signed === true) continue;
      problems.push({
        rule: "signature_missing",
        path: run.callPath(first.callId),
        step: run.step(first.callId, "call"),
        callId: first.callId,
        explanation: run.say(
          "signature_missing",
          `${first.callId} (${first.name}), the first call of a step in the current turn, was recorded without its thoughtSignature, which ${models} models require`,
        ),
      });
    }
    return problems;
  },

  // A text block whose text is empty or only white space, in any turn (Bedrock's "is blank").
  blank_text: (run) => {
    const { key, turns } = bodyTurns(run);
    return turns.flatMap((turn, i) => {
      const blocks = Array.isArray(turn.content) ? (turn.content as unknown[]) : [];
      return blocks.flatMap((block, j) => {
        const text = typeof block === "object" && block !== null ? (block as Record<string, unknown>).text : undefined;
        if (typeof text !== "string" || text.trim() !== "") return [];
        const path = `${key}.${i}.content.${j}`;
        return [
          {
            rule: "blank_text" as const,
            path,
            step: stepOfTurn(run, turns, i),
            explanation: run.say("blank_text", `the text block at ${path} is blank`),
          },
        ];
      });
    });
  },

  // A model message recorded with `content: null` and no tool calls: what the history holds, not what a writer would
  // put there, so only for a history recorded in the provider's own format.
  null_content: (run) => {
    if (!run.own) return [];
    const { key, turns } = bodyTurns(run);
    const at = turns.flatMap((turn, i) => (turn.role === "assistant" ? [i] : []));
    let nth = -1;
    return run.messages.flatMap((m, index) => {
      if (m.role !== "assistant") return [];
      nth += 1;
      if (m.content !== null || m.toolCalls.length > 0) return [];
      const path = `${key}.${at[nth] ?? index}.content`;
      return [
        {
          rule: "null_content" as const,
          path,
          step: stepOfMessage(run.trace, index),
          explanation: run.say("null_content", `the model's message at ${path} has content null and no tool calls`),
        },
      ];
    });
  },
};

/**
 * Check a run for one provider: every problem a request made of its history would be refused for, under the
 * rules its codec declares, in the order of the steps. An empty list: the provider's documented rules accept it.
 */
export function checkRules(run: ReplayRun): CheckProblem[] {
  const paths = idPaths(run.body);
  let outcomes: CallOutcome[] | undefined;
  const context: Context = {
    ...run,
    callPath: (id, n = 0) => paths.calls.get(id)?.[n] ?? paths.calls.get(id)?.[0] ?? "",
    resultPath: (id, n = 0) => paths.results.get(id)?.[n] ?? paths.results.get(id)?.[0] ?? "",
    step: stepIndex(run.trace),
    say: (rule, explanation, given) => {
      const words = given ?? run.replay.rules[rule]?.words;
      return words === undefined ? explanation : `${explanation} (${run.replay.by}: "${words}")`;
    },
    outcomes: () => {
      outcomes ??= outcomesOf(run.messages, run.replay.results);
      return outcomes;
    },
  };
  const problems = RULE_IDS.flatMap((rule) => {
    const entry = run.replay.rules[rule];
    return entry === undefined ? [] : (CHECKS[rule] as Check<RuleId>)(context, entry as RuleEntry<RuleId>);
  });
  // Written back in the form it was recorded in, a call or result the provider pairs with nothing has no id to check.
  const unpaired = run.own ? run.replay.unpaired?.ids : undefined;
  const kept =
    unpaired === undefined ? problems : problems.filter((p) => p.callId === undefined || !unpaired.test(p.callId));
  return kept.sort((a, b) => a.step - b.step);
}
