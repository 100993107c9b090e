/**
 * The English step phrases: every step's title, caption and arrow label, from its facts, for any trace, and the
 * engine's errors in words. The figure's other words are ./labels.en.ts; ./catalog.en.ts is both.
 */
import {
  type DoneCheck,
  type Evidence,
  type FinishStep,
  type RecordedCause,
  type RecordedCheck,
  rpcOf,
  type StoppedCall,
} from "../engine";
import type { ResultKind, StepFacts, TitleFacts, ToolEffect, TranscriptEnd } from "./facts";
import { labels } from "./labels.en";
import { clip, resultLabel, stepWords, toolTally } from "./step-words";
import type { StepPhrases, StepPhrasing } from "./types";

/** A tool's name, or a mark that the transcript did not say it (a result whose call is missing). */
const named = (name: string): string => (name === "" ? "(name unknown)" : name);

/** A recorded model call that did not complete, after its title. */
const STOPPED_TITLE: Readonly<Record<StoppedCall, string>> = {
  aborted: " — stopped by the user",
  error: " — ended in an error",
};

/** A recorded model call that did not complete, as a sentence: it is not a reply, and nothing it proposed ran. */
const STOPPED: Readonly<Record<StoppedCall, string>> = {
  aborted:
    "The user stopped this model call before it finished: the log keeps what the model had written so far, and any call in it was never run. The loop did not end by the model's choice; the user's next message starts a new turn.",
  error:
    "This model call ended in an error, not a reply: the request failed (the note at this step gives the log's words), so what the model had written so far is all there is, and any call in it was never run.",
};

/** What a model call feeds back, by its kind. */
const FED_TITLE: Readonly<Record<Exclude<TitleFacts["fedKind"], "none">, string>> = {
  result: "result",
  error: "error result",
  results: "results",
};

const TITLES: StepPhrases<TitleFacts> = {
  task: (step, facts) => {
    return facts.laterTurn ? `The user writes: “${step.request}”` : `The user's task: “${step.request}”`;
  },
  model_call: (step, facts) => {
    // A transcript that starts at the model's answer holds none of the request that asked for it.
    if (step.contextEnd === 0) return `Model call ${step.modelCall}: its request is not in the transcript`;
    return facts.fedKind === "none"
      ? `Host builds the context and calls the model (model call ${step.modelCall})`
      : `Host feeds back the ${FED_TITLE[facts.fedKind]} of ${facts.fedCallIds.join(", ")} and calls the model (model call ${step.modelCall})`;
  },
  proposal: (step) => {
    return `Model proposes ${step.calls.map((c) => `${c.name} (${c.callId})`).join(", ")}${step.stopped === undefined ? "" : STOPPED_TITLE[step.stopped]}`;
  },
  validation: (step) => {
    return {
      approved: `Host checks ${step.call.callId}: approved`,
      refused: `Host checks ${step.call.callId}: refused`,
      replayed: `Host checks ${step.call.callId}: operation already done, answered from record`,
    }[step.verdict];
  },
  execution: (step) => {
    if (step.lost === true) return `Tool runs ${named(step.call.name)}; its answer is lost, the host gets a timeout`;
    if (step.fromRecord === true)
      return `Tool answers ${named(step.call.name)} from its record; the host tags the result ${step.call.callId}`;
    if (step.recordedCause === "interrupted")
      return `Tool runs ${named(step.call.name)}, cancelled before it returns; the host tags the result ${step.call.callId}`;
    if (step.recordedCause === "cancelled")
      return `${named(step.call.name)} is cancelled before it returns; the cancellation is the result, tagged ${step.call.callId}`;
    if (step.recordedCause !== undefined && step.recordedCause !== "tool")
      return `${named(step.call.name)} does not run; ${{ host: "the agent's error", user: "the user's denial", skipped: "its cancellation" }[step.recordedCause]} is the result, tagged ${step.call.callId}`;
    if (step.toolResult?.status === "error")
      return `An error comes back for ${named(step.call.name)}; the host tags it ${step.call.callId}`;
    return `Tool runs ${named(step.call.name)}; the host tags the result ${step.call.callId}`;
  },
  mcp_request: (step) => {
    return `Host asks the MCP server: tools/call ${step.call.name}, request id ${rpcOf(step).id} for ${step.call.callId}`;
  },
  mcp_response: (step) => {
    return rpcOf(step).isError
      ? `MCP server answers request ${rpcOf(step).id} with isError; the host feeds it back as the error result of ${step.call.callId}`
      : `MCP server answers request ${rpcOf(step).id}; the host feeds it back as the result of ${step.call.callId}`;
  },
  answer: (step) => {
    if (step.stopped === "aborted") return "The user stops the model call before it replies";
    if (step.stopped === "error") return "The model call ends in an error, with no reply";
    return "The model replies without a tool call";
  },
  finish: (step) => {
    // A recorded run's end, whatever its log's own check decided: the verdict is beside the title, by its maker.
    if (step.recorded !== undefined) return "The transcript ends here";
    return {
      completed: "Host checks the environment: done, and delivers the answer",
      refused: "Host checks the environment: not done, and a call was refused on the way",
      verification_missing: "Host checks the environment: not verified, not done",
      budget_exhausted: "Host stops: the model-call budget is used up",
      not_recorded: "The transcript ends here",
    }[step.outcome];
  },
};

