/**
 * The format registry: every transcript format the figure reads and writes, one module each (Mermaid's diagram
 * registry is the pattern). This list holds only each format's id and name — what a format switch, a picker or a
 * CLI flag needs — so the player can list the formats without loading a codec (a codec's module is in no figure's
 * first download); `./codecs.ts` holds the codecs themselves, loaded on demand, each taking its id and name from
 * here. Adding a format is its module (src/formats/<id>.ts), a line here and a line in ./codecs.ts (the type
 * checker refuses one without the other), and its tests.
 */
/**
 * Every format, this figure's own (neutral) first: its id, its name as the people who use it call it, whether it
 * is a provider's request format (a body a host sends at a model call: the figure's Format switch shows those;
 * the others are ways runs are saved), and whether the figure writes it. An agent's own log is read, and written
 * only where it is a plain list of messages in the agent's own schema; `written` then names what the figure writes
 * of it: one sample of an Inspect AI log, a SWE-agent history as SWE-agent loads a demonstration.
 */
export const FORMATS = [
  { id: "neutral", name: "this figure's trace", request: true, writes: true },
  { id: "chat", name: "OpenAI Chat Completions", request: true, writes: true },
  { id: "responses", name: "OpenAI Responses", request: true, writes: true },
  { id: "anthropic", name: "Anthropic Messages", request: true, writes: true },
  { id: "gemini", name: "Google Gemini generateContent", request: true, writes: true },
  { id: "bedrock", name: "Amazon Bedrock Converse", request: true, writes: true },
  { id: "ai-sdk", name: "Vercel AI SDK", request: true, writes: true },
  { id: "otel-genai", name: "OpenTelemetry GenAI", request: false, writes: true },
  { id: "otlp", name: "OTLP traces (GenAI spans)", request: false, writes: true },
  { id: "openinference", name: "OpenInference (Arize Phoenix)", request: false, writes: false },
  { id: "ai-sdk-telemetry", name: "Vercel AI SDK telemetry", request: false, writes: false },
  { id: "openllmetry", name: "OpenLLMetry (Traceloop, before 0.25)", request: false, writes: false },
  { id: "langchain", name: "LangChain messages_to_dict", request: false, writes: true },
  { id: "claude-code", name: "Claude Code", request: false, writes: true },
  { id: "codex", name: "Codex CLI rollout", request: false, writes: false },
  { id: "gemini-cli", name: "Gemini CLI chat recording", request: false, writes: false },
  { id: "inspect", name: "Inspect AI eval log", request: false, writes: true, written: "Inspect AI sample" },
  { id: "swe-agent", name: "SWE-agent trajectory", request: false, writes: true, written: "SWE-agent demonstration" },
  { id: "openhands", name: "OpenHands trajectory", request: false, writes: false },
  { id: "pi", name: "pi session", request: false, writes: false },
] as const;

/** A format the Format switch offers: a body a host sends at a model call, or the figure's own. */
export type RequestFormatId = Extract<(typeof FORMATS)[number], { readonly request: true }>["id"];

/** A provider's request format: what the Format view shows as JSON. */
export type WireFormatId = Exclude<RequestFormatId, "neutral">;

/** The formats the Format switch offers: the request formats. */
export const REQUEST_FORMATS = FORMATS.filter((format) => format.request);

/** A format's id: `neutral`, `chat`, `responses`, `anthropic`, `gemini`, … */
export type FormatId = (typeof FORMATS)[number]["id"];

/** A format the figure writes: an export's, the CLI's `--export`. */
export type WritableFormatId = Extract<(typeof FORMATS)[number], { readonly writes: true }>["id"];

/** The formats the figure writes, in the registry's order. */
export const WRITABLE_FORMATS = FORMATS.filter(
  (format): format is Extract<(typeof FORMATS)[number], { readonly writes: true }> => format.writes,
);

/** Whether the figure writes `id`. */
export const isWritableFormatId = (id: string): id is WritableFormatId =>
  WRITABLE_FORMATS.some((format) => format.id === id);

/** Every format's id, in the registry's order. */
export const FORMAT_IDS: readonly FormatId[] = FORMATS.map((format) => format.id);

/** Whether `value` names a format. */
export const isFormatId = (value: string): value is FormatId => (FORMAT_IDS as readonly string[]).includes(value);

/** A format's name, as the people who use it call it. */
export const formatName = (id: FormatId): string => FORMATS.find((format) => format.id === id)?.name ?? id;

/** What the figure writes in a format, by name: the format's name, or the part of it the figure writes (`written`). */
export function writtenName(id: WritableFormatId): string {
  const format = FORMATS.find((entry) => entry.id === id);
  return format !== undefined && "written" in format ? format.written : formatName(id);
}

/** A format's entry, for its codec to take its id and name from (the registry is the one place they are written). */
export function formatMeta<Id extends FormatId>(id: Id): { readonly id: Id; readonly name: string } {
  return { id, name: formatName(id) };
}

/** The ids of the formats the figure writes, in the registry's order. */
export const WRITABLE_FORMAT_IDS: readonly WritableFormatId[] = WRITABLE_FORMATS.map((format) => format.id);
