/** Scripted models: deterministic policies that see only the context the host gives them. */
import type { ModelPolicy, ModelReply } from "./runner.ts";
import { readFileTool } from "./tools.ts";
import type { Message } from "./trace.ts";

/**
 * The value of `key` in text of `key=value` lines, if a line sets it.
 * @example settingIn("timeout=30", "timeout") // "30"
 */
export function settingIn(text: string, key: string): string | undefined {
  for (const line of text.split("\n")) {
    const [name, ...rest] = line.split("=");
    if (name?.trim() === key && rest.length > 0) return rest.join("=").trim();
  }
  return undefined;
}

/**
 * A scripted model that wants one setting from one file. Without the file's content in its context it proposes
 * `read_file` (the provider numbers each call); with a successful result it answers from it, and so
 * stops asking for tools. It sees only its context, never the files.
 */
export function readSettingModel(
  path: string,
  key: string,
  answer: (key: string, value: string) => string,
): ModelPolicy {
  return (context: readonly Message[]) => {
    for (let i = context.length - 1; i >= 0; i -= 1) {
      const message = context[i];
      if (message?.role !== "tool" || message.name !== readFileTool.name || message.status !== "ok") continue;
      const value = settingIn(message.content, key);
      if (value !== undefined) return { kind: "final", text: answer(key, value) };
    }
    return { kind: "tool_calls", calls: [{ name: readFileTool.name, args: { path } }] };
  };
}

/**
 * A model that says the given replies in order, one per model call, and repeats the last one once they run
 * out. It counts its own earlier turns from the context (one assistant message per tool-calling turn).
 * @example scriptedReplies([{ kind: "final", text: "done" }])
 */
export function scriptedReplies(replies: readonly [ModelReply, ...ModelReply[]]): ModelPolicy {
  return (context) => {
    const turn = context.filter((m) => m.role === "assistant").length;
    return replies[Math.min(turn, replies.length - 1)] ?? replies[0];
  };
}
