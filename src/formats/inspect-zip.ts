/**
 * An Inspect AI `.eval` log is a zip archive: `header.json` holds the log without its samples, and each sample is a
 * member of its own, `samples/<id>_epoch_<n>.json` (with summaries, reductions and a journal beside them). This
 * unpacks one into the JSON text of the same log in its `.json` form (`header.json`'s object with `samples` added), so
 * the import reads both the same way. A log still being written has no `header.json` yet: its `_journal/start.json`
 * (version, eval, plan) stands in for it, as Inspect's own reader does.
 *
 * Nothing is refused here: a zip that cannot be read gives the JSON text `{"inspectZipError": "<what>"}`, which the
 * Inspect codec recognises and refuses with that message.
 */
import { strFromU8, type Unzipped, unzipSync } from "fflate";

const HEADER = "header.json";
const START = "_journal/start.json";
const SAMPLE = /^samples\/[^/]+\.json$/;

/** Whether bytes begin with a zip's local file header, "PK\x03\x04". */
const isZipStart = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

const errorText = (what: string): string => JSON.stringify({ inspectZipError: what });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A member read as a JSON object, or what is wrong with it. */
function member(
  files: Unzipped,
  name: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; what: string } {
  const bytes = files[name];
  if (bytes === undefined) return { ok: false, what: `${name} is missing` };
  let value: unknown;
  try {
    value = JSON.parse(strFromU8(bytes));
  } catch (error) {
    return { ok: false, what: `${name} is not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  return isObject(value) ? { ok: true, value } : { ok: false, what: `${name} is not a JSON object` };
}

/**
 * A sample's place in the log: by id, then epoch. Numeric ids are compared as numbers (zero-padded, as Inspect
 * sorts them), string ids as strings.
 */
const sampleKey = (sample: Record<string, unknown>): [string, number] => {
  const { id, epoch } = sample;
  const key = typeof id === "number" ? String(id).padStart(20, "0") : typeof id === "string" ? id : "";
  return [key, typeof epoch === "number" ? epoch : 0];
};

function bySampleKey(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const [idA, epochA] = sampleKey(a);
  const [idB, epochB] = sampleKey(b);
  if (idA !== idB) return idA < idB ? -1 : 1;
  return epochA - epochB;
}

/**
 * The JSON text of the log an Inspect `.eval` zip holds, in its `.json` form; null when the bytes are not a zip.
 * @example inspectZipText(readFileSync("logs/run.eval")) // '{"version":2,"status":"success","eval":{…},"samples":[…]}'
 */
export function inspectZipText(bytes: Uint8Array): string | null {
  if (!isZipStart(bytes)) return null;
  let files: Unzipped;
  try {
    // Only what the log's JSON form holds is inflated; summaries and the journal's other files are not needed.
    files = unzipSync(bytes, {
      filter: (file) => file.name === HEADER || file.name === START || SAMPLE.test(file.name),
    });
  } catch (error) {
    return errorText(`the zip archive could not be read (${error instanceof Error ? error.message : String(error)})`);
  }
  const started = files[HEADER] === undefined;
  if (started && files[START] === undefined)
    return errorText(`the zip holds neither ${HEADER} nor ${START}: it is not an Inspect AI .eval log`);
  const header = member(files, started ? START : HEADER);
  if (!header.ok) return errorText(header.what);
  const samples: Record<string, unknown>[] = [];
  for (const name of Object.keys(files)) {
    if (!SAMPLE.test(name)) continue;
    const sample = member(files, name);
    if (!sample.ok) return errorText(sample.what);
    samples.push(sample.value);
  }
  samples.sort(bySampleKey);
  // A log still running has no status in its start record: Inspect reads it as "started".
  const log = started ? { status: "started", ...header.value } : header.value;
  return JSON.stringify({ ...log, samples });
}
