/**
 * docs/formats.md's generated tables: "Would this replay?" from the codecs' replay rules (src/formats/replay.ts, each
 * codec's `replay`: one row per rule with the providers that declare it, what each refuses, their words and sources,
 * then what each provider's rules considered and do not check), and "What a conversion loses" from the codecs'
 * `carries` and `adds`. tests/unit/formats-docs.test.ts fails when the doc and the codecs differ;
 * `npx tsx scripts/formats-reference.ts --write` writes them there.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { CHECK_PROVIDERS } from "../src/formats/check";
import { CODECS } from "../src/formats/codecs";
import { FEATURES, type Feature } from "../src/formats/features";
import { FORMATS, WRITABLE_FORMATS } from "../src/formats/index";
import { RULE_IDS } from "../src/formats/replay";

export const BEGIN =
  "<!-- replay-rules:begin (generated from the codecs' replay rules: npx tsx scripts/formats-reference.ts --write) -->";
export const END = "<!-- replay-rules:end -->";
export const LOSS_BEGIN =
  "<!-- losses:begin (generated from the codecs' carries and adds: npx tsx scripts/formats-reference.ts --write) -->";
export const LOSS_END = "<!-- losses:end -->";
export const LOGS_BEGIN =
  "<!-- formats:begin (generated from the registry and the codecs: npx tsx scripts/formats-reference.ts --write) -->";
export const LOGS_END = "<!-- formats:end -->";

/** What each feature is, for the table (the features' own names are in src/formats/features.ts). */
const FEATURE_WORDS: Readonly<Record<Feature, string>> = {
  system: "the host's system note",
  mid_run_system: "a system message the host put in mid-run, where it stands",
  clear_at: "a system message shown to the model only until the next user message (Anthropic's beta `clear_at`)",
  tool_declarations: "the host's tool declarations",
  built_in_tools: "declarations of the provider's built-in tools",
  error_status: "a result marked as an error",
  reasoning: "the model's reasoning, its opaque state included",
  media: "images, audio and documents",
  provider_tools: "tools the provider ran inside a model call, with their results",
  raw_arguments: "arguments that are not a JSON object, kept as written",
  unknown_parts: "content of a type the figure does not know",
  unfed_calls: "calls the model proposed, and their results, that the host never put in the model's context",
  host_hops: "the host's own exchanges beside the model's, such as an MCP server's JSON-RPC",
  result_order: "a turn's results in the order they came back, where that is not the order of its calls",
};

/** The table of what each format carries, and what each writer adds. */
export function lossReference(): string {
  const formats = WRITABLE_FORMATS.flatMap(({ id }) => (id === "neutral" ? [] : [id]));
  const rows = FEATURES.map((feature) => {
    const by = formats.filter((id) => CODECS[id].carries.includes(feature));
    const carried =
      by.length === formats.length
        ? "every format"
        : by.length === 0
          ? "`neutral` only"
          : `${by.map((id) => `\`${id}\``).join(", ")} (and \`neutral\`)`;
    return `| \`${feature}\` (${FEATURE_WORDS[feature]}) | ${carried} |`;
  });
  const adders = formats.filter((id) => CODECS[id].adds !== undefined).map((id) => `\`${id}\``);
  return [
    LOSS_BEGIN,
    "",
    "| feature | carried by |",
    "|---|---|",
    ...rows,
    "",
    `Formats whose writer adds what the run did not have, said under the losses: ${adders.length === 0 ? "none" : adders.join(", ")}.`,
    "",
    LOSS_END,
  ].join("\n");
}

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** "Name: text; Name: text", or the text alone when every provider says the same. */
function joined(entries: readonly (readonly [string, string | undefined])[]): string {
  const said = entries.filter((entry): entry is readonly [string, string] => entry[1] !== undefined);
  if (said.length === 0) return "—";
  const texts = new Set(said.map(([, text]) => text));
  if (texts.size === 1 && said.length === entries.length) return cell(said[0]?.[1] ?? "");
  return said.map(([name, text]) => `${name}: ${cell(text)}`).join("; ");
}

