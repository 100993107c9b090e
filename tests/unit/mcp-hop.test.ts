// @vitest-environment node
/**
 * The MCP hop (scenario mcp-hop): the host turns the model's call into a JSON-RPC tools/call request with an id
 * of its own, the server answers that id, and the host feeds the result back under the model's call_id. The
 * messages on the hop are checked against the MCP SDK's own schemas (the specification's, as zod schemas).
 */
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  JSONRPCRequestSchema,
  JSONRPCResultResponseSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { catalogs, LANGS, storyCatalog } from "../../src/content";
import { runScenario, type Step } from "../../src/engine";
import { CHECK_PROVIDERS, checkReplay } from "../../src/formats/check";
import { SCENARIOS, scenarioById } from "../../src/scenarios";

describe.each(LANGS)("the MCP hop (%s)", (lang) => {
  const trace = runScenario(scenarioById("mcp-hop", lang));
  const hops = trace.steps.filter(
    (s): s is Extract<Step, { kind: "mcp_request" | "mcp_response" }> =>
      s.kind === "mcp_request" || s.kind === "mcp_response",
  );

  it("draws the server as a fifth lane, and completes with the server's answer in the reply", () => {
    expect(trace.lanes).toEqual(["user", "model", "host", "tool", "mcp"]);
    expect(trace.outcome).toBe("completed");
    expect(trace.counters).toEqual({ modelCalls: 3, toolExecutions: 3, simulatedWrites: 0 });
  });

  it("two ids, two hops, one mapping: each call_id has a request id of the host's own, answered by the same id", () => {
    expect(hops.map((s) => [s.kind, s.call.callId, s.rpc.id])).toEqual([
      ["mcp_request", "call_2", 3],
      ["mcp_response", "call_2", 3],
      ["mcp_request", "call_3", 4],
      ["mcp_response", "call_3", 4],
    ]);
    expect(hops.map((s) => [s.edge?.from, s.edge?.to])).toEqual([
      ["host", "mcp"],
      ["mcp", "host"],
      ["host", "mcp"],
      ["mcp", "host"],
    ]);
    // The model never sees a JSON-RPC id: only its call_ids are in its context.
    expect(JSON.stringify(trace.messages)).not.toContain("jsonrpc");
    expect(trace.messages.filter((m) => m.role === "tool").map((m) => m.callId)).toEqual([
      "call_1",
      "call_2",
      "call_3",
    ]);
  });

  it("sends and receives what the MCP specification's schemas accept", () => {
    for (const step of hops) {
      if (step.kind === "mcp_request") {
        expect(JSONRPCRequestSchema.parse(step.rpc)).toMatchObject({ jsonrpc: "2.0", id: step.rpc.id });
        const { method, params } = step.rpc as { method: unknown; params: unknown };
        expect(CallToolRequestSchema.parse({ method, params }).params).toEqual({
          name: "get_weather",
          arguments: step.call.args,
        });
      } else {
        expect(JSONRPCResultResponseSchema.parse(step.rpc)).toMatchObject({ jsonrpc: "2.0", id: step.rpc.id });
        CallToolResultSchema.parse(step.rpc.result);
      }
    }
  });

  it("passes on a tool's failure reported inside a successful response (isError) as the call's error result", () => {
    const failed = hops.at(-1);
    expect(failed?.rpc).toMatchObject({
      result: { isError: true, content: [{ type: "text", text: "Unknown city: Atlantis" }] },
    });
    expect(failed?.toolResult).toMatchObject({ callId: "call_3", status: "error", content: "Unknown city: Atlantis" });
    expect(trace.messages.find((m) => m.role === "tool" && m.callId === "call_3")).toMatchObject({ status: "error" });
  });

  it("tells each hop with its ids, and replays for every provider", () => {
    const text = storyCatalog(catalogs[lang], SCENARIOS["mcp-hop"].stories[lang]);
    for (const step of hops) {
      const caption = text.stepCaption(step, trace);
      expect(caption).toContain(step.call.callId);
      expect(caption).toContain(String(step.rpc.id));
    }
    for (const provider of CHECK_PROVIDERS) expect(checkReplay(trace, provider)).toEqual([]);
  });
});
