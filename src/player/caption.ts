/**
 * A step's caption as the stage shows it: its first sentence, which speaks to a reader new to agents, and the rest,
 * the practitioner's detail, a click away. Split at the first sentence's end (a Latin full stop, question or
 * exclamation mark before a space, or a Chinese one before more text); a caption of one sentence has no rest. The
 * rest keeps the space between the sentences, so that the two together are the caption as written.
 * @example captionParts("The host checks the call. Then it runs it.") // ["The host checks the call.", " Then it runs it."]
 */
export function captionParts(caption: string): readonly [lead: string, rest: string] {
  const end = /[.!?](?=\s+\S)|[。！？](?=\S)/.exec(caption);
  if (end === null) return [caption, ""];
  const at = end.index + 1;
  return [caption.slice(0, at), caption.slice(at)];
}
