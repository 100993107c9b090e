/**
 * The order a reader sees a checkpoint's options in. An author tends to put the right option in the same place
 * (second, say) and to write it longest; so each reader is shown the options in an order shuffled for them: a pure
 * function of the reader's seed and the checkpoint, the same on every reload and step, different from reader to
 * reader (issue 54). The order is only how the options are shown: an answer is the option itself (its place in the
 * file), and so is everything graded and reported (progress, xAPI `response`, SCORM `suspend_data`).
 *
 * The seed, first of: the course's own name for its learner (`reader`), the LMS's (SCORM's `cmi.core.student_id`,
 * an xAPI actor), a random one kept in the browser's local storage, and where storage is refused one for the figure
 * while it is shown. It never leaves the page: nothing reports it.
 */

/**
 * The key a checkpoint's order is shuffled by: its figure and its place in the story, the same in every language
 * (the path of its xAPI activity), so two figures' first questions are not shuffled alike.
 * @example checkpointKey("f22", 0) // "f22/checkpoint/1"
 */
export function checkpointKey(figure: string, key: number): string {
  return `${figure}/checkpoint/${key + 1}`;
}

/** FNV-1a: a 32-bit hash of a string, to seed the generator below. */
function hash32(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/** mulberry32 (public domain): a small generator of numbers in [0, 1) whose output mixes its seed's every bit. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The options' indexes (their places in the file) in the order `reader` is shown them at `checkpoint` (a
 * `checkpointKey`): a permutation of 0…count-1, each order as likely as another, the same for the same arguments.
 * @example optionOrder("reader-1", "f22/checkpoint/1", 4) // e.g. [2, 0, 3, 1]
 */
export function optionOrder(reader: string, checkpoint: string, count: number): readonly number[] {
  const random = mulberry32(hash32(`${reader}\u0000${checkpoint}`));
  const left = Array.from({ length: Math.max(0, count) }, (_, i) => i);
  const order: number[] = [];
  // Fisher–Yates, drawing each place from what is left.
  while (left.length > 0) order.push(...left.splice(Math.floor(random() * left.length), 1));
  return order;
}

/** Where a reader's seed is kept: `localStorage`, or anything with its two calls (either may throw). */
export interface SeedStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The local storage key of the reader's seed: one for every figure of a site. */
export const READER_STORAGE_KEY = "agent-loop-figure:reader";

/** A new random seed: 128 bits as hex. */
export function freshReader(
  fill: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => {
    crypto.getRandomValues(bytes);
  },
): string {
  const bytes = new Uint8Array(16);
  fill(bytes);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The seed kept in `storage`, made with `fresh` and kept the first time; null where there is no storage or it
 * refuses (a sandboxed frame, a privacy setting, a full quota): the caller then keeps one of its own.
 */
export function keptReader(storage: SeedStorage | null, fresh: () => string = freshReader): string | null {
  if (storage === null) return null;
  try {
    const kept = storage.getItem(READER_STORAGE_KEY);
    if (kept !== null && kept !== "") return kept;
    const made = fresh();
    storage.setItem(READER_STORAGE_KEY, made);
    return made;
  } catch {
    return null;
  }
}

/**
 * A reader's seed from an xAPI Agent, by its identifier (`mbox`, `mbox_sha1sum`, `openid` or `account`): the same
 * learner is shown the same order wherever the course passes its actor. Undefined for anything else.
 * @example actorReader({ mbox: "mailto:ana@course.example" }) // "xapi:mbox:mailto:ana@course.example"
 */
export function actorReader(actor: unknown): string | undefined {
  if (typeof actor !== "object" || actor === null) return undefined;
  const agent = actor as Readonly<Record<string, unknown>>;
  for (const field of ["mbox", "mbox_sha1sum", "openid"] as const) {
    const value = agent[field];
    if (typeof value === "string" && value !== "") return `xapi:${field}:${value}`;
  }
  const account = agent.account;
  if (typeof account === "object" && account !== null) {
    const { homePage, name } = account as Readonly<Record<string, unknown>>;
    if (typeof homePage === "string" && typeof name === "string" && name !== "")
      return `xapi:account:${homePage}|${name}`;
  }
  return undefined;
}

/**
 * A reader's seed from a SCORM learner id (`cmi.core.student_id`); undefined when the LMS gives none.
 * @example scormReader("2042") // "scorm:2042"
 */
export function scormReader(studentId: string): string | undefined {
  return studentId.trim() === "" ? undefined : `scorm:${studentId.trim()}`;
}

/**
 * A seed a host names (`reader=…`, the attribute, the prop), trimmed; undefined when it names none.
 * @example givenReader("  learner-7 ") // "learner-7"
 */
export function givenReader(text: string | null | undefined): string | undefined {
  const trimmed = text?.trim() ?? "";
  return trimmed === "" ? undefined : trimmed;
}
