import { describe, expect, it } from "vitest";
import { deferred } from "../../src/embed/callbacks";
import type { Progress } from "../../src/player";

describe("course callbacks that load on first use (the xAPI reporter, a chunk of its own)", () => {
  it("load once, on the first call, and make every call in order, those made while loading included", async () => {
    const made: string[] = [];
    let loads = 0;
    const callbacks = deferred(async () => {
      loads += 1;
      return {
        onProgress: (p) => made.push(`progress ${p.step}`),
        onCompleted: (p) => made.push(`completed ${p.step}`),
        onAnswer: (a) => made.push(`answer ${a.checkpoint}`),
      };
    });
    expect(loads).toBe(0);
    const at = (step: number) => ({ step }) as unknown as Progress;
    callbacks.onProgress(at(1));
    callbacks.onAnswer({ checkpoint: 0, option: 1 } as Parameters<typeof callbacks.onAnswer>[0]);
    callbacks.onProgress(at(2));
    expect(made).toEqual([]);
    await Promise.resolve();
    await Promise.resolve();
    callbacks.onCompleted(at(8));
    expect(loads).toBe(1);
    expect(made).toEqual(["progress 1", "answer 0", "progress 2", "completed 8"]);
  });
});
