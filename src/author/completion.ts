/**
 * Completion from the figure file's JSON Schema (src/figure/json-schema.ts, the one the build publishes): where the
 * cursor is in the JSON, which schema describes that place, and so which field names (with their descriptions) or
 * values (`const`, `enum`, booleans) fit there. Read from the editor's JSON syntax tree; no editor-specific
 * schema library (the ones there are bring a Markdown renderer and a highlighter with them).
 */
import type { Completion, CompletionContext, CompletionResult } from "@codemirror/autocomplete";
import { syntaxTree } from "@codemirror/language";
import type { SyntaxNode } from "@lezer/common";
import { defined } from "../engine";

/** A JSON Schema, as far as completion reads it. */
export interface Schema {
  readonly type?: string | readonly string[];
  readonly description?: string;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly additionalProperties?: Schema | boolean;
  readonly items?: Schema;
  readonly anyOf?: readonly Schema[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
}

type Segment = string | number;

/** The schemas that describe the value at `path` (several where an `anyOf` leaves it open). */
export function schemasAt(root: Schema, path: readonly Segment[]): Schema[] {
  let here: Schema[] = [root];
  for (const segment of path) {
    const next: Schema[] = [];
    for (const schema of here.flatMap(branches)) {
      if (typeof segment === "number") {
        if (schema.items !== undefined) next.push(schema.items);
      } else if (schema.properties?.[segment] !== undefined) next.push(schema.properties[segment]);
      else if (typeof schema.additionalProperties === "object") next.push(schema.additionalProperties);
    }
    here = next;
  }
  return here.flatMap(branches);
}

/** A schema and, for an `anyOf`, each of its branches. */
const branches = (schema: Schema): Schema[] => (schema.anyOf === undefined ? [schema] : schema.anyOf.flatMap(branches));

/** A string token's text, unquoted (as much as there is of it). */
function unquote(text: string): string {
  try {
    return JSON.parse(text) as string;
  } catch {
    return text.replace(/^"/, "").replace(/"$/, "");
  }
}

/** The path of keys and indexes from the document's root to `node`, and the source text. */
function pathTo(node: SyntaxNode, text: (from: number, to: number) => string): Segment[] {
  const path: Segment[] = [];
  let child: SyntaxNode = node;
  for (let parent = node.parent; parent !== null; child = parent, parent = parent.parent) {
    if (parent.name === "Property") {
      const key = parent.getChild("PropertyName");
      // A property's name is not inside its own value.
      if (key !== null && child.name !== "PropertyName") path.unshift(unquote(text(key.from, key.to)));
    } else if (parent.name === "Array") {
      let index = 0;
      for (let item = parent.firstChild; item !== null && item.from < child.from; item = item.nextSibling) {
        if (item.name !== "[" && item.name !== "," && item.name !== "⚠") index += 1;
      }
      path.unshift(index);
    }
  }
  return path;
}

const typeOf = (schema: Schema): string | undefined =>
  schema.const !== undefined
    ? JSON.stringify(schema.const)
    : Array.isArray(schema.type)
      ? schema.type.join(" | ")
      : (schema.type as string | undefined);

/** The keys an object already has. */
function keysOf(object: SyntaxNode, text: (from: number, to: number) => string): Set<string> {
  const keys = new Set<string>();
  for (const property of object.getChildren("Property")) {
    const key = property.getChild("PropertyName");
    if (key !== null) keys.add(unquote(text(key.from, key.to)));
  }
  return keys;
}

/**
 * A completion source for JSON described by `schema`: field names inside an object (each with its description),
 * values after a field's colon.
 */
export function schemaCompletion(schema: Schema) {
  return (context: CompletionContext): CompletionResult | null => {
    const { state, pos } = context;
    const text = (from: number, to: number) => state.sliceDoc(from, to);
    const node = syntaxTree(state).resolveInner(pos, -1);
    // A field name: inside a property name's string, or where an object expects one (after `{` or `,`).
    const inName = node.name === "PropertyName" || (node.name === "String" && node.parent?.name === "Object");
    const object = inName
      ? node.name === "PropertyName"
        ? node.parent?.parent
        : node.parent
      : node.name === "Object"
        ? node
        : null;
    if (object !== null && object !== undefined && object.name === "Object") {
      const before = text(object.from, pos);
      if (!inName && !/[{,]\s*$/.test(before) && !context.explicit) return null;
      const present = keysOf(object, text);
      const options = schemasAt(schema, pathTo(object, text)).flatMap((s) =>
        Object.entries(s.properties ?? {})
          .filter(([key]) => !present.has(key) || (inName && key === unquote(text(node.from, node.to))))
          .map(([key, property]): Completion => {
            const detail = typeOf(property);
            return {
              label: key,
              type: "property",
              ...defined({ detail }),
              ...defined({ info: property.description }),
              apply: `${JSON.stringify(key)}: `,
            };
          }),
      );
      if (options.length === 0) return null;
      return { from: inName ? node.from : pos, to: inName ? node.to : pos, options, validFor: /^"?[\w$.-]*"?$/ };
    }
    // A value: after a property's colon, or an array's item.
    const value = node.name === "Property" ? null : node;
    const property = node.name === "Property" ? node : node.parent?.name === "Property" ? node.parent : null;
    if (property === null) return null;
    const key = property.getChild("PropertyName");
    if (key === null || pos <= key.to) return null;
    const path = [...pathTo(property, text), unquote(text(key.from, key.to))];
    const values = new Map<string, string | undefined>();
    for (const s of schemasAt(schema, path)) {
      if (s.const !== undefined) values.set(JSON.stringify(s.const), s.description);
      for (const option of s.enum ?? []) values.set(JSON.stringify(option), s.description);
      if (s.type === "boolean") for (const option of ["true", "false"]) values.set(option, s.description);
    }
    if (values.size === 0) return null;
    const replacing = value !== null && value.name !== "⚠" && value.from >= key.to;
    return {
      from: replacing ? value.from : pos,
      to: replacing ? value.to : pos,
      options: [...values].map(([label, info]) => ({
        label,
        type: "constant",
        ...defined({ info }),
      })),
    };
  };
}
