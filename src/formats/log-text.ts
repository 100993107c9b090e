/**
 * A recorded run's bytes as the text the import reads: UTF-8 text as it is, and an Inspect AI `.eval` log (a zip)
 * as the JSON of the same log in its `.json` form. The places that read a file as bytes (the command line, the
 * page's worker, the viewer's server) go through here, so every shell reads the same files.
 */
import { inspectZipText } from "./inspect-zip";

/** Whether bytes start as a zip archive does (a local file header, "PK\x03\x04"). */
export const isZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The text of a run's file: an Inspect `.eval` zip unpacked into its JSON log, anything else decoded as UTF-8. */
export function logText(bytes: Uint8Array): string {
  if (isZip(bytes)) {
    const text = inspectZipText(bytes);
    if (text !== null) return text;
  }
  return new TextDecoder().decode(bytes);
}
