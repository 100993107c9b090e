import type { FigureLabels } from "./types";

/** A count as this language writes it (149,180). */
const count = (n: number): string => n.toLocaleString("en");

/** The English labels: everything the figure says but its steps' words (./steps.en.ts). */
/** A text the host looks for, in quotes, unless it is written with its own (a JSON string's, `"passed"`). */
const quoted = (text: string): string => (/^".*"$/s.test(text) ? text : `“${text}”`);

export const labels = {
  lang: "en",
  lanes: { user: "User", model: "Model", host: "Host", tool: "Tool", mcp: "MCP server" },
  rules: {
    well_formed: "call is well formed",
    tool_allowed: "tool is on the allowed list",
    in_scope: "arguments stay in scope",
    policy: "argument values within the host's rules",
    operation_id: "operation id not used for a different action",
    precondition: "precondition (evidence) met",
  },
  checkResults: { passed: "passed", failed: "failed", not_applicable: "not applicable" },
  outcomes: {
    completed: "completed",
    refused: "refused",
    verification_missing: "not verified",
    budget_exhausted: "budget exhausted",
    not_recorded: "not recorded",
  },
  fileStates: { unread: "not read", read: "read", changed: "changed" },
  roles: { system: "system", user: "user", assistant: "model", tool: "tool result" },
  report: {
    nature: "nature",
    status: "final_status",
    writes: "simulated_writes",
    events: "events",
    disclaimer: "Simulated model and in-memory tools; not a measure of real agent performance",
  },
  ui: {
    rpcMapping: (rpcId, callId) => `JSON-RPC request ${rpcId} ↔ ${callId}, kept by the host`,
    rpcMessage: (direction) =>
      direction === "request" ? "Sent to the MCP server (JSON-RPC):" : "Received from the MCP server (JSON-RPC):",
    figureKicker: "Animated figure",
    figureWordsLang: "",
    figureStoryNote: "",
    figureNext: [],
    goOn: "Go on:",
    storyElsewhere: (language) =>
      `This lesson's story is written in ${language}; the captions here are the figure's own, in English.`,
    languageMark: (language) => ` (${language})`,
    figureTitle: "Every step an agent loop really takes",
    figureLesson:
      "The model only proposes calls; checking them, running them, feeding results back and deciding when to stop is the host program's work.",
    figureLabel: "Animated figure: every step an agent loop really takes",
    nameFigure: (kicker, figureTitle) => `${kicker}: ${figureTitle}`,
    nameDialog: (kicker) => `${kicker}, presenter mode`,
    nameAllSteps: (kicker) => `${kicker}: all steps`,
    keysActive: "Keys active: ← → step, Space play/pause, Home/End first/last step",
    diagramLabel: "Swimlane diagram: the messages passed between user, model, host and tool",
    lanesLabel: "Lanes",
    actingLane: "acting",
    round: (n) => `round ${n}`,
    claimTag: "claim",
    prev: "Previous",
    next: "Next",
    play: "Play",
    pause: "Pause",
    replay: "Replay",
    counter: (n, total) => `${count(n)} / ${count(total)}`,
    counterLabel: (n, total) => `Step ${count(n)} of ${count(total)}`,
    dwell: "Dwell time",
    dwellValue: (seconds) => `${seconds} s`,
    dwellNow: (seconds, reading) =>
      `this step: ${seconds.toLocaleString("en", { maximumFractionDigits: 1 })} s${reading ? ", its reading time" : ""}`,
    dwellAtLeast: (seconds) => `${seconds} s, or reading time`,
    announce: (n, total, stepTitle) => `Step ${n} of ${total}: ${stepTitle}`,
    announceWarnings: (warnings, notes) =>
      ` (${[
        warnings === 0 ? null : `${warnings} ${warnings === 1 ? "warning" : "warnings"}`,
        notes === 0 ? null : `${notes} ${notes === 1 ? "note" : "notes"}`,
      ]
        .filter((part) => part !== null)
        .join(" and ")} at this step)`,
    announceChange: (label, callIds) =>
      `. On the arrow: ${label}${callIds.length === 0 ? "" : `, ${callIds.join(", ")}`}`,
    announceOutcome: (outcome) => `. The run is over. Outcome: ${outcome}.`,
    warningsLabel: "Warnings at this step",
    notesLabel: "Notes at this step",
    contextHeading: "Context",
    contextEmpty: "The model has seen nothing yet.",
    callIdHeading: "Call ID",
    callIdEarlier: "earlier",
    callIdEarlierTitle: "From an earlier step: no call is in play at this one.",
    resultHeading: "Tool result",
    noneYet: "none yet",
    enlarge: "Present",
    close: "Close",
    dialogLabel: "Animated figure, presenter mode",
    language: "Language",
    controlsLabel: "Step controls",
    printStepsHeading: "All steps of the animated figure",
    edge: (from, to) => `${from} → ${to}`,
    newInContext: "new",
    replayed: "replayed",
    checksHeading: "Host checks",
    changedLabel: "What this step changed",
    changeHeadings: {
      task: "The task, handed to the host",
      context: "New in the model's context",
      call: "The proposed call",
      checks: "The host's check",
      result: "Tool result",
      answer: "The model's reply",
      rpc: "The MCP message",
    },
    rowChecks: (held, total) => `The host's check: ${held} of ${total} hold`,
    ruleColon: ": ",
    captionDetails: "Details",
    presentShort: "(fits this short screen)",
    skip: "Skip",
    skipQuestion: "Skip this question",
    doneChecksHeading: "The host checks the environment",
    doneCheck: (check) => {
      switch (check.kind) {
        case "fileRead":
          return `a tool read ${check.path}`;
        case "fileChanged":
          return `a tool changed ${check.path}`;
        case "resultOk":
          return `${check.tool} ran without an error`;
        case "allOk":
          return `every ${check.tool} call ran without an error`;
        case "resultIncludes":
          return `a ${check.tool} result says ${quoted(check.text)}`;
        case "answerIncludes":
          return `the reply says ${quoted(check.text)}`;
        case "count": {
          const what =
            check.writes !== undefined
              ? `${check.writes} written`
              : check.succeeded !== undefined
                ? `${check.succeeded} run without an error`
                : `${check.calls ?? ""} run`;
          const bounds = [
            check.exactly === undefined ? null : `exactly ${check.exactly}`,
            check.atLeast === undefined ? null : `at least ${check.atLeast}`,
            check.atMost === undefined ? null : `at most ${check.atMost}`,
          ].filter((bound) => bound !== null);
          return `${what} ${bounds.join(" and ")} time${check.exactly === 1 && bounds.length === 1 ? "" : "s"}`;
        }
      }
    },
    doneCheckHeld: (held, neverRan) =>
      held ? ": holds" : neverRan === null ? ": does not hold" : `: does not hold (${neverRan} never ran)`,
    evidenceAt: (step) => `evidence: step ${step}`,
    answeredFromRecord: "operation already ran: answered from the record, not run again",
    counters: (counters, budget) =>
      budget === null
        ? `Model calls ${counters.modelCalls} · Tool results ${counters.toolExecutions}`
        : `Model calls ${counters.modelCalls} / ${budget} · Tool executions ${counters.toolExecutions} · Simulated writes ${counters.simulatedWrites}`,
    toolsDeclared: "Tools declared",
    builtInTool: (name, type) => (name === type ? `${name} (built in)` : `${name} (built in: ${type})`),
    partReasoning: "Model's reasoning:",
    partRedacted: "encrypted by the provider, not readable",
    partMedia: (media) => `${media}, not shown`,
    partRefusal: "Refusal:",
    partProviderTool: (name) => `${name}, run by the provider:`,
    partProviderResult: (name) => `${name} result, from the provider:`,
    partOther: (type) => `${type}: a type this figure does not know`,
    outcome: (label) => `Outcome: ${label}`,
    threadLabel: (callId) => `${callId}: highlight every place it appears`,
    contextAdded: (messages, tokens, total) =>
      `This call adds ${messages} message${messages === 1 ? "" : "s"}, about ${count(tokens)} tokens; about ${count(total)} tokens in the messages`,
    contextSize: (total) => `The context the model last received: about ${count(total)} tokens`,
    tokenMethod:
      "Token counts are estimates: about 4 Latin characters or 1 Chinese character per token, tool declarations not counted; real counts depend on the model's tokenizer.",
    innerLoop: "Inner loop",
    innerLoopHeading: "Inner loop: inside one model call",
    innerLoopNote: (tokens) =>
      `Within this one call the model writes its output a token at a time (a simple fixed split here: ${tokens} tokens). The rows are the outer loop.`,
    innerLoopIdle:
      "No model output at this step: the inner loop runs only while the model writes a proposal or a reply.",
    innerLoopTokens: "Tokens, generated one by one",
    format: "Format",
    neutralFormat: "Neutral (this figure's messages)",
    wireNote: {
      chat: "The Chat Completions request body the host sent at its latest model call. The model name and the call ids are placeholders (OpenAI mints call_… ids).",
      responses:
        "The Responses request body the host sent at its latest model call, stateless: every item sent again, without previous_response_id. The model name and the call ids are placeholders (OpenAI mints call_… ids, each call with an fc_… item id, not written here).",
      anthropic:
        "The Messages request body the host sent at its latest model call. The model name and the call ids are placeholders (Anthropic mints toolu_… ids).",
      gemini:
        "The generateContent body the host sent at its latest model call (the model is named in the URL). The call ids are the figure's (Gemini sets its own). Each model turn's first call carries Google's placeholder thoughtSignature, which Gemini 3 requires.",
      bedrock:
        "The Converse request (the SDK's ConverseCommand input) the host sent at its latest model call. The modelId and the call ids are placeholders. A result's status \"error\" is supported only by Amazon Nova and Anthropic Claude 3 and 4 models, says AWS.",
      "ai-sdk":
        "Not a provider's request: the ModelMessage list the host gave the Vercel AI SDK at its latest model call, which the SDK converts into the chosen provider's request. The call ids are placeholders.",
    },
    wireLoading: "Loading the format…",
    showAll: (length) => `Show all ${length} characters`,
    showLess: "Show less",
    wireFailed: "This format could not be loaded; the neutral form is shown.",
    checkpointKicker: "Predict",
    checkpointHint: "Choose one; or step on to skip the question.",
    checkpointCaptionWaits: "What this step means comes after your answer: first predict what happens next.",
    checkpointYours: "your choice",
    checkpointRightOption: "the right answer",
    checkpointMarks: (marks) => ` (${marks.join(", ")})`,
    checkpointVerdict: (right, explanation) => `${right ? "Right." : "Not quite."} ${explanation}`,
    checkpointSkipped: (explanation) => `Skipped: you stepped on before choosing. ${explanation}`,
    figureProblems: "This figure file cannot be shown",
    figureUnread: "This figure cannot be shown",
    figureProblemsNote: "Fix the file at these places, then load it again:",
    problemPlace: (line, column) => `line ${line}, column ${column}`,
    theFile: "the file",
    moreProblems: (count) => `and ${count} more`,
    figureLoading: "Loading the figure…",
    figureFetchFailed: "This lesson's figure could not be loaded from the course site.",
    fetchFailure: (failure) => {
      switch (failure.kind) {
        case "status":
          return `For the author: ${failure.url} answered HTTP ${failure.status}${
            failure.status === 401 || failure.status === 403
              ? " (not allowed: a login or a permission is missing)"
              : failure.status === 404
                ? " (no file there)"
                : ""
          }.`;
        case "page":
          return failure.redirectedTo === null
            ? `For the author: ${failure.url} is a web page, not a figure file.`
            : `For the author: the request for ${failure.url} was redirected to ${failure.redirectedTo}, a web page, not a figure file. A login page, perhaps: does the site serve the file to logged-in readers only?`;
        case "network":
          return `For the author: ${failure.url} did not answer, or its server does not let this page read the file (CORS).`;
      }
    },
    figureOtherOrigin: "The figure file is on another site, which this page does not load from.",
    shareDamaged:
      "This link is damaged or cut short: the figure it carries cannot be read. Ask for the link again, or for the figure file.",
    shareTooLong:
      "This link carries more than a share link may (8,000 characters of figure): ask for the figure file instead.",
    earlierMessages: (next, hidden) => `Show ${next} earlier messages (${count(hidden)} not shown)`,
    earlierFold: (n) => `↑ ${count(n)} earlier`,
    rowsAbove: (first, last) => (first === last ? `↑ step ${count(first)}` : `↑ steps ${count(first)}–${count(last)}`),
    rowsAboveLabel: (first, last) =>
      first === last
        ? `Step ${count(first)} is above: show it`
        : `Steps ${count(first)}–${count(last)} are above: show them`,
    figureTools: "Request format and token counts",
    wireExcerpt: (shown, total) =>
      `Shown: the request made of the newest ${shown} of this context's ${count(total)} messages (and its system message, if any). The host's request at this step holds all ${count(total)}.`,
  },
} as const satisfies FigureLabels;
