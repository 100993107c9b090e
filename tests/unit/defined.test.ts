// @vitest-environment node
import { describe, expect, expectTypeOf, it } from "vitest";
import { defined } from "../../src/engine";

describe("defined", () => {
  it("leaves out the fields that are undefined, and keeps every other value, falsy ones too", () => {
    const out = defined({ a: undefined, b: null, c: 0, d: "", e: false, f: "x" });
    expect(out).toEqual({ b: null, c: 0, d: "", e: false, f: "x" });
    expect(Object.keys(out)).not.toContain("a");
  });

  it("types a field that may be undefined as optional, without undefined", () => {
    const format = undefined as string | undefined;
    const out = defined({ name: "run.json", format });
    expectTypeOf(out).toEqualTypeOf<{ name: string } & { format?: string }>();
    // Assignable where exactOptionalPropertyTypes refuses `format: undefined`.
    const request: { readonly name: string; readonly format?: string } = out;
    expect(request).toEqual({ name: "run.json" });
  });
});