/** How a transcript ends, in words. */
const TRANSCRIPT_ENDS: Readonly<Record<TranscriptEnd, (step: FinishStep) => string>> = {
  proposal: (step) =>
    `The transcript ends on the model's proposal (${step.pendingCallIds.join(", ")}): those calls have not been run, and no result is recorded.`,
  results: () =>
    "The transcript ends with tool results no model call has been given yet: the next model call is pending, and the transcript does not contain it.",
  user: () => "The transcript ends with the user's message, which no model call has answered yet.",
  reply: () => "The model's last reply has no tool call, and the transcript ends there.",
  finished: (step) =>
    `The model called ${step.ended?.tool ?? "its finish tool"}, the agent's own tool for ending the run, and the agent ended it there${step.ended?.status === null || step.ended?.status === undefined ? "" : ` (its exit status: “${step.ended.status}”)`}: the run is over by the agent's decision on the model's proposal, and no model call is pending.`,
};

/** A check the log records, as a clause: who made it, what it gave, against what. */
const scorerGave = (check: RecordedCheck) =>
  check.by === "reviewer"
    ? check.passed === null
      ? `the reviewer gave it ${check.value} (its pass mark is in the run's configuration, not in the log)`
      : `the reviewer ${check.passed ? "accepted" : "did not accept"} it (accept: ${check.value})`
    : `the scorer ${check.name} gave ${check.value}${check.target === null ? "" : ` against the target ${check.target}`}`;

/** The end of a run whose log records checks of the task (an evaluation's scorers): they, not the reply, decide. */
function recordedFinish(step: FinishStep, checks: readonly RecordedCheck[], facts: StepFacts): string {
  const those = checks.length > 1 ? "those checks" : "that check";
  const open = checks.filter((check) => check.passed === null).map((check) => check.name);
  const reviewed = checks.every((check) => check.by === "reviewer");
  const verdict =
    step.outcome === "verification_missing"
      ? `By ${those} the task is not done${step.answer === null ? "" : ", whatever the reply says"}${reviewed ? ": a prediction, not a test" : ""}.`
      : step.outcome === "completed"
        ? reviewed
          ? `By ${those} the task is done: a model's prediction, not a test of the patch.`
          : `By ${those} the task is done: the verdict is the scorer's, not the model's word.`
        : reviewed
          ? "So the log records no verdict on whether the task got done: no test of the patch is in it."
          : `The log gives ${open.join(", ")} no pass mark, so it records no verdict on whether the task got done.`;
  const who = reviewed
    ? "Once the agent had submitted, it had another model judge the submission from the trajectory and the patch"
    : "Once the model had stopped, the evaluation checked the task itself, not the reply's words";
  return `${TRANSCRIPT_ENDS[facts.transcriptEnd ?? "reply"](step)} ${who}: ${checks.map(scorerGave).join("; ")}. ${verdict}`;
}

