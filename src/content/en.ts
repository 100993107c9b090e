import { LOOP_ERROR_MESSAGES, type Step } from "../engine";
import type { Catalog } from "./types";

function title(step: Step): string {
  switch (step.kind) {
    case "task":
      return `The user's task: “${step.request}”`;
    case "model_call":
      return step.toolResult === null
        ? `Host builds the context and calls the model (call ${step.modelCall})`
        : `Host feeds back the result of ${step.toolResult.callId} and calls the model (call ${step.modelCall})`;
    case "proposal":
      return `Model proposes ${step.calls.map((c) => `${c.name} (${c.callId})`).join(", ")}`;
    case "validation":
      return {
        approved: `Host checks ${step.callId}: approved`,
        refused: `Host checks ${step.callId}: refused`,
        replayed: `Host checks ${step.callId}: repeat, answered from record`,
      }[step.verdict];
    case "execution":
      return `Tool runs ${step.call.name}; result tagged ${step.callId}`;
    case "answer":
      return "Model gives a final answer (no tool call)";
    case "finish":
      return {
        completed: "Host judges the task complete and delivers the answer",
        unverified: "Host judges the answer unsupported: not complete",
        budget_exhausted: "Host stops: the model-call budget is used up",
      }[step.outcome];
    default: {
      const never: never = step;
      return never;
    }
  }
}

function caption(step: Step): string {
  switch (step.kind) {
    case "task":
      return "The user hands the task to the host program. The model has seen nothing yet, and no file on disk has been read.";
    case "model_call":
      return step.toolResult === null
        ? `The host puts its system note and the user's task into the context and makes model call ${step.modelCall}. The file's content is not there: the model knows the task, not what the file says.`
        : `The host appends the model's tool call and the result of ${step.toolResult.callId}, matched by that id, and makes model call ${step.modelCall}. Only now does the model see a tool result for the first time.`;
    case "proposal":
      return `The model only emits a proposal (${step.callId ?? "no id"}). It is a request written as text: no file has been read and the host has not run anything yet.`;
    case "validation":
      return {
        approved: `The host checks the proposal: the tool is on the allowed list, its arguments stay inside the project, and ${step.callId} is a new id. Only after these checks pass is the action handed to the tool.`,
        replayed: `${step.callId} has already run with exactly the same action. The host returns the recorded result instead of running it a second time.`,
        refused: `The host refuses ${step.callId}: ${step.errorCode === null ? "a check failed" : LOOP_ERROR_MESSAGES[step.errorCode].en}. The tool does not run; the reason goes back to the model as the result.`,
      }[step.verdict];
    case "execution":
      return `The tool really runs ${step.call.name} and returns its output tagged with the same ${step.callId}. The model has not seen it: for now the result sits with the host, and the context is unchanged.`;
    case "answer":
      return `The model answers from the result of ${step.citedCallIds.join(", ") || "(none)"} in its context and asks for no tool. This is still a proposal: the model saying "done" is not the environment being done.`;
    case "finish":
      return {
        completed: `The host confirms no call is pending and the answer rests on the result of ${step.groundedIn.join(", ")}, so it marks the task complete. In all: ${step.counters.modelCalls} model calls, ${step.counters.toolExecutions} tool execution${step.counters.toolExecutions === 1 ? "" : "s"}.`,
        unverified:
          "The model claims to be done, but its answer rests on no result that was fed back, so the host does not count the task as complete.",
        budget_exhausted: `The model has been called the maximum number of times (${step.counters.modelCalls}); the host stops the loop and the task is not complete.`,
      }[step.outcome];
    default: {
      const never: never = step;
      return never;
    }
  }
}

function arrowLabel(step: Step): string {
  switch (step.kind) {
    case "task":
      return "task";
    case "model_call":
      return `context #${step.modelCall}`;
    case "proposal":
      return step.calls.map((c) => c.name).join(", ");
    case "validation":
      return { approved: "approved", refused: "refused", replayed: "from record" }[step.verdict];
    case "execution":
      return `result ${step.toolResult?.content ?? ""}`;
    case "answer":
      return `“${step.text}”`;
    case "finish":
      return step.outcome === "completed" ? "answer delivered" : "not done";
    default: {
      const never: never = step;
      return never;
    }
  }
}

/** English catalog. */
export const en = {
  lang: "en",
  htmlLang: "en",
  languageName: "English",
  lanes: { user: "User", model: "Model", host: "Host", tool: "Tool" },
  kinds: {
    task: "Task",
    model_call: "Model call",
    proposal: "Tool-call proposal",
    validation: "Host check",
    execution: "Tool execution",
    answer: "Final answer",
    finish: "Decision to stop",
  },
  rules: {
    well_formed: "call well formed",
    tool_allowed: "tool allowed",
    in_scope: "within scope",
    new_call_id: "call id is new",
  },
  outcomes: { completed: "completed", unverified: "unverified", budget_exhausted: "budget exhausted" },
  fileStates: { unread: "not read", read: "read" },
  stepTitle: title,
  stepCaption: caption,
  arrowLabel,
  roles: { system: "system", user: "user", assistant: "model", tool: "tool result" },
  ui: {
    figureKicker: "Animated figure · F22",
    figureTitle: "One agent task, broken into the rounds that really happen",
    figureLabel: "Animated figure · F22: one agent task, broken into the rounds that really happen",
    keysActive: "Keys active: ← → step, Space play/pause, Home/End first/last step",
    diagramLabel: "Swimlane diagram: the messages passed between user, model, host and tool",
    lanesLabel: "Lanes",
    actingLane: "acting",
    prev: "Previous",
    next: "Next",
    play: "Play",
    pause: "Pause",
    replay: "Replay",
    counter: (n, total) => `${n} / ${total}`,
    counterLabel: (n, total) => `Step ${n} of ${total}`,
    dwell: "Dwell time",
    dwellValue: (seconds) => `${seconds} s`,
    announce: (n, total, stepTitle) => `Step ${n} of ${total}: ${stepTitle}`,
    contextHeading: "Context",
    contextEmpty: "The model has seen nothing yet.",
    callIdHeading: "Call ID",
    resultHeading: "Tool result",
    noneYet: "none yet",
    fileLabel: "File",
    enlarge: "Enlarge figure",
    close: "Close",
    dialogLabel: "Figure F22, enlarged",
    language: "Language",
    controlsLabel: "Step controls",
    stepLinkProblem: (problem, total, shown) =>
      `${problem === "not_a_number" ? "The link's step is not a number" : `The link asks for a step this figure does not have (it has ${total})`}; showing step ${shown}.`,
    printStepsHeading: "All steps of F22",
    edge: (from, to) => `${from} → ${to}`,
    newInContext: "new",
    replayed: "replayed",
  },
} as const satisfies Catalog;
