// @vitest-environment node
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogs, LANGS } from "../../src/content";
import { runScenario } from "../../src/engine";
import { openFigure } from "../../src/figure";
import { encodeShare, readShare } from "../../src/figure/share";
import { type FigureSource, resolveSource, type SourceLoaders, sourceKey } from "../../src/figure/source";
import { importTranscript } from "../../src/formats/import";
import { SCENARIOS } from "../../src/scenarios";

const weather = readFileSync(resolve(import.meta.dirname, "../../examples/figures/weather.json"), "utf8");
const fetched: string[] = [];
/** A server's answer as `fetch` gives it, after any redirect it followed (which a Response cannot be made with). */
function answer(body: string, init: { status?: number; type?: string; redirectedTo?: string } = {}): Response {
  const response = new Response(body, {
    status: init.status ?? 200,
    headers: { "content-type": init.type ?? "application/json" },
  });
  if (init.redirectedTo !== undefined) {
    Object.defineProperty(response, "redirected", { value: true });
    Object.defineProperty(response, "url", { value: init.redirectedTo });
  }
  return response;
}
const LOGIN_PAGE = "<!DOCTYPE html><html><head><title>Log in to the site</title></head><body>…</body></html>";
const loaders: SourceLoaders = {
  builtin: async (id, lang) =>
    id === "f22" ? { trace: runScenario(SCENARIOS.f22.build(lang)), story: SCENARIOS.f22.stories[lang] } : null,
  figures: async () => ({ open: openFigure, readShare }),
  // A course site: its public figures, one behind its login (a request without the session cookie is redirected
  // to the login page, as Moodle does), a missing one, a server that is down.
  fetch: async (url) => {
    fetched.push(url.href);
    if (url.pathname.endsWith("weather.json")) return answer(weather);
    if (url.pathname.startsWith("/private/"))
      return answer(LOGIN_PAGE, { type: "text/html; charset=utf-8", redirectedTo: "https://course.example/login/" });
    if (url.pathname.endsWith("untyped.json")) return answer(`\n${LOGIN_PAGE}`, { type: "" });
    if (url.pathname.endsWith("down.json")) throw new TypeError("Failed to fetch");
    return answer("Not found", { status: 404, type: "text/plain" });
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
    expect(await shown({ kind: "url", url: "nope.json" })).toEqual({
      status: "problems",
      problems: [],
      unread: "figureFetchFailed",
      fetched: { kind: "status", url: "https://course.example/unit/nope.json", status: 404 },
    });
    // A login page is not a broken figure file: the figure could not be loaded, and the author learns where the
    // request went.
    expect(await shown({ kind: "url", url: "/private/lesson.json" })).toEqual({
      status: "problems",
      problems: [],
      unread: "figureFetchFailed",
      fetched: {
        kind: "page",
        url: "https://course.example/private/lesson.json",
        redirectedTo: "https://course.example/login/",
      },
    });
    expect(await shown({ kind: "url", url: "untyped.json" })).toMatchObject({
      unread: "figureFetchFailed",
      fetched: { kind: "page", redirectedTo: null },
    });
    expect(await shown({ kind: "url", url: "down.json" })).toMatchObject({
      unread: "figureFetchFailed",
      fetched: { kind: "network", url: "https://course.example/unit/down.json", crossOrigin: false },
    });
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
      fetch: async (url) =>
        url.pathname.endsWith("run.json") ? answer(chat) : answer("Not found", { status: 404, type: "text/plain" }),
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

describe("why a figure could not be loaded, said by cause in both languages (issue 55)", () => {
  const url = "https://course.example/pkg/embed-figure.js";
  const said = (failure: Parameters<(typeof catalogs)["en"]["ui"]["fetchFailure"]>[0]) =>
    LANGS.map((lang) => catalogs[lang].ui.fetchFailure(failure));

  it("a 404 is no file there, not a network or CORS failure", () => {
    expect(said({ kind: "status", url, status: 404 })).toEqual([
      `给作者：${url} 的应答是 HTTP 404（那里没有文件）。`,
      `For the author: ${url} answered HTTP 404 (no file there).`,
    ]);
  });

  it("no answer names CORS only for a file on another origin", () => {
    const [zhSame, enSame] = said({ kind: "network", url, crossOrigin: false });
    expect(enSame).toBe(
      `For the author: ${url} did not answer: the site could not be reached, or the connection broke.`,
    );
    expect(zhSame).not.toContain("CORS");
    const [zhAcross, enAcross] = said({ kind: "network", url, crossOrigin: true });
    expect(enAcross).toContain("(CORS)");
    expect(zhAcross).toContain("（CORS）");
  });

  it("a script that came whole but did not run is said as such", () => {
    const [zh, en] = said({ kind: "script", url });
    expect(en).toBe(
      `For the author: ${url} arrived but did not run as this page's code: is it from the same build as the page?`,
    );
    expect(zh).toContain("已经送达，却没有作为本页的代码运行");
  });
});
