/**
 * src/live/otlp-proto.gen.json: the OTLP trace and logs export requests and answers as protobufjs's JSON descriptor,
 * read from the OpenTelemetry protocol's own .proto files (src/live/otlp-proto/, its README says which release).
 * The receiver loads it with `protobufjs/light`, so the command carries no .proto parser. tests/unit/otlp-receiver.test.ts
 * fails when it is stale; `npx tsx scripts/otlp-proto.ts --write` writes it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import protobuf from "protobufjs";

const root = resolve(import.meta.dirname, "../src/live/otlp-proto");
const file = resolve(import.meta.dirname, "../src/live/otlp-proto.gen.json");

/** The descriptor, as text. */
export function descriptor(): string {
  const loaded = new protobuf.Root();
  loaded.resolvePath = (_origin, target) => resolve(root, target);
  loaded.loadSync(
    [
      "opentelemetry/proto/collector/trace/v1/trace_service.proto",
      "opentelemetry/proto/collector/logs/v1/logs_service.proto",
    ],
    {
      keepCase: false,
    },
  );
  loaded.resolveAll();
  return `${JSON.stringify(loaded.toJSON())}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const written = descriptor();
  if (process.argv.includes("--write")) writeFileSync(file, written);
  else if (readFileSync(file, "utf8") !== written) {
    console.error("src/live/otlp-proto.gen.json is stale: npx tsx scripts/otlp-proto.ts --write");
    process.exitCode = 1;
  }
}