/** Every engine error, by code, in English. */
const ERRORS: StepPhrasing["errors"] = {
  invalid_call_fields: "A call must have exactly the fields id, tool and args",
  invalid_call_id: "A call id must be a non-empty string",
  tool_not_allowed: "This tool is not allowed",
  scope_violation: "The call reaches outside its allowed scope",
  policy_refused: "Its argument values break one of the host's rules",
  idempotency_conflict: "One idempotency id cannot stand for two different actions",
  missing_evidence: "Missing prior evidence",
  unknown_tool: "Unknown teaching tool",
  invalid_budget: "The turn budget must be a positive integer",
};

/** A fed result's name, by what it is, and why it is an error (nothing for a plain result). */
const FED: Readonly<Record<ResultKind, string>> = {
  ok: "the result of",
  refused: "the error result of",
  failed: "the error result of",
  lost: "the error result of",
  error: "the error result of",
};
const FED_WHY: Readonly<Record<ResultKind, string>> = {
  ok: "",
  refused: " (why the host refused it)",
  failed: " (the tool ran and failed)",
  lost: " (a timeout: the tool's answer was lost on the way)",
  error: "",
};

/** Why the operation-id check does not apply, by what the tool does. */
const NO_OPERATION_ID: Readonly<Record<ToolEffect, string>> = {
  reads: "this tool only reads and has no operation id, so that check does not apply.",
  side_effect:
    "this tool acts outside the files (it sends, prints or charges) yet has no operation id, so that check does not apply and nothing stops a repeat from acting twice.",
  writes:
    "this tool changes something yet has no operation id, so that check does not apply and nothing stops a repeat from running twice.",
  unknown: "this tool has no operation id, so that check does not apply.",
};

/** What went wrong on the way to a completed run: failed executions, answers lost (nothing when neither). */
function onTheWay(facts: StepFacts): string {
  const failed = facts.failedExecutions;
  const lost = facts.lostAnswers;
  return [
    failed > 0 ? `${failed} tool execution${failed === 1 ? "" : "s"} failed on the way` : "",
    lost > 0 ? `${lost} answer${lost === 1 ? " was" : "s were"} lost on the way, the work done` : "",
  ]
    .filter(Boolean)
    .join("; ");
}

/** Checks in quotes, as the host's checklist words them. */
const quoted = (checks: readonly DoneCheck[]): string => checks.map((c) => `“${labels.ui.doneCheck(c)}”`).join(", ");

/** Which of the host's checks did not pass, in words: the one check, or those of several that do not hold. */
function unheld(step: FinishStep, facts: StepFacts): string {
  if ((step.checks?.length ?? 1) <= 1 || facts.failedChecks.length === 0) return "the check does not pass";
  return `${quoted(facts.failedChecks)} ${facts.failedChecks.length === 1 ? "does" : "do"} not hold`;
}

/** What a precondition wanted and did not find, in words. */
function wantedText(wanted: Evidence, tool: string): string {
  if ("file" in wanted) return `${tool} needs ${wanted.file} read first, and no tool has read it`;
  const values = Object.entries(wanted.args).map(([key, value]) => `${key} ${JSON.stringify(value)}`);
  return `${tool} needs a successful ${wanted.tool} result${values.length > 0 ? ` for ${values.join(", ")}` : ""} first, and there is none`;
}

/** That a result comes back before the results of calls proposed ahead of it (nothing when it overtakes none). */
/** What an agent's log says made an error result, as the step's first sentence. */
const recordedCause = (cause: RecordedCause, name: string): string =>
  `The log says ${
    {
      tool: `${name} ran and failed.`,
      host: `the agent did not run ${name}: it refused the call or could not run it; its own error is the result.`,
      user: `the user denied ${name}: it did not run; the denial is the result.`,
      skipped: `${name} was cancelled before it ran; the cancellation is the result.`,
      cancelled: `${name} was cancelled before it returned (whether it had started, the log does not say); the cancellation is the result.`,
      interrupted: `${name} started to run and was cancelled before it returned; what it printed until then, and the cancellation, are the result.`,
    }[cause]
  }`;

