import type { LaterLabels } from "./types";

/** A count as this language writes it. */
const count = (n: number): string => n.toLocaleString("en");

/** What a token estimate leaves out: the texts the record did not hold (none, most often: then nothing is said). */
const unrecordedClause = (n: number): string =>
  n === 0 ? "" : `, not counting ${count(n)} text${n === 1 ? "" : "s"} the record did not hold`;

/**
 * The English words of the figure's parts that load a moment after it (its full panels, the Format view, the inner
 * loop, a checkpoint's box): ./types.ts, `LaterLabels`.
 */
export const later = {
  contextHeading: "Context",
  contextEmpty: "The model has seen nothing yet.",
  callIdEarlier: "earlier",
  callIdEarlierTitle: "From an earlier step: no call is in play at this one.",
  noneYet: "none yet",
  toolsDeclared: "Tools declared",
  builtInTool: (name, type) => (name === type ? `${name} (built in)` : `${name} (built in: ${type})`),
  contextAdded: (messages, tokens, total, unrecorded) =>
    `This call adds ${messages} message${messages === 1 ? "" : "s"}, about ${count(tokens)} tokens; about ${count(total)} tokens in the messages${unrecordedClause(unrecorded)}`,
  contextSize: (total, unrecorded) =>
    `The context the model last received: about ${count(total)} tokens${unrecordedClause(unrecorded)}`,
  tokenMethod:
    "Token counts are estimates: about 4 Latin characters or 1 Chinese character per token, tool declarations not counted; real counts depend on the model's tokenizer.",
  innerLoopHeading: "Inner loop: inside one model call",
  innerLoopNote: (tokens) =>
    `Within this one call the model writes its output a token at a time (a simple fixed split here: ${tokens} tokens). The rows are the outer loop.`,
  innerLoopIdle: "No model output at this step: the inner loop runs only while the model writes a proposal or a reply.",
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
  wireFailed: "This format could not be loaded; the neutral form is shown.",
  checkpointKicker: "Predict",
  checkpointHint: "Choose one; or step on to skip the question.",
  checkpointYours: "your choice",
  checkpointRightOption: "the right answer",
  checkpointMarks: (marks) => ` (${marks.join(", ")})`,
  checkpointSkipped: (explanation) => `Skipped: you stepped on before choosing. ${explanation}`,
  earlierMessages: (next, hidden) => `Show ${next} earlier messages (${count(hidden)} not shown)`,
  figureToolsOverview: "Run overview, format, tokens",
  figureTools: "Request format and token counts",
  wireExcerpt: (shown, total) =>
    `Shown: the request made of the newest ${shown} of this context's ${count(total)} messages (and its system message, if any). The host's request at this step holds all ${count(total)}.`,
  figureUnread: "This figure cannot be shown",
  figureProblemsNote: "Fix the file at these places, then load it again:",
  figureBrokenForReaders:
    "This figure's file has mistakes in it, so it cannot be shown. Please let the course's author know.",
  figureProblemsForAuthor: "For the author: fix the file at these places, then load it again:",
  problemPlace: (line, column) => `line ${line}, column ${column}`,
  theFile: "the file",
  moreProblems: (count) => `and ${count} more`,
} as const satisfies LaterLabels;
