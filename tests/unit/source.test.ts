// @vitest-environment node
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runScenario } from "../../src/engine";
import { openFigure } from "../../src/figure";
import { encodeShare, readShare } from "../../src/figure/share";
import { type FigureSource, resolveSource, type SourceLoaders, sourceKey } from "../../src/figure/source";
import { importTranscript } from "../../src/formats/import";
import { SCENARIOS } from "../../src/scenarios";

const weather = readFileSync(resolve(import.meta.dirname, "../../examples/figures/weather.json"), "utf8");
const fetched: string[] = [];
const loaders: SourceLoaders = {
  builtin: async (id, lang) =>
    id === "f22" ? { trace: runScenario(SCENARIOS.f22.build(lang)), story: SCENARIOS.f22.stories[lang] } : null,
  figures: async () => ({ open: openFigure, readShare }),
  fetchText: async (url) => {
    fetched.push(url.href);
    if (url.pathname.endsWith("weather.json")) return weather;
    throw new Error("404");
  },
  allows: (url) => url.origin === "https://course.example",
  base: "https://course.example/unit/page.html",
};
const shown = async (source: FigureSource) => {
  const resolved = await resolveSource(source, "en", loaders);
  return resolved.status === "shown" ? `${resolved.id}: ${resolved.trace.steps.length} steps` : resolved;
};

describe("the one resolver of what a figure shows", () => {
  it("resolves a built-in, a figure file (object or text), its URL and a share link to the same kind of figure", async () => {
    expect(await shown({ kind: "builtin", id: "f22" })).toBe("f22: 8 steps");
    expect(await shown({ kind: "file", file: weather })).toBe("weather: 10 steps");
    expect(await shown({ kind: "file", file: JSON.parse(weather) })).toBe("weather: 10 steps");
    expect(await shown({ kind: "url", url: "../figures/weather.json" })).toBe("weather: 10 steps");
    expect(fetched.at(-1)).toBe("https://course.example/figures/weather.json");
    expect(await shown({ kind: "shared", payload: encodeShare(weather) ?? "" })).toBe("weather: 10 steps");
  });

  it("says why nothing was read, or where the file is wrong, and never throws for a source's fault", async () => {
    expect(await shown({ kind: "builtin", id: "f99" })).toMatchObject({ status: "problems", unread: null });
    expect(await shown({ kind: "url", url: "https://elsewhere.example/weather.json" })).toEqual({
      status: "problems",
      problems: [],
      unread: "figureOtherOrigin",
    });
    expect(await shown({ kind: "url", url: "nope.json" })).toMatchObject({ unread: "figureFetchFailed" });
    expect(await shown({ kind: "url", url: "http://[" })).toMatchObject({ unread: "figureFetchFailed" });
    expect(await shown({ kind: "shared", payload: (encodeShare(weather) ?? "").slice(0, 30) })).toMatchObject({
      unread: "shareDamaged",
    });
    expect(await shown({ kind: "shared", payload: "A".repeat(8001) })).toMatchObject({ unread: "shareTooLong" });
    const broken = await shown({ kind: "file", file: '{"figure": 1,' });
    expect(broken).toMatchObject({ status: "problems", unread: null });
    expect(typeof broken === "object" && broken.status === "problems" && broken.problems[0]?.message).toMatch(
      /^not valid JSON: /,
    );
  });

  it("knows a source by its content: the same file written anew is the same source", () => {
    expect(sourceKey({ kind: "file", file: JSON.parse(weather) })).toBe(
      sourceKey({ kind: "file", file: JSON.parse(weather) }),
    );
    expect(sourceKey({ kind: "url", url: "a.json" })).not.toBe(sourceKey({ kind: "url", url: "b.json" }));
  });

  it("reads a recorded run, pasted or by URL, with what was read, or why it could not be", async () => {
    const chat = JSON.stringify({
      messages: [
        { role: "user", content: "Hi" },
        { role: "assistant", content: "Hello." },
      ],
    });
    const withRuns: SourceLoaders = {
      ...loaders,
      transcripts: async () => ({
        read: importTranscript,
        story: (name, summary) => ({ ...SCENARIOS.f22.stories.en, name: `${name}: ${summary.messages} messages` }),
      }),
      fetchText: async (url) => (url.pathname.endsWith("run.json") ? chat : Promise.reject(new Error("404"))),
    };
    const pasted = await resolveSource({ kind: "transcript", text: chat, name: "run.json" }, "en", withRuns);
    expect(pasted).toMatchObject({
      status: "shown",
      id: "run",
      story: { name: "run.json: 2 messages" },
      imported: { name: "run.json", summary: { format: "chat", messages: 2 }, problems: [] },
    });
    expect(await resolveSource({ kind: "transcriptUrl", url: "/runs/run.json" }, "en", withRuns)).toMatchObject({
      status: "shown",
      imported: { name: "run.json" },
    });
    expect(await resolveSource({ kind: "transcript", text: "{", name: "x.json" }, "en", withRuns)).toMatchObject({
      status: "problems",
      failure: { errors: [{ message: expect.stringMatching(/^not valid JSON: /) }] },
    });
    expect(
      await resolveSource({ kind: "transcriptUrl", url: "https://elsewhere.example/run.json" }, "en", withRuns),
    ).toMatchObject({ unread: "figureOtherOrigin" });
    // A shell that names no loader for a kind says so, in place.
    expect(
      await resolveSource({ kind: "builtin", id: "f22" }, "en", { figures: async () => ({ open: openFigure }) }),
    ).toMatchObject({
      status: "problems",
      problems: [{ message: "this figure reads no built-in figures" }],
    });
    expect(await resolveSource({ kind: "file", file: weather }, "en", {})).toMatchObject({
      problems: [{ message: "this figure reads no figure files" }],
    });
    expect(await resolveSource({ kind: "transcript", text: chat, name: "r.json" }, "en", loaders)).toMatchObject({
      status: "problems",
      problems: [{ message: "this figure reads no transcripts" }],
    });
  });
});
