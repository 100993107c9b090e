import { describe, expect, it } from "vitest";
import { captionParts } from "../../src/player/caption";

describe("captionParts", () => {
  it("splits at the first sentence's end, keeping the space, so the parts are the caption as written", () => {
    const caption = "The host checks the call. Then it runs it. And feeds it back.";
    const [lead, rest] = captionParts(caption);
    expect(lead).toBe("The host checks the call.");
    expect(rest).toBe(" Then it runs it. And feeds it back.");
    expect(lead + rest).toBe(caption);
  });

  it("splits Chinese at its full stop, question or exclamation mark", () => {
    expect(captionParts("宿主核对环境。它的工具读过文件。")).toEqual(["宿主核对环境。", "它的工具读过文件。"]);
    expect(captionParts("真的完成了吗？看证据。")).toEqual(["真的完成了吗？", "看证据。"]);
  });

  it("leaves a caption of one sentence whole, and does not split inside numbers or at the end", () => {
    expect(captionParts("Version 1.5 is out.")).toEqual(["Version 1.5 is out.", ""]);
    expect(captionParts("全部通过。")).toEqual(["全部通过。", ""]);
    expect(captionParts("")).toEqual(["", ""]);
  });
});
