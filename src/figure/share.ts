/**
 * Share links: a figure file carried in a URL's fragment, compressed (raw DEFLATE with fflate, a small, well-kept
 * library, then base64url), so a course author can send a figure as a link, with no server. The fragment never
 * reaches a server; browsers and chat tools take long URLs, but not without end, so a link is refused above
 * {@link SHARE_LIMIT} characters and the author page offers the file's download instead.
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from "fflate";

import { SHARE_LIMIT } from "./link";

export { SHARE_LIMIT, SHARE_PARAM } from "./link";

/** The most a shared figure may inflate to: a figure file's own limit. */
const MAX_INFLATED = 1_000_000;

const toBase64Url = (bytes: Uint8Array): string => {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
};

const fromBase64Url = (text: string): Uint8Array => {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

/**
 * A figure file's text as a share link's payload, or null when it would be longer than {@link SHARE_LIMIT}.
 * @example encodeShare('{"figure": 1}') // "q1ZKy0zNSVGyMqwFAA"
 */
export function encodeShare(text: string): string | null {
  const encoded = compressShare(text);
  return encoded.length > SHARE_LIMIT ? null : encoded;
}

/** A figure file's text compressed as a share link would carry it, however long (to say how long it is). */
export function compressShare(text: string): string {
  return toBase64Url(deflateSync(strToU8(text), { level: 9 }));
}

/** A share link's payload read: the figure file's text, or why it is none. */
export type SharedFigure =
  | { readonly ok: true; readonly text: string }
  /** `damaged`: cut short or altered, it does not decode; `too_long`: over {@link SHARE_LIMIT}, as no link is made. */
  | { readonly ok: false; readonly why: "damaged" | "too_long" };

/**
 * A share link's payload back to the figure file's text, or why not: a payload longer than any link the author
 * page makes (the same {@link SHARE_LIMIT}) is refused unread, and one that does not decode is damaged.
 * @example readShare("q1ZKy0zNSVGyMqwFAA") // { ok: true, text: '{"figure": 1}' }
 */
export function readShare(payload: string): SharedFigure {
  if (payload.length > SHARE_LIMIT) return { ok: false, why: "too_long" };
  if (!/^[A-Za-z0-9_-]+$/.test(payload)) return { ok: false, why: "damaged" };
  try {
    const bytes = inflateSync(fromBase64Url(payload));
    if (bytes.length > MAX_INFLATED) return { ok: false, why: "too_long" };
    return { ok: true, text: strFromU8(bytes, false) };
  } catch {
    return { ok: false, why: "damaged" };
  }
}

/** A share link's payload back to the figure file's text, or null when it is not one (cut, altered, too large). */
export function decodeShare(payload: string): string | null {
  const read = readShare(payload);
  return read.ok ? read.text : null;
}
