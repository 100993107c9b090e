// @vitest-environment node
/**
 * docs/formats.md's "Would this replay?" tables come from the codecs: the rules table is the one generated from
 * each codec's `replay`, the providers the checker offers are the codecs that declare rules, and the checker names
 * no provider (each provider's rules live in its own codec).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { BEGIN, END, lossReference, replayReference, withReference } from "../../scripts/formats-reference";
import { CHECK_PROVIDERS } from "../../src/formats/check";
import { CODECS } from "../../src/formats/codecs";

const read = (path: string) => readFileSync(resolve(import.meta.dirname, "../..", path), "utf8");

describe("docs/formats.md's replay rules", () => {
  it("holds the rules and loss tables generated from the codecs (npx tsx scripts/formats-reference.ts --write)", () => {
    const doc = read("docs/formats.md");
    expect(doc).toContain(BEGIN);
    expect(doc).toContain(END);
    expect(withReference(doc)).toBe(doc);
    expect(replayReference()).toContain("| `call_id_pattern` | Anthropic Messages, Amazon Bedrock Converse |");
    expect(lossReference()).toContain("| `unfed_calls` (");
  });

  it("the providers a history can be checked for are exactly the codecs that declare replay rules", () => {
    const declaring = Object.values(CODECS).flatMap((codec) =>
      "replay" in codec && codec.replay !== undefined ? [codec.id] : [],
    );
    expect([...CHECK_PROVIDERS].sort()).toEqual(declaring.sort());
  });

  it("the checker and its rules name no provider: a provider's rules are in its codec", () => {
    for (const file of ["src/formats/check.ts", "src/formats/replay.ts"]) {
      const code = read(file);
      for (const provider of CHECK_PROVIDERS)
        expect([file, provider, new RegExp(`[!=]== "${provider}"|case "${provider}"`).test(code)]).toEqual([
          file,
          provider,
          false,
        ]);
    }
  });
});