function overtakes(overtaken: readonly string[], callId: string): string {
  if (overtaken.length === 0) return "";
  const ids = overtaken.join(" and ");
  return ` This result comes back before that of ${ids}, proposed earlier: the order results arrive in pairs nothing, and only ${callId} says which request it answers.`;
}

const CAPTIONS: StepPhrases<StepFacts> = {
  task: (_step, facts) => {
    if (facts.laterTurn)
      return "The user's next message goes to the host, which adds it to the context of its next model call. The model sees it only then.";
    return "The user hands the task to the host program. The model has seen nothing of the environment: keep the user's task apart from what is really there — the task is only a request, and what the environment holds is known only once a tool has looked.";
  },
  model_call: (step, facts) => {
    if (step.modelCall === 1 && facts.request === "none")
      return "The transcript starts with the model's answer: the request that asked for it (the user's task, and any tools) is not in it, so what the model was given is not recorded.";
    if (step.modelCall === 1 && facts.request === "no_tools")
      return `The host puts ${facts.systemNote ? "its system note and the user's task" : "the user's task"} into the context and calls the model (model call ${step.modelCall}). The transcript declares no tools, so which tools the model could ask for is not shown. Nothing from the environment is there yet: the model knows the task, not what a tool would find.`;
    if (step.modelCall === 1) {
      return `The host puts ${facts.systemNote ? "its system note and the user's task" : "the user's task"} into the context and calls the model (model call ${step.modelCall}). The tools the model may ask for are declared beside the messages, in the request's own tools field. Nothing from the environment is there yet: the model knows the task, not what a tool would find.`;
    }
    if (facts.fed.length === 0) {
      return `The host makes model call ${step.modelCall} without appending any tool result: the model sees the same context as before.`;
    }
    const fed = facts.fed.map((r) => `${FED[r.kind]} ${r.callId}${FED_WHY[r.kind]}`).join(", ");
    const appended =
      facts.fed.length === 1
        ? `the model's tool call and ${fed}, paired by the same call_id`
        : `the model's tool calls and their ${facts.fed.length} results — ${fed} — each paired with its call by its own call_id`;
    return `The host appends ${appended}, and makes model call ${step.modelCall}.${facts.firstResult ? " Only now does the model see any result." : ""}`;
  },
  proposal: (step, facts) => {
    const ids = step.calls.map((c) => c.callId).join(", ");
    if (step.stopped !== undefined)
      return `The model had begun to propose ${step.calls.length > 1 ? `${step.calls.length} calls (${ids})` : `a call, ${named(step.calls[0]?.name ?? "")} (${ids})`}. ${STOPPED[step.stopped]}`;
    const many = step.calls.length > 1;
    const what = many
      ? `${step.calls.length} calls at once (${ids})`
      : `a call, ${named(step.calls[0]?.name ?? "")} (${ids})`;
    if (step.idsBy === "parsed")
      return `The model writes ${many ? "commands" : "a command"} in its reply's text, and the agent parses ${many ? "them" : "it"} out as ${what}: nothing has run. This agent's tools are described to the model inside the system message, not declared as tools, and the provider makes no tool call; the figure gives ${many ? "each" : "it"} an id of its own to pair ${many ? "each" : "it"} with its result.`;
    if (step.idsBy === "agent")
      return `The model only proposes ${what}: nothing has run. The provider turns the tokens the model generated into ${many ? "structured tool calls" : "this structured tool call"}, but gives ${many ? "them" : "it"} no id: the agent made ${many ? "these" : "this one"} so it can pair ${many ? "each call" : "the call"} with its result.`;
    if (step.idsBy === "byName")
      return `The model only proposes ${what}: nothing has run. The provider turns the tokens the model generated into ${many ? "structured tool calls" : "this structured tool call"} but, in this request format, gives ${many ? "them" : "it"} no id: a result answers its call by the function's name. The figure gives ${many ? "each" : "it"} an id of its own to draw the pairing.`;
    if (step.idsBy === "figure")
      return `The model only proposes ${what}: nothing has run. The provider turns the tokens the model generated into ${many ? "structured tool calls" : "this structured tool call"}; the log does not record ${many ? "their ids" : "its id"}, so the figure made ${many ? "these" : "this one"} to pair ${many ? "each call" : "the call"} with its result.`;
    const scripted = facts.scriptedIds
      ? " (Here the model is scripted and the figure plays the provider: it numbers the calls as a provider would give them ids.)"
      : "";
    return step.calls.length > 1
      ? `The model only proposes ${step.calls.length} calls at once (${ids}): nothing has run. The provider turns the tokens the model generated into structured tool calls and gives each its id; each call_id only pairs its request with its result to come.${scripted}`
      : `The model only proposes a call, ${named(step.calls[0]?.name ?? "")} (${ids}): nothing has run. The provider turns the tokens the model generated into this structured tool call and gives it its id; the call_id only pairs this request with its result to come.${scripted}`;
  },
  validation: (step, facts) => {
    return {
      // A tool that only reads has nothing a repeat could do twice: the operation-id sentence would only distract.
      approved: `The host checks the proposal against each of its rules and hands it to the tool only if every check passes.${facts.noOperationId ? (facts.toolEffect === "reads" ? "" : ` Repeats are caught by an operation id, not the call_id; ${NO_OPERATION_ID[facts.toolEffect]}`) : " Repeats are caught by the operation id, not the call_id."}`,
      replayed:
        "This operation id has already run exactly this action. The host returns the recorded result (marked replayed) under this request's call_id and does not run it a second time.",
      refused: `The host refuses ${step.call.callId}: ${facts.wanted !== null ? wantedText(facts.wanted, named(step.call.name)) : step.errorCode === null ? "a check failed" : ERRORS[step.errorCode]}. The tool does not run; the reason goes back to the model as an error result with the same call_id.`,
    }[step.verdict];
  },
  execution: (step, facts) => {
    if (facts.resultLost)
      return `The tool does the work of ${named(step.call.name)}, but its answer is lost on the way: the host gets a timeout error, and cannot tell whether the work was done. It tags that error ${step.call.callId}. ${facts.resultReachesModel ? "The model has not seen it yet: the context is unchanged." : "This result never reaches the model's context."}${overtakes(facts.overtaken, step.call.callId)}`;
    if (facts.fromRecord)
      return `The tool finds this operation id in its own record: it did this work before, when its answer was lost. It answers from the record and does nothing again, so the work is done once. The host tags the answer ${step.call.callId}. ${facts.resultReachesModel ? "The model has not seen it yet: the context is unchanged." : "This result never reaches the model's context."}${overtakes(facts.overtaken, step.call.callId)}`;
    return `${facts.causeUnrecorded ? `The run records an error as the result of ${named(step.call.name)}, and not why: whether the host refused the call or the tool ran and failed.` : facts.recordedCause !== null ? recordedCause(facts.recordedCause, named(step.call.name)) : `The tool really runs ${named(step.call.name)} and hands ${facts.toolFailed ? "its error (it ran, and failed)" : "its output"} to the host.`} ${facts.recordedCause === null || facts.recordedCause === "tool" || facts.recordedCause === "interrupted" ? "The tool knows nothing of call_ids: the host" : "The host"} attaches ${step.call.callId} when it builds the tool-result message. ${facts.resultReachesModel ? "The model has not seen it yet: the context is unchanged." : "This result never reaches the model's context."}${overtakes(facts.overtaken, step.call.callId)}`;
  },
  mcp_request: (step, facts) => {
    return `The tool lives in an MCP server, so the host asks the server to run it. Its MCP client sends a JSON-RPC tools/call request with an id of its own, ${facts.rpcId}, not the model's call_id, and remembers that request ${facts.rpcId} stands for ${step.call.callId}. The model sees none of this hop.`;
  },
  mcp_response: (step, facts) => {
    return `${
      facts.mcpError
        ? `The call reached the tool, and the tool failed: MCP reports that inside a successful response (isError: true), not as a JSON-RPC error. The host maps id ${facts.rpcId} back to ${step.call.callId} and passes the failure on as its error result, so the model can act on it.`
        : `The server answers with the same JSON-RPC id, ${facts.rpcId}. The host maps it back: ${facts.rpcId} stands for ${step.call.callId}, so the result goes to the model under ${step.call.callId}. Two ids, two hops, one mapping, kept by the host.`
    }${overtakes(facts.overtaken, step.call.callId)}`;
  },
  answer: (step, facts) => {
    if (step.stopped !== undefined) return STOPPED[step.stopped];
    return `The model answers in words and asks for no tool, so the loop stops calling it: its “done” is a claim, not a result. ${facts.hostChecks ? "The host checks the environment." : facts.recordedCheck !== null ? `Whether it holds is for a check to say, and this run's log records one: ${facts.recordedCheck === "reviewer" ? "its agent's reviewer's (another model's judgment)" : "the evaluation's"}, at the end.` : "Whether it holds is the host's to check, and this run records no such check."} A reply without a tool call is what ends the loop (Chat Completions marks it finish_reason “stop”; Anthropic, stop_reason “end_turn”).`;
  },
  finish: (step, facts) => {
    if (step.recorded !== undefined) return recordedFinish(step, step.recorded, facts);
    return {
      completed: `The host checks the environment itself rather than the answer's words: ${(step.checks?.length ?? 1) > 1 ? `all ${step.checks?.length} checks pass` : "the check passes"} and no call is pending, so the task is complete${onTheWay(facts) === "" ? "" : ` as far as ${(step.checks?.length ?? 1) > 1 ? "those checks go" : "that check goes"} (${onTheWay(facts)})`}. In all: ${step.counters.modelCalls} model calls, ${step.counters.toolExecutions} tool execution${step.counters.toolExecutions === 1 ? "" : "s"}.`,
      refused: `The model stopped asking for tools. The host checks the environment: ${unheld(step, facts)}, and the host refused a call on the way (its step says why), so the task is not complete. The host tells the user so instead of calling it done.`,
      verification_missing: `The model stopped asking for tools, but the host's check of the environment did not pass${facts.failedChecks.length > 0 && (step.checks?.length ?? 0) > 1 ? ` (${quoted(facts.failedChecks)} ${facts.failedChecks.length === 1 ? "does" : "do"} not hold)` : ""}${step.pendingCallIds.length > 0 ? ` (calls still without a result: ${step.pendingCallIds.join(", ")})` : ""}, so the task is not complete.`,
      budget_exhausted: `The model has been called the maximum number of times (${step.counters.modelCalls}); the host stops the loop and the task is not complete.`,
      not_recorded: `${TRANSCRIPT_ENDS[facts.transcriptEnd ?? "reply"](step)} A transcript records no host check of the environment, so whether the task got done is not recorded${step.answer === null ? "" : ", whatever the reply says"}.`,
    }[step.outcome];
  },
};

const ARROWS: StepPhrases = {
  task: () => {
    return "task";
  },
  model_call: (step) => {
    return `context #${step.modelCall}`;
  },
  proposal: (step) => {
    return toolTally(step.calls).join(", ");
  },
  validation: (step) => {
    return { approved: "approved", refused: "refused", replayed: "from record" }[step.verdict];
  },
  execution: (step) => {
    return `result ${resultLabel(step.toolResult?.content ?? "")}`;
  },
  mcp_request: (step) => {
    return `tools/call #${rpcOf(step).id}`;
  },
  mcp_response: (step) => {
    return rpcOf(step).isError ? `#${rpcOf(step).id} isError` : `result #${rpcOf(step).id}`;
  },
  answer: (step) => {
    return `“${clip(step.text)}”`;
  },
  finish: (step) => {
    // A recorded run ends with its transcript, whatever its log's own check decided (said beside the title).
    return step.outcome === "not_recorded" || step.recorded !== undefined
      ? "transcript ends"
      : step.outcome === "completed"
        ? "answer delivered"
        : "not done";
  },
};

export const steps = {
  ...stepWords({ title: TITLES, caption: CAPTIONS, arrow: ARROWS }),
  errors: ERRORS,
} as const satisfies StepPhrasing;
