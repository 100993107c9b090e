/**
 * The figure file's field reference, as Markdown tables generated from its JSON Schema (src/figure/json-schema.ts):
 * docs/authoring.md holds it between two markers, and tests/unit/authoring-docs.test.ts fails when the two
 * differ. `npx tsx scripts/figure-reference.ts --write` writes it there, and the schema itself beside the example
 * files (examples/figures/figure.schema.json, which tests/unit/figure.test.ts keeps equal to the generated one).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { figureJsonSchema } from "../src/figure/json-schema";

interface Schema {
  readonly type?: string | readonly string[];
  readonly description?: string;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: Schema | boolean;
  readonly items?: Schema;
  readonly anyOf?: readonly Schema[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly default?: unknown;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
}

export const BEGIN =
  "<!-- figure-reference:begin (generated from the schema: npx tsx scripts/figure-reference.ts --write) -->";
export const END = "<!-- figure-reference:end -->";

const isText = (schema: Schema) =>
  schema.anyOf?.length === 2 && schema.anyOf[0]?.type === "string" && schema.anyOf[1]?.type === "object";

/** A field's type in words. */
function typeOf(schema: Schema): string {
  if (isText(schema)) return "text";
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum !== undefined) return schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(" \\| ");
  if (schema.anyOf !== undefined) return schema.anyOf.map(typeOf).join(" or ");
  if (schema.type === "array") return `list of ${schema.items === undefined ? "values" : typeOf(schema.items)}`;
  if (schema.type === "object" && schema.properties === undefined && typeof schema.additionalProperties === "object")
    return `object of ${typeOf(schema.additionalProperties)}`;
  if (schema.type === "object") return "object";
  if (schema.type === "integer" || schema.type === "number") {
    const range = [
      schema.minimum === undefined ? "" : `≥ ${schema.minimum}`,
      schema.maximum === undefined ? "" : `≤ ${schema.maximum}`,
    ]
      .filter(Boolean)
      .join(", ");
    return range === "" ? String(schema.type) : `${schema.type} (${range})`;
  }
  return schema.type === undefined ? "any JSON" : String(schema.type);
}

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** One table per object with fields, depth first, each headed by its path. */
function tables(schema: Schema, path: string, out: string[]): void {
  const objects = (s: Schema): Schema[] =>
    s.properties !== undefined ? [s] : s.items !== undefined ? objects(s.items) : (s.anyOf ?? []).flatMap(objects);
  const forms = objects(schema);
  for (const object of forms) {
    // A field of several object forms gets a table per form, each headed by its keys.
    const form =
      forms.length > 1
        ? ` as \`{${Object.keys(object.properties ?? {})
            .map((key) => `"${key}": …`)
            .join(", ")}}\``
        : "";
    const required = new Set(object.required ?? []);
    const rows = Object.entries(object.properties ?? {}).map(
      ([key, field]) =>
        `| \`${key}\` | ${cell(typeOf(field))} | ${required.has(key) ? "yes" : field.default === undefined ? "no" : `no (default \`${JSON.stringify(field.default)}\`)`} | ${cell(field.description ?? "")} |`,
    );
    out.push(`### \`${path}\`${form}\n`, ...(object.description === undefined ? [] : [`${object.description}\n`]));
    out.push("| field | type | required | what it is |", "|---|---|---|---|", ...rows, "");
    for (const [key, field] of Object.entries(object.properties ?? {})) {
      if (isText(field)) continue;
      const inner = field.type === "array" ? `${path}.${key}[]` : `${path}.${key}`;
      if (objects(field).length > 0) tables(field, path === "" ? key : inner, out);
    }
  }
}

/** The reference, as it stands between the markers. */
export function figureReference(): string {
  const schema = figureJsonSchema() as Schema;
  const out: string[] = [];
  const root = { ...schema, description: undefined };
  const required = new Set(root.required ?? []);
  out.push("### the file\n", "| field | type | required | what it is |", "|---|---|---|---|");
  for (const [key, field] of Object.entries(root.properties ?? {}))
    out.push(
      `| \`${key}\` | ${cell(typeOf(field))} | ${required.has(key) ? "yes" : "no"} | ${cell(field.description ?? "")} |`,
    );
  out.push("");
  for (const [key, field] of Object.entries(root.properties ?? {})) {
    if (key === "story" && field.properties !== undefined) {
      const first = Object.values(field.properties)[0];
      if (first !== undefined) tables(first, "story.<language>", out);
    } else tables(field, key, out);
  }
  out.push(
    'Text (a `text` field) is a string for every language, or an object of strings by language code (`{"en": …, "zh": …}`); a language left out takes the first one given. A string argument of a call may be text by language too.',
  );
  return out.join("\n");
}

if (process.argv.includes("--write")) {
  const file = resolve(import.meta.dirname, "../docs/authoring.md");
  const doc = readFileSync(file, "utf8");
  const [before, rest] = doc.split(BEGIN);
  const after = rest?.split(END)[1];
  if (before === undefined || after === undefined) throw new Error("docs/authoring.md has no reference markers");
  writeFileSync(file, `${before}${BEGIN}\n\n${figureReference()}\n\n${END}${after}`);
  const schemaFile = resolve(import.meta.dirname, "../examples/figures/figure.schema.json");
  writeFileSync(schemaFile, `${JSON.stringify(figureJsonSchema(), null, 2)}\n`);
}
