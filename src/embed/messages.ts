/**
 * The postMessage contract between an embedded figure (embed.html in an iframe) and its host page, version 1.
 * Every message is `{ type: "agent-loop-figure:<name>", version: 1, ...fields }`. Everything that arrives is
 * untrusted: it is parsed here, and anything malformed, unknown or from the wrong window or origin is dropped.
 * See docs/embedding.md for the reference.
 */
import { isLang } from "../content";
import type { Lang } from "../content/languages";
import type { Statement } from "../course/xapi";
import type { CompletedFields, ProgressFields } from "./course-events";

/** The prefix of every message type. */
export const MESSAGE_PREFIX = "agent-loop-figure:";
/** The protocol version this figure speaks. */
export const PROTOCOL_VERSION = 1;

/** What the figure tells its host. */
export interface FigureEvents {
  readonly ready: { readonly step: number; readonly total: number; readonly lang: Lang };
  readonly stepchange: { readonly step: number; readonly total: number; readonly lang: Lang };
  readonly play: Record<string, never>;
  readonly pause: Record<string, never>;
  readonly ended: Record<string, never>;
  readonly resize: { readonly height: number };
  /** The reader's progress changed: the step, the steps seen, the checkpoints answered and answered right. */
  readonly progress: ProgressFields;
  /** Once: the last step reached with every checkpoint answered or skipped (not again after a reload). */
  readonly completed: CompletedFields;
  /** The same moments as an xAPI 1.0.3 statement (no actor: the course adds its learner). */
  readonly xapi: { readonly statement: Statement };
  /** A figure file (the `load` command's) is shown: its id, and where the reader is. */
  readonly loaded: { readonly id: string; readonly step: number; readonly total: number; readonly lang: Lang };
  /** A figure file (the `load` command's, or the page's `figure` / `figureData`) cannot be shown: why, and where. */
  readonly loaderror: {
    readonly problems: readonly {
      readonly message: string;
      readonly path: string;
      readonly line?: number;
      readonly column?: number;
    }[];
  };
}

/** The name of an event the figure sends. */
export type FigureEventName = keyof FigureEvents;

/** What a host can ask of the figure. */
export type Command =
  | { readonly name: "goto"; readonly step: number }
  | { readonly name: "next" | "prev" | "play" | "pause" | "measure" }
  | { readonly name: "setLang"; readonly lang: Lang }
  /** The host page's theme (embed-host.js sends it for frames marked data-follow-theme), or `auto` again. */
  | { readonly name: "setTheme"; readonly theme: "light" | "dark" | "auto" }
  /** Show this figure file instead (its text, or the parsed object), at step 1; it is checked like any other. */
  | { readonly name: "load"; readonly figure: string | Readonly<Record<string, unknown>> };

/** Build an event message. */
export function eventMessage<N extends FigureEventName>(name: N, fields: FigureEvents[N]) {
  return { type: `${MESSAGE_PREFIX}${name}`, version: PROTOCOL_VERSION, ...fields };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Parse a message's data into a command, or null for anything that is not a well-formed version-1 command. */
export function parseCommand(data: unknown): Command | null {
  if (!isRecord(data) || data.version !== PROTOCOL_VERSION || typeof data.type !== "string") return null;
  if (!data.type.startsWith(MESSAGE_PREFIX)) return null;
  const name = data.type.slice(MESSAGE_PREFIX.length);
  switch (name) {
    case "goto":
      return Number.isInteger(data.step) ? { name, step: data.step as number } : null;
    case "setLang":
      return isLang(data.lang) ? { name, lang: data.lang } : null;
    case "setTheme":
      return data.theme === "light" || data.theme === "dark" || data.theme === "auto"
        ? { name, theme: data.theme }
        : null;
    case "load":
      return typeof data.figure === "string" || isRecord(data.figure) ? { name, figure: data.figure } : null;
    case "next":
    case "prev":
    case "play":
    case "pause":
    case "measure":
      return { name };
    default:
      return null;
  }
}

/** Who may command the figure and receive its events. */
export type AllowOrigin =
  | { readonly kind: "any" }
  | { readonly kind: "only"; readonly origin: string }
  /** The host asked for an origin that is not one: fail closed (no commands, no events). */
  | { readonly kind: "invalid" };

/** Parse the `allowOrigin` parameter: an origin such as `https://course.example`, exactly. */
export function parseAllowOrigin(raw: string | null): AllowOrigin {
  if (raw === null) return { kind: "any" };
  try {
    const url = new URL(raw);
    if ((url.protocol === "https:" || url.protocol === "http:") && url.origin === raw) {
      return { kind: "only", origin: url.origin };
    }
  } catch {
    // not a URL at all
  }
  return { kind: "invalid" };
}

/** Whether a message may command the figure: from the parent window, and from the allowed origin if one is set. */
export function acceptsCommand(
  allow: AllowOrigin,
  message: { readonly source: unknown; readonly origin: string },
  parent: unknown,
): boolean {
  if (allow.kind === "invalid" || message.source !== parent) return false;
  return allow.kind === "any" || message.origin === allow.origin;
}

/** The target origin for events, or null when none may be sent. */
export function eventTargetOrigin(allow: AllowOrigin): string | null {
  if (allow.kind === "invalid") return null;
  return allow.kind === "only" ? allow.origin : "*";
}
