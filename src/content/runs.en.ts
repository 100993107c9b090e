import type { RunText } from "./types";

/** A size in megabytes, one decimal: "57.4 MB". */
const megabytes = (bytes: number): string =>
  `${(bytes / 1e6).toLocaleString("en", { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;

/**
 * The chapter page's words for loading a recorded run and for what an export keeps and drops (English): loaded
 * with the transcript panel or the export's report, not with the page.
 */
export const runs = {
  showMore: (next, left) => `Show ${next} more (${left.toLocaleString("en")} not shown)`,
  importing: {
    heading: "Load your own agent run",
    paste: "Paste JSON (a request body, a list of messages / input items, or a response body)",
    file: "or choose a file",
    format: "Format",
    detect: "Detect",
    traceFormat: "This figure's trace (its own export)",
    load: "Load",
    close: "Close",
    failed: (format) =>
      `Nothing was loaded: ${format === null ? "" : `read as ${format}, `}the transcript has the problems below. The figure still shows what it showed.`,
    at: (line, column) => `line ${line}, column ${column}`,
    otherOrigin: "Only transcripts from this site can be loaded: the link points elsewhere and was ignored.",
    fetchFailed: "The transcript in the link could not be fetched; the figure still shows what it showed.",
    fileChosen: (name, bytes) => `${name} (${megabytes(bytes)}) is read when you press Load.`,
    loading: (name) => `Loading ${name}`,
    progress: ({ phase, bytes, total, messages, steps, received }) =>
      phase === "reading"
        ? `Reading: ${megabytes(bytes)}${total === null ? "" : ` of ${megabytes(total)}`}`
        : phase === "building"
          ? "Read; pairing call ids and making steps"
          : `${(messages ?? 0).toLocaleString("en")} messages, ${(steps ?? 0).toLocaleString("en")} steps: ${received.toLocaleString("en")} handed to the figure`,
    cancel: "Cancel",
    cancelled: "Loading was cancelled; the figure still shows what it showed.",
    viewing: (name) => `Viewing a loaded transcript: ${name}`,
    back: "Back to the built-in scenarios",
    problemsHeading: "Problems in the transcript",
    problem: ({ kind, callId }) =>
      ({
        missing_result: `${callId} has no result, and the transcript goes on without one`,
        unknown_call: `result ${callId} matches no call`,
        duplicate_id: `${callId} is used by an earlier call too`,
        second_result: `${callId} already has its result: this is a second one`,
        result_before_call: `the result of ${callId} comes before its call`,
        bad_arguments: `the arguments of ${callId} are not a JSON object (kept as written)`,
      })[kind],
    note: (note) => {
      switch (note.kind) {
        case "provider_tool":
          return `${note.name} was run by the provider inside this model call, not by the host`;
        case "paired_by_order":
          return `this result of ${note.name} has no id: paired with the earliest call of ${note.name} still without a result`;
        case "unknown_type":
          return `“${note.name}” is a type the figure does not know: kept as a placeholder`;
        case "torn_line":
          return `the log's line ${note.name} is cut off (its writer had not finished it), so it is not read`;
        case "cancelled":
          return note.started === true
            ? `${note.name} was cancelled${note.by === null ? "" : ` by the ${note.by}`} while it ran: what it printed until then comes back with the cancellation`
            : `${note.name} was cancelled${note.by === null ? "" : ` by the ${note.by}`} before it ${note.started === false ? "ran" : "returned"}: what comes back is the cancellation, not the tool's result`;
        case "stopped":
          return note.how === "aborted"
            ? `the user stopped this model call before it finished${note.reason === null ? "" : ` (“${note.reason}”)`}: what it had written is kept, and any call it proposed was never run`
            : `this model call ended in an error${note.reason === null ? "" : `: “${note.reason}”`}; what it had written is kept, and any call it proposed was never run`;
        case "observed":
          return `the agent's telemetry recorded this run of ${note.name} (an ${note.span} span with its call id${note.ms === null ? "" : note.ms === 0 ? ", under 1 ms" : `, ${note.ms} ms`}${note.failed ? ", ended in an error" : ""}): the tool's run is observed, not inferred from the next request`;
        case "not_captured":
          return `the telemetry recorded no message content (the instrumentation's default), so every text here reads [not recorded]: what is drawn is the run's shape, its ${note.calls} model call${note.calls === 1 ? "" : "s"} and the tools the agent ran with their call ids; set OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true and record it again to see the words`;
        case "running":
          return `${note.name} was still running when the agent handed back its output so far (nothing new within its time limit): it has not failed, and the model may wait for more or stop it`;
        case "aborted":
          return `the turn was stopped${note.reason === null ? "" : ` (${note.reason})`} before ${note.name} returned: the log has no result for it`;
        case "error_by":
          return {
            tool: `${note.name} ran and failed: the log says the error came from the tool`,
            host: `${note.name} did not run: the agent refused the call or could not run it, and fed back the error as its result`,
            user: `the user denied ${note.name}: it did not run, and the denial is fed back as its result`,
          }[note.by];
        case "compacted":
          return `the agent compacted its context before this call: the model was given a summary instead of ${note.dropped === null ? "the messages" : `the ${note.dropped.toLocaleString("en")} messages`} before it (the context still lists them)`;
        case "system_message":
          return `the host put a system message into the model's context before this call, among the messages: text no user wrote${note.clearAt === null ? "" : "; it is shown to the model only until the next user message, then stays in the history unshown (clear_at)"}`;
        case "host_text":
          return `${note.blocks === 1 ? "one block" : `${note.blocks} blocks`} of this user turn ${note.blocks === 1 ? "is" : "are"} the host's, not the user's: <system-reminder> text the agent put in beside what the user typed`;
        case "context_edits":
          return `this request asks the provider to edit the context before the model reads it (${note.edits.join(", ")}): what the model read may be less than the context shown here`;
        case "log_error":
          return `the agent logged an error here: “${note.message}”`;
        case "usage":
          return `the log records ${[
            note.input === null ? null : `${note.input.toLocaleString("en")} tokens in`,
            note.output === null ? null : `${note.output.toLocaleString("en")} out`,
            note.cost === null ? null : `US$${note.cost.toLocaleString("en", { maximumSignificantDigits: 3 })}`,
          ]
            .filter((part) => part !== null)
            .join(
              ", ",
            )} over ${note.calls === 1 ? "its one model call" : `${note.calls.toLocaleString("en")} model calls`}`;
      }
    },
    summary: ({ shape, messages, toolCalls, others = [] }, format) =>
      `${format} ${{ request: "request", messages: "message list", response: "response" }[shape]}, ${messages.toLocaleString("en")} message${messages === 1 ? "" : "s"}, ${toolCalls.toLocaleString("en")} tool call${toolCalls === 1 ? "" : "s"}${others.length === 0 ? "" : `; the first sample is shown, not the log's ${others.length === 1 ? "other one" : `${others.length} others`} (${others.join(", ")})`}`,
    more: (count) => `and ${count} more`,
    goToStep: (step) => `step ${step}`,
    stepSeparator: ": ",
    checkLabel: "Would it replay? Check for",
    checkNone: "(choose a provider)",
    checkPassed: (provider, models) =>
      `A request made of this history follows ${provider}'s documented rules${models.length === 0 ? "" : ` (${models.join(" and ")})`}.`,
    checkFailed: (count, provider) =>
      `${provider} would refuse a request made of this history: ${count} problem${count === 1 ? "" : "s"}.`,
    checkProblem: ({ rule, callId, path }) =>
      `${
        {
          call_without_result: `${callId} has no result before the model's next turn`,
          result_not_right_after_call: `the result of ${callId} is not where this provider wants it: right after its call, first in the next turn`,
          result_without_call: `the result for ${callId} answers no call of the turn before it (or its call was answered already)`,
          duplicate_call_id: `the call id ${callId} is used twice`,
          call_id_pattern: `the call id ${callId} has characters this provider does not take in an id`,
          first_message_not_user: "the conversation starts with the model's turn, not the user's",
          result_turn_has_other_content: "a turn that returns tool results also holds the user's text",
          tools_not_declared: "the history has tool calls, but no tools are declared",
          arguments_not_object: `the arguments of ${callId} are not a JSON object`,
          thinking_not_kept: `the turn that calls ${callId} has thinking without its signature`,
          empty_message: `a message has no content (at ${path}), which only a final model turn may have`,
          thinking_block_missing: `the turn that calls ${callId} does not start with a thinking block, which the last tool turn needs with thinking on`,
          blank_text: `a text block is blank (at ${path}): this provider takes no empty or white-space-only text`,
          null_content: `a model message has content null and no tool calls (at ${path}), as it was recorded`,
          signature_missing: `${callId}, the first call of a step in the current turn, was recorded without its thoughtSignature, which Gemini 3 models require`,
        }[rule]
      } (${rule} at ${path})`,
    story: (name, summary, scored) => ({
      name,
      kicker: "Loaded transcript",
      title: name,
      lesson: "The same loop, from a real run: every result has to find its call by call_id.",
      input:
        scored === "reviewer"
          ? `${summary}. The log records the agent's own review of its submission, another model's judgment made once the agent had submitted: the end shows it, and a yes or no from it decides the outcome (a score leaves it “not recorded”). It is a prediction, not a test of the patch.`
          : scored === "scorer"
            ? `${summary}. The log records its evaluation's check of the task, made once the model had stopped: the end shows it beside the model's reply, and it decides the outcome.`
            : `${summary}. A transcript records no host check of the environment, so its outcome is “not recorded”.`,
      captions: [],
    }),
  },
  viewer: {
    title: "Your runs in the figure",
    pick: "Run",
    reading: (name) => `Reading ${name}…`,
    following: (name, time) => `${name}, as it was at ${time}; followed as it changes.`,
    stale: (name) =>
      `${name} has changed to something that cannot be shown (yet): the last version that could be is shown.`,
    waiting: ({ proxy, telemetry }) =>
      proxy && telemetry
        ? "Waiting for the agent's first request through the proxy, or its first spans at the OTLP receiver…"
        : telemetry
          ? "Waiting for the agent's first spans at the OTLP receiver…"
          : "Waiting for the agent's first request through the proxy…",
    noAccess:
      "This viewer shows nothing without its token: open the link agent-loop-figure view printed, with its ?token=.",
    gone: "The viewer cannot be reached: it has stopped, or this run can no longer be read.",
    figureProblems: (name) => `${name} is a figure file that cannot be shown:`,
    notDrawn: (name, live) =>
      `${name} cannot be drawn: the import cannot read it, for the reasons below.${live ? " The terminal that started this viewer says so too, and --save keeps the run raw." : ""}`,
    notDrawnReasons: (format) => `Why ${format === null ? "it" : `the run, read as ${format},`} cannot be drawn:`,
    follow: "Follow the latest step",
    live: {
      inferred:
        "Inferred from the next request: the proxy saw this result fed back to the model, not the host running the tool.",
      streaming:
        "Still streaming: this is the answer so far. A tool call's arguments are whole only when its block ends.",
      awaiting: "Sent: the request has gone to the provider, and its answer has not begun.",
      event: (event) => {
        switch (event.kind) {
          case "error":
            return `The provider answered ${event.status}: “${event.message}”. This model call got no answer.`;
          case "stream_error":
            return `The answer's stream ended with the provider's error: “${event.message}”.`;
          case "cut":
            return "The answer's stream was cut before its end: the agent's SDK saw it end early, as it would have direct.";
          case "client_closed":
            return "The agent stopped reading the answer before its end.";
          case "unreachable":
            return "The provider could not be reached: the agent got the proxy's 502 answer instead.";
          case "malformed":
            return `${event.count} event${event.count === 1 ? "" : "s"} of the answer's stream ${event.count === 1 ? "was" : "were"} not one this provider sends: passed on to the agent as it came, and left out of the answer shown.`;
          case "retried":
            return "The same request was sent again.";
          case "rewritten":
            return `This request did not continue the history it had sent: it kept the first ${event.kept} of the ${event.before} messages sent before, and changed or dropped the rest (a compaction, or an edit). The steps show this request's history.`;
          case "thinking_cleared":
            return `This request no longer sends ${event.blocks} thinking block${event.blocks === 1 ? "" : "s"} of the history it sent before (cleared by the agent or its context management): the model did not read ${event.blocks === 1 ? "it" : "them"} at this call. The context shows this request's history.`;
          default: {
            const never: never = event;
            return never;
          }
        }
      },
    },
  },
  exportReport: {
    lossHeading: (formatName) => `Left out of the ${formatName} file:`,
    loss: ({ feature, count, step, hasPlace }) =>
      `${
        {
          system: count === 1 ? "the system note" : `${count} system notes`,
          mid_run_system:
            count === 1
              ? "where 1 system message the host put in mid-run stands: it is merged into the system note"
              : `where ${count} system messages the host put in mid-run stand: they are merged into the system note`,
          clear_at:
            count === 1
              ? "that 1 system message was shown to the model only until the next user message (clear_at, which only the beta Messages API takes): written without it, it stays in front of the model"
              : `that ${count} system messages were shown to the model only until the next user message (clear_at, which only the beta Messages API takes): written without it, they stay in front of the model`,
          tool_declarations: count === 1 ? "the declaration of 1 tool" : `the declarations of ${count} tools`,
          built_in_tools: count === 1 ? "1 built-in tool's declaration" : `${count} built-in tools' declarations`,
          error_status:
            count === 1
              ? "the error mark of 1 tool result, its text kept"
              : `the error marks of ${count} tool results, their text kept`,
          reasoning:
            count === 1
              ? "1 reasoning part: thinking or its signature"
              : `${count} reasoning parts: thinking or signatures`,
          media: count === 1 ? "1 image, audio or document" : `${count} images, audio or documents`,
          provider_tools:
            count === 1
              ? "1 call or result of a tool the provider ran"
              : `${count} calls and results of tools the provider ran`,
          raw_arguments:
            count === 1
              ? "the text of 1 call's arguments that were not a JSON object"
              : `the text of ${count} calls' arguments that were not JSON objects`,
          unknown_parts:
            count === 1
              ? "1 part of a type the figure does not know"
              : `${count} parts of types the figure does not know`,
          unfed_calls:
            count === 1
              ? "1 call the model proposed, and its result: the host never put them in the model's context, so only the figure's trace holds them"
              : `${count} calls the model proposed, and their results: the host never put them in the model's context, so only the figure's trace holds them`,
          host_hops:
            count === 1
              ? "1 JSON-RPC exchange between the host and an MCP server (tools/call), which no model request holds"
              : `${count} JSON-RPC exchanges between the host and an MCP server (tools/call), which no model request holds`,
          result_order:
            count === 1
              ? "the order in which 1 turn's results came back: they are written in the order of the calls, each still under its call's id"
              : `the order in which ${count} turns' results came back: they are written in the order of the calls, each still under its call's id`,
        }[feature]
      }${hasPlace ? ": the format has a place for this, but the figure keeps no signature or original bytes to put there" : ""} (from step ${step})`,
    noLoss: (formatName) => `${formatName} carries the whole run.`,
    additionHeading: (formatName) => `What the figure adds so that ${formatName} takes it as a request:`,
    addition: ({ kind, count, step }) =>
      `${
        {
          placeholder_signature: `Google's placeholder thoughtSignature on the first call of ${count} model turn${count === 1 ? "" : "s"}, which Gemini 3 requires of calls no Gemini 3 model signed`,
        }[kind]
      } (from step ${step})`,
    refusedHeading: (formatName, count) =>
      `Sent as a request, ${formatName} would still refuse this history: ${count} problem${count === 1 ? "" : "s"}.`,
  },
} as const satisfies RunText;