/** The rules table and the list of what is considered and not checked, as Markdown. */
export function replayReference(): string {
  const rows = RULE_IDS.flatMap((rule) => {
    const declared = CHECK_PROVIDERS.flatMap((provider) => {
      const entry = CODECS[provider].replay?.rules[rule];
      return entry === undefined ? [] : [[CODECS[provider].name, entry] as const];
    });
    if (declared.length === 0) return [];
    const names = declared.map(([name]) => name).join(", ");
    const quoted = (text: string | undefined) => (text === undefined ? undefined : `"${text}"`);
    return [
      `| \`${rule}\` | ${names} | ${joined(declared.map(([name, e]) => [name, e.refuses]))} | ${joined(
        declared.map(([name, e]) => [
          name,
          e.wordsForSecond === undefined
            ? quoted(e.words)
            : `${quoted(e.words) ?? "—"}; for a second result: ${quoted(e.wordsForSecond)}`,
        ]),
      )} | ${joined(declared.map(([name, e]) => [name, e.source]))} |`,
    ];
  });
  const unchecked = CHECK_PROVIDERS.flatMap((provider) => {
    const replay = CODECS[provider].replay;
    return [...(replay?.notChecked ?? []), ...(replay?.unpaired === undefined ? [] : [replay.unpaired.why])].map(
      (text) => `- ${CODECS[provider].name}: ${text}.`,
    );
  });
  const models = CHECK_PROVIDERS.flatMap((provider) => {
    const listed = CODECS[provider].replay?.models ?? [];
    return listed.length === 0 ? [] : [`- ${CODECS[provider].name}: the verdict holds for ${listed.join(" and ")}.`];
  });
  return [
    BEGIN,
    "",
    "| rule | providers | what it refuses | the provider's words (quoted in the explanation) | source |",
    "|---|---|---|---|---|",
    ...rows,
    "",
    ...(models.length === 0 ? [] : ["Where a provider's models differ:", "", ...models, ""]),
    "Considered and not checked (no provider documents a refusal, or the figure's writer never writes the case):",
    "",
    ...unchecked,
    "",
    END,
  ].join("\n");
}

const DOC = resolve(import.meta.dirname, "../docs/formats.md");

/** `doc` with the part between `begin` and `end` replaced by `part`. */
function replaced(doc: string, begin: string, end: string, part: string): string {
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  if (from < 0 || to < 0) throw new Error(`docs/formats.md has no ${begin} … ${end}`);
  return `${doc.slice(0, from)}${part}${doc.slice(to + end.length)}`;
}

/**
 * The table of every format: its id, its name, whether the figure writes it, and, for an agent's own log, where the
 * agent keeps it.
 */
export function formatsReference(): string {
  const rows = FORMATS.map((format) => {
    const { id, name, request, writes } = format;
    const codec = CODECS[id];
    const kind = request
      ? "a request the figure reads and writes"
      : "written" in format
        ? `read; written as ${/^[AEIOU]/.test(format.written) ? "an" : "a"} ${format.written}`
        : writes
          ? "read and written"
          : "read only";
    const where = "where" in codec && codec.where !== undefined ? `\`${cell(codec.where)}\`` : "—";
    return `| \`${id}\` | ${name} | ${kind} | ${where} | \`src/formats/${id}.ts\` |`;
  });
  return [
    LOGS_BEGIN,
    "",
    "| id | name | the figure | where the agent writes it | module |",
    "|---|---|---|---|---|",
    ...rows,
    "",
    LOGS_END,
  ].join("\n");
}

/** docs/formats.md with the generated parts replaced. */
export function withReference(doc: string): string {
  return replaced(
    replaced(replaced(doc, BEGIN, END, replayReference()), LOSS_BEGIN, LOSS_END, lossReference()),
    LOGS_BEGIN,
    LOGS_END,
    formatsReference(),
  );
}

if (process.argv.includes("--write")) writeFileSync(DOC, withReference(readFileSync(DOC, "utf8")));
