/**
 * docs/formats.md's tables of "Would this replay?", generated from the codecs' replay rules (src/formats/replay.ts,
 * each codec's `replay`): one row per rule with the providers that declare it, what each refuses, their words and
 * sources, then what each provider's rules considered and do not check. tests/unit/formats-docs.test.ts fails
 * when the doc and the codecs differ; `npx tsx scripts/formats-reference.ts --write` writes it there.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { CHECK_PROVIDERS } from "../src/formats/check";
import { CODECS } from "../src/formats/codecs";
import { RULE_IDS } from "../src/formats/replay";

export const BEGIN =
  "<!-- replay-rules:begin (generated from the codecs' replay rules: npx tsx scripts/formats-reference.ts --write) -->";
export const END = "<!-- replay-rules:end -->";

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
        declared.map(([name, e]) => [name, quoted(e.words)]),
      )} | ${joined(declared.map(([name, e]) => [name, e.source]))} |`,
    ];
  });
  const unchecked = CHECK_PROVIDERS.flatMap((provider) =>
    (CODECS[provider].replay?.notChecked ?? []).map((text) => `- ${CODECS[provider].name}: ${text}.`),
  );
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

/** docs/formats.md with the generated part replaced. */
export function withReference(doc: string): string {
  const from = doc.indexOf(BEGIN);
  const to = doc.indexOf(END);
  if (from < 0 || to < 0) throw new Error(`docs/formats.md has no ${BEGIN} … ${END}`);
  return `${doc.slice(0, from)}${replayReference()}${doc.slice(to + END.length)}`;
}

if (process.argv.includes("--write")) writeFileSync(DOC, withReference(readFileSync(DOC, "utf8")));
