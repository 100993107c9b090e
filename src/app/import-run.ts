/**
 * The import the worker runs (./import.worker.ts), apart from the worker so that it can be tested on its own: read
 * the transcript from its stream with progress, import it, and send the run back in pieces (./import-protocol.ts).
 */
import { importTranscript } from "../formats/import";
import { isZip, logText } from "../formats/log-text";
import { stepPacker } from "../trace-format/compact";
import {
  type ImportProgress,
  type ImportRequest,
  MESSAGES_PER_PIECE,
  STEPS_PER_PIECE,
  type WorkerReply,
} from "./import-protocol";

/** Progress is sent at most this often (ms). */
const PROGRESS_EVERY = 50;

/**
 * A stream's text, its progress reported as bytes arrive. An Inspect AI `.eval` log (a zip) is kept as bytes and
 * unpacked at its end into its JSON log; any other file is decoded as it arrives.
 */
async function readAll(
  stream: ReadableStream<Uint8Array>,
  total: number | null,
  report: (bytes: number) => void,
): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  const chunks: Uint8Array[] = [];
  let zip: boolean | null = null;
  let bytes = 0;
  let last = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    zip ??= isZip(value);
    if (zip) chunks.push(value);
    else parts.push(decoder.decode(value, { stream: true }));
    const now = performance.now();
    if (now - last >= PROGRESS_EVERY || (total !== null && bytes === total)) {
      last = now;
      report(bytes);
    }
  }
  if (zip === true) {
    const whole = new Uint8Array(bytes);
    let at = 0;
    for (const chunk of chunks) {
      whole.set(chunk, at);
      at += chunk.byteLength;
    }
    return logText(whole);
  }
  parts.push(decoder.decode());
  return parts.join("");
}

/** Run one import, sending every reply to `post`. */
export async function runImport(request: ImportRequest, post: (reply: WorkerReply) => void): Promise<void> {
  const { from } = request;
  let progress: ImportProgress = {
    phase: "reading",
    bytes: 0,
    total: null,
    messages: null,
    steps: null,
    received: 0,
  };
  const report = (change: Partial<ImportProgress>) => {
    progress = { ...progress, ...change };
    post({ type: "progress", progress });
  };
  let text: string;
  if ("text" in from) text = from.text;
  else {
    try {
      const response = "url" in from ? await fetch(from.url) : null;
      if (response !== null && !response.ok) throw new Error(`${response.status}`);
      const length = response?.headers.get("content-length");
      const total = "blob" in from ? from.blob.size : length ? Number(length) : null;
      const stream = "blob" in from ? from.blob.stream() : response?.body;
      if (stream === null || stream === undefined) throw new Error("no body");
      report({ total });
      text = await readAll(stream, total, (bytes) => report({ bytes }));
    } catch {
      post({ type: "unread" });
      return;
    }
  }
  report({ phase: "building" });
  const result = importTranscript(text, request.format, request.name, { sent: request.sent === true });
  if (!result.ok) {
    post({ type: "failed", result });
    return;
  }
  const { trace, format, summary, problems, notes } = result;
  const { messages, steps, ...head } = trace;
  report({ phase: "receiving", messages: messages.length, steps: steps.length });
  post({ type: "head", format, summary, problems, notes, head, messages: messages.length, steps: steps.length });
  for (let i = 0; i < messages.length; i += MESSAGES_PER_PIECE)
    post({ type: "messages", items: messages.slice(i, i + MESSAGES_PER_PIECE) });
  const packer = stepPacker(messages);
  for (let i = 0; i < steps.length; i += STEPS_PER_PIECE)
    post({ type: "steps", items: steps.slice(i, i + STEPS_PER_PIECE).map((step) => packer.pack(step)) });
  post({ type: "end" });
}
