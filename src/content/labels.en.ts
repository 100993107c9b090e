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
    callIdHeading: "Call ID",
    resultHeading: "Tool result",
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
      recorded: "The evaluation's check",
      reviewed: "The agent's reviewer",
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
    recordedCheck: (check) =>
      check.by === "reviewer"
        ? `The agent's reviewer (a model's judgment, not a test) gave ${check.value}`
        : `Scorer ${check.name} gave ${check.value}${check.target === null ? "" : ` (target: ${check.target})`}`,
    recordedVerdict: (passed) => (passed === null ? ": no pass mark recorded" : passed ? ": passed" : ": failed"),
    recordedAnswer: "The answer it scored: ",
    recordedExplanation: "Its explanation: ",
    rowRecorded: (passed, total, by) =>
      `${by === "reviewer" ? "The agent's reviewer" : "The evaluation's check"}: ${passed} of ${total} passed`,
    recordedOutcome: (passed, by) =>
      by === "reviewer"
        ? passed
          ? "done, by its reviewer's judgment"
          : "not done, by its reviewer's judgment"
        : passed
          ? "done, by its scorer"
          : "not done, by its scorer",
    evidenceAt: (step) => `evidence: step ${step}`,
    answeredFromRecord: "operation already ran: answered from the record, not run again",
    counters: (counters, budget) =>
      budget === null
        ? `Model calls ${counters.modelCalls} · Tool results ${counters.toolExecutions}`
        : `Model calls ${counters.modelCalls} / ${budget} · Tool executions ${counters.toolExecutions} · Simulated writes ${counters.simulatedWrites}`,
    partReasoning: "Model's reasoning:",
    partRedacted: "encrypted by the provider, not readable",
    partMedia: (media) => `${media}, not shown`,
    partRefusal: "Refusal:",
    partProviderTool: (name) => `${name}, run by the provider:`,
    partProviderResult: (name) => `${name} result, from the provider:`,
    partOther: (type) => `${type}: a type this figure does not know`,
    outcome: (label) => `Outcome: ${label}`,
    threadLabel: (callId) => `${callId}: highlight every place it appears`,
    innerLoop: "Inner loop",
    showAll: (length) => `Show all ${length} characters`,
    showLess: "Show less",
    checkpointCaptionWaits: "What this step means comes after your answer: first predict what happens next.",
    checkpointVerdict: (right, explanation) => `${right ? "Right." : "Not quite."} ${explanation}`,
    figureProblems: "This figure file cannot be shown",
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
          return failure.crossOrigin
            ? `For the author: ${failure.url} did not answer, or its server does not let this page read the file (CORS).`
            : `For the author: ${failure.url} did not answer: the site could not be reached, or the connection broke.`;
        case "script":
          return `For the author: ${failure.url} arrived but did not run as this page's code: is it from the same build as the page?`;
      }
    },
    figureOtherOrigin: "The figure file is on another site, which this page does not load from.",
    shareDamaged:
      "This link is damaged or cut short: the figure it carries cannot be read. Ask for the link again, or for the figure file.",
    shareTooLong:
      "This link carries more than a share link may (8,000 characters of figure): ask for the figure file instead.",
    earlierFold: (n) => `↑ ${count(n)} earlier`,
    rowsAbove: (first, last) => (first === last ? `↑ step ${count(first)}` : `↑ steps ${count(first)}–${count(last)}`),
    rowsAboveLabel: (first, last) =>
      first === last
        ? `Step ${count(first)} is above: show it`
        : `Steps ${count(first)}–${count(last)} are above: show them`,
  },
} as const satisfies FigureLabels;
