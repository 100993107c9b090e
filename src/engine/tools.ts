/** In-memory tools: what the host may run on the model's behalf. Nothing touches a real disk. */

import type { LoopErrorCode } from "./errors.ts";
import type { JsonObject } from "./json.ts";
import type { Evidence, FileState, FileStatus, ToolCall } from "./trace.ts";

/** The fixed input files of a run and what has been read. Made fresh for every run. */
export class MemoryFiles {
  readonly #files: Map<string, string>;
  readonly #states = new Map<string, FileState>();
  readonly #writes = new Map<string, number>();
  #changes: FileStatus[] = [];

  constructor(files: Readonly<Record<string, string>>) {
    this.#files = new Map(Object.entries(files));
    for (const path of this.#files.keys()) this.#states.set(path, "unread");
  }

  /** The file's content, marking it read; `undefined` when there is no such file. */
  read(path: string): string | undefined {
    const content = this.#files.get(path);
    if (content !== undefined && this.#states.get(path) === "unread") this.#set(path, "read");
    return content;
  }

  /** Whether the file exists and a tool has read (or since changed) it: the evidence a change needs first. */
  hasRead(path: string): boolean {
    const state = this.#states.get(path);
    return state === "read" || state === "changed";
  }

  /** Whether a tool has changed the file. */
  hasChanged(path: string): boolean {
    return this.#states.get(path) === "changed";
  }

  /** Replace an existing file's content (a simulated write); false when there is no such file. */
  write(path: string, content: string): boolean {
    if (!this.#files.has(path)) return false;
    this.#files.set(path, content);
    this.#writes.set(path, (this.#writes.get(path) ?? 0) + 1);
    if (this.#states.get(path) !== "changed") this.#set(path, "changed");
    return true;
  }

  #set(path: string, state: FileState): void {
    this.#states.set(path, state);
    this.#changes.push(Object.freeze({ path, state }));
  }

  /** The state changes since the last call, in order (what a step records), and forget them. */
  takeChanges(): readonly FileStatus[] {
    const changes = Object.freeze(this.#changes);
    this.#changes = [];
    return changes;
  }

  /** How many times tools have written each file that was written, by path. */
  writeCounts(): Readonly<Record<string, number>> {
    return Object.freeze(Object.fromEntries(this.#writes));
  }

  /** Every file with its state, in input order. */
  snapshot(): readonly FileStatus[] {
    return Object.freeze([...this.#states].map(([path, state]) => Object.freeze({ path, state })));
  }
}

/** What a tool returns when it runs. */
export interface ToolOutput {
  readonly status: "ok" | "error";
  readonly content: string;
  /** The tool did the work but the answer was lost on the way: the host gets a timeout error (`status` "error"). */
  readonly lost?: true;
  /** The tool answered from its own record of the operation: it did nothing again. */
  readonly fromRecord?: true;
}

/**
 * A call the host has started and that takes time: how long it runs, and what it returns (and changes) when it is
 * done. The host starts a turn's calls one after another and takes their results as they finish.
 */
export interface RunningCall {
  /** How long the call runs, in seconds; 0 when it is done the moment it starts. */
  readonly seconds: number;
  /** What the call does when it finishes: its effects on the files, and its output. */
  finish(): ToolOutput;
}

/** A tool the host can run: how to tell well-formed and in-scope arguments, and what running it does. */
export interface ToolDefinition {
  readonly name: string;
  /** What the model is told the tool does. */
  readonly description: string;
  /** JSON Schema of the arguments, as declared to the model. */
  readonly parameters: JsonObject;
  /** The action's operation id (idempotency key), for tools that have one; the host replays a repeat. */
  operationId?(args: JsonObject): string | undefined;
  /** Whether running it changes something (counted as a simulated write). */
  readonly writes?: boolean;
  /** Declared to change nothing: it only reads. (Neither this nor `writes`: the tool's effect is not declared.) */
  readonly reads?: boolean;
  /** What it changes is outside the files (it sends, prints, charges): with `writes`. */
  readonly sideEffect?: boolean;
  /**
   * What must hold before it may run, for tools that need something: the evidence missing for these arguments
   * (a file not yet read, or no successful result of a tool for the same values), or `null` when it is there.
   * `done` is every call the host's tools have run in this run, with its result's status.
   */
  precondition?(files: MemoryFiles, args: JsonObject, done: readonly RunCall[]): Evidence | null;
  /**
   * What the host tells the model when it refuses a call to this tool, by the refusal's code, where the tool has
   * words of its own (a lesson's author writes them); the others are the host's generic ones (HOST_REFUSALS).
   */
  readonly refusals?: Readonly<Partial<Record<LoopErrorCode, string>>>;
  /**
   * The host's own rules on this tool's argument values: the words of the first rule these arguments break (sent
   * to the model as the refusal), or null when none does. Absent: the host has no rule for the tool (no check).
   */
  policy?(args: JsonObject): string | null;
  /** Whether `args` has exactly the fields this tool takes. */
  wellFormed(args: JsonObject): boolean;
  /**
   * Whether the call stays inside what the task may touch. Checked only on well-formed args; a tool without it
   * declares no scope, and the check does not apply to its calls.
   */
  inScope?(args: JsonObject): boolean;
  run(args: JsonObject, files: MemoryFiles): ToolOutput;
  /**
   * For a tool whose calls take time: start a call, deciding now how long it runs; its effects and output come when
   * it finishes. A tool without it is done the moment it starts (`run`).
   */
  start?(args: JsonObject, files: MemoryFiles): RunningCall;
  /**
   * Where the tool lives when it is not the host's own: an MCP server, which the host asks with a JSON-RPC
   * `tools/call` request; `run` is then what the server does.
   */
  readonly mcp?: { readonly server: string };
}

/** A call the host's tools ran, with its result's status: what a precondition may look back on. */
export interface RunCall {
  readonly name: ToolCall["name"];
  readonly args: JsonObject;
  readonly status: "ok" | "error";
}

/** A relative path that stays inside the project: no root, no drive, no backslash, no `..` segment. */
export function isProjectPath(path: string): boolean {
  if (path === "" || path.startsWith("/") || path.includes("\\") || /^[A-Za-z]:/.test(path)) return false;
  return path.split("/").every((segment) => segment !== ".." && segment !== "");
}

/**
 * `read_file {path}`: returns a project file's text. Paths outside the project are out of scope;
 * a missing file is an error result, not an exception.
 */
export const readFileTool: ToolDefinition = {
  name: "read_file",
  description: "Read a text file inside this project.",
  parameters: {
    type: "object",
    properties: { path: { type: "string", description: "A path relative to the project root." } },
    required: ["path"],
    additionalProperties: false,
  },
  reads: true,
  wellFormed: (args) => Object.keys(args).length === 1 && typeof args.path === "string",
  inScope: (args) => isProjectPath(String(args.path)),
  run(args, files) {
    const content = files.read(String(args.path));
    return content === undefined ? { status: "error", content: "not_found" } : { status: "ok", content };
  },
};
