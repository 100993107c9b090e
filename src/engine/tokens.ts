/**
 * Rough token arithmetic for teaching, not billing: how much a model call's context grows, and a short fixed
 * tokenization to show a reply being generated token by token. Real counts depend on each model's tokenizer.
 */
import { type Message, NOT_RECORDED, type ToolCall } from "./trace.ts";

const HAN = /\p{Script=Han}/u;
/** Anything but printable ASCII and common whitespace: such text takes the character-by-character count. */
const NOT_PLAIN = /[^\t\n\r -~]/;

/**
 * An estimate of the tokens in `text`: about four Latin characters (letters, digits, punctuation, spaces) or one
 * Chinese character per token, rounded up.
 * @example approxTokens("timeout=30") // 3
 */
export function approxTokens(text: string): number {
  // Most transcript text is plain ASCII: one test, no per-character loop (a 2,000-message import spent most of its
  // token arithmetic here).
  if (!NOT_PLAIN.test(text)) return Math.ceil(text.length / 4);
  let han = 0;
  let other = 0;
  for (const char of text) {
    if (HAN.test(char)) han += 1;
    else other += 1;
  }
  return han + Math.ceil(other / 4);
}

/** A tool call as the model writes it out: its name and its JSON arguments. */
export function callText(call: ToolCall): string {
  return `${call.name}(${JSON.stringify(call.args)})`;
}

/** The text of one message, as it goes to the model (tool calls written out, a result with its call_id). */
export function messageText(message: Message): string {
  switch (message.role) {
    case "system":
    case "user":
      return message.content;
    case "assistant":
      return [message.content ?? "", ...message.toolCalls.map(callText)].join(" ").trim();
    case "tool":
      return `${message.callId} ${message.content}`;
    default: {
      const never: never = message;
      return never;
    }
  }
}

/**
 * How many texts of `message` its record did not hold: 1 where its content stands as {@link NOT_RECORDED}, else 0.
 * @example unrecordedTexts({ role: "user", content: NOT_RECORDED }) // 1
 */
export function unrecordedTexts(message: Message): number {
  return message.content === NOT_RECORDED ? 1 : 0;
}

/**
 * The estimated tokens of one message as the model received it: its text, a content its record did not hold
 * counted as nothing (the placeholder is the figure's words, not the model's).
 */
function messageTokens(message: Message): number {
  const text = messageText(message);
  return approxTokens(message.content === NOT_RECORDED ? text.replace(NOT_RECORDED, "") : text);
}

/**
 * Running totals of the estimated tokens: entry `i` is the estimate for the first `i` messages, so any context
 * (a prefix) or any appended run (a slice) is a subtraction, whatever the transcript's length.
 * @example const sums = tokenPrefixSums(trace.messages); sums[step.contextEnd] - sums[step.appendedFrom]
 */
export function tokenPrefixSums(messages: readonly Message[]): readonly number[] {
  const sums = [0];
  for (const message of messages) sums.push((sums.at(-1) ?? 0) + messageTokens(message));
  return sums;
}

/**
 * Running token totals as far as they have been asked for: {@link tokenPrefixSums} made lazily, so a step of a
 * 100,000-message run does not wait for the whole run's arithmetic. `upTo(end)` is the estimate for the first
 * `end` messages (computed up to there once, then kept), `unrecordedUpTo(end)` the texts among them that their
 * record did not hold (not counted in the estimate); `fill(count)` computes up to `count` more ahead of need, for a
 * shell's idle time, and says whether all are done.
 */
export interface TokenSums {
  upTo(end: number): number;
  unrecordedUpTo(end: number): number;
  fill(count: number): boolean;
}

/** Lazy running token totals of `messages`. @example tokenSums(trace.messages).upTo(step.contextEnd) */
export function tokenSums(messages: readonly Message[]): TokenSums {
  const sums = [0];
  // The texts not recorded among the first i messages, beside the sums (all zeros for a run that recorded all).
  const missing = [0];
  const extend = (end: number) => {
    for (let i = sums.length - 1; i < Math.min(end, messages.length); i += 1) {
      const message = messages[i] as Message;
      sums.push((sums[i] ?? 0) + messageTokens(message));
      missing.push((missing[i] ?? 0) + unrecordedTexts(message));
    }
  };
  const upTo = (end: number) => {
    if (end >= sums.length) extend(end);
    return Math.min(end, sums.length - 1);
  };
  return {
    upTo: (end) => sums[upTo(end)] ?? 0,
    unrecordedUpTo: (end) => missing[upTo(end)] ?? 0,
    fill(count) {
      extend(sums.length - 1 + count);
      return sums.length > messages.length;
    },
  };
}

/** The estimated tokens of some messages. @example approxMessageTokens(appendedOf(trace, step)) */
export function approxMessageTokens(messages: readonly Message[]): number {
  return messages.reduce((sum, message) => sum + messageTokens(message), 0);
}

/**
 * A short fixed tokenization of a model's output, to show generation token by token: runs of Latin letters,
 * runs of digits, single Chinese characters, runs of spaces, and single other characters.
 * @example teachingTokens('read_file({"path":"config.txt"})') // ["read", "_", "file", "(", "{", "\"", "path", …]
 */
export function teachingTokens(text: string): string[] {
  return text.match(/[A-Za-z]+|\d+|\p{Script=Han}|\s+|[^\sA-Za-z\d\p{Script=Han}]/gu) ?? [];
}
