/**
 * Which of the import's notes inform rather than warn: what a record says that the reader should know but need not
 * doubt (a tool the provider ran, who made an error, a command still running, a compaction, the tokens a run used). The others (a type the
 * figure does not know, a result paired by order, a line cut off, a call cancelled or stopped, an error the agent
 * logged) tell of something missing or uncertain, and are warnings. The figure marks the one ℹ and the other ⚠.
 */
import type { ImportNote } from "./import";

const INFO: ReadonlySet<ImportNote["kind"]> = new Set([
  "provider_tool",
  "error_by",
  "running",
  "observed",
  "compacted",
  "usage",
  "system_message",
  "context_edits",
  "host_text",
]);

/** Whether an import note informs rather than warns. */
export const informs = (note: Pick<ImportNote, "kind">): boolean => INFO.has(note.kind);
