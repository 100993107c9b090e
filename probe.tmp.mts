import type { AddressInfo } from "node:net";
import { createOpenAI } from "@ai-sdk/openai";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { JsonTraceSerializer } from "@opentelemetry/otlp-transformer";
import { generateText, jsonSchema, stepCountIs, tool } from "ai";
import { scripted } from "./tests/fixtures/scripted-model";
const server = scripted();
await new Promise<void>((l) => server.listen(0, "127.0.0.1", l));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const spans = new InMemorySpanExporter();
const tracing = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
const openai = createOpenAI({ baseURL: `${origin}/v1`, apiKey: "sk-test-not-a-key" });
const result = await generateText({
  model: openai.chat("gpt-4o"),
  system: "Answer from the file.",
  prompt: "Read timeout from config.txt",
  tools: { read_file: tool({ inputSchema: jsonSchema<{ path: string }>({ type: "object", properties: { path: { type: "string" } } }), execute: async () => "timeout=30" }) },
  stopWhen: stepCountIs(3),
  experimental_telemetry: { isEnabled: true, tracer: tracing.getTracer("ai") },
});
console.log("TEXT", result.text);
for (const s of spans.getFinishedSpans()) {
  console.log("==", s.name, s.spanContext().traceId.slice(0, 6));
  for (const [k, v] of Object.entries(s.attributes)) if (/prompt|response|toolCall|operation|gen_ai/.test(k)) console.log("  ", k, String(v).slice(0, 300));
}
server.close();
