/**
 * The figure file's JSON Schema (draft-07), generated from the valibot schema the figure reads files with, so the
 * two cannot disagree: published as dist/figure.schema.json, for editors to complete and check a file with (the
 * authoring page's editor uses it too). The rules ./check.ts adds are not in it; the figure says them when it
 * reads the file.
 */
import { toJsonSchema } from "@valibot/to-json-schema";
import { FIGURE_VERSION, FigureFileSchema } from "./schema";

/** Where the build publishes the schema, relative to dist/. */
export const FIGURE_SCHEMA_FILE = "figure.schema.json";

/** The JSON Schema of a figure file of version {@link FIGURE_VERSION}. */
export function figureJsonSchema(): Record<string, unknown> {
  const schema = toJsonSchema(FigureFileSchema, {
    errorMode: "throw",
    // A custom check (text in at least one language) is said in JSON Schema's own words.
    overrideAction: ({ valibotAction, jsonSchema }) =>
      valibotAction.type === "check" ? { ...jsonSchema, minProperties: 1 } : undefined,
  });
  return {
    title: `agent-loop-figure figure file, version ${FIGURE_VERSION}`,
    ...schema,
  };
}
