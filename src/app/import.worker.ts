/**
 * The chapter page's import, off its main thread: a module worker that runs ./import-run.ts for the page's one
 * request (./import-protocol.ts says what it sends back).
 */
import type { ImportRequest, WorkerReply } from "./import-protocol";
import { runImport } from "./import-run";

const post = (reply: WorkerReply) => (self as unknown as { postMessage(reply: WorkerReply): void }).postMessage(reply);

self.addEventListener("message", (event: MessageEvent<ImportRequest>) => {
  void runImport(event.data, post);
});
