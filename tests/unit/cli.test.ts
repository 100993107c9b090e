// @vitest-environment node
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/cli";
import { catalogs, prose } from "../../src/content";
import { demoReport, longRunScenario, runScenario } from "../../src/engine";
import { importTranscript } from "../../src/formats/import";
import { wireTranscript } from "../../src/formats/wire";
import { standInDist } from "./stand-in-dist";

const seedOutput = readFileSync("tests/fixtures/seed-demo-output.txt", "utf8");

describe("npm run demo", () => {
  it("prints the seed script's output byte for byte (through npm, as a reader runs it)", () => {
    const stdout = execFileSync("npm", ["run", "--silent", "demo"], { encoding: "utf8" });
    expect(stdout).toBe(seedOutput);
  });

  it("exits non-zero with usage on stderr for an unknown flag", () => {
    const run = spawnSync("npm", ["run", "--silent", "demo", "--", "--verbose"], { encoding: "utf8" });
    expect(run.status).not.toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("usage:");
  });

  it("prints its usage on stdout and exits 0 when asked for help", () => {
    const run = spawnSync("npm", ["run", "--silent", "demo", "--", "--help"], { encoding: "utf8" });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/^usage: npm run --silent demo/);
    expect(run.stdout).toContain("--check <file>");
  });
});

describe("runCli", () => {
  it("prints the F22 trace with Chinese labels by default", async () => {
    const out = await runCli(["--scenario", "f22"]);
    expect(out.exitCode).toBe(0);
    const report = JSON.parse(out.stdout);
    expect(report).toMatchObject({
      scenario: "f22",
      outcome: "completed",
      counters: { modelCalls: 2, toolExecutions: 1 },
    });
    expect(report.steps).toHaveLength(8);
    expect(report.steps[0]).toMatchObject({ number: 1, lane: "user", laneLabel: "用户" });
    expect(report.steps[2]).toMatchObject({ kind: "proposal", callIds: ["call_1"], laneLabel: "模型", contextEnd: 2 });
    expect(report.messages.map((m: { role: string }) => m.role)).toEqual(["system", "user", "assistant", "tool"]);
    expect(report.steps[2].title).toMatch(/^3\. 模型提议调用 read_file/);
  });

  it("switches labels, keys and text to English with --lang en", async () => {
    const report = JSON.parse((await runCli(["--scenario", "f22", "--lang", "en"])).stdout);
    expect(report.steps[2]).toMatchObject({ laneLabel: "Model" });
    expect(report.steps[2].title).toMatch(/^3\. Model proposes read_file \(call_1\)/);
    expect(Object.keys(JSON.parse((await runCli(["--lang", "en"])).stdout))).toEqual([
      "nature",
      "final_status",
      "simulated_writes",
      "events",
    ]);
  });

  it.each([
    [["--scenario", "f99"], "unknown scenario: f99"],
    [["--lang", "fr"], "unknown language: fr"],
    [["--scenario"], "--scenario needs a value"],
    [["--scenario", "--lang"], "--scenario needs a value"],
    [["f22"], "unknown argument: f22"],
    [["--scenario", "f22", "extra"], "unknown argument: extra"],
    [["--lang=fr"], "unknown language: fr"],
    [["--verbose", "--scenario", "f22"], "unknown argument: --verbose"],
    [["--import"], "--import needs a value"],
  ])("refuses %j with usage and exit code 2", async (argv, message) => {
    const out = await runCli(argv);
    expect(out).toMatchObject({ exitCode: 2, stdout: "" });
    expect(out.stderr).toContain(message);
    expect(out.stderr).toContain("usage: npm run --silent demo");
  });

  it.each([["--help"], ["-h"]])("prints the usage for %s, on stdout, with exit code 0", async (flag) => {
    expect(await runCli([flag])).toMatchObject({ exitCode: 0, stderr: "", stdout: expect.stringMatching(/^usage: /) });
  });

  it("takes --flag=value as --flag value", async () => {
    expect((await runCli(["--scenario=claimed-done", "--lang=en"])).stdout).toBe(
      (await runCli(["--scenario", "claimed-done", "--lang", "en"])).stdout,
    );
  });
});

describe("the command each chapter page shows", () => {
  it.each(["zh", "en"] as const)("prints exactly the sample output on the %s page", async (lang) => {
    const page = prose[lang];
    // --silent: without it npm prints its own header lines before the report, which the page does not show.
    expect(page.runCommand.startsWith("npm run --silent demo")).toBe(true);
    const argv = page.runCommand
      .split(" ")
      .slice(4)
      .filter((word) => word !== "--");
    // The page's sample output is JSON.stringify(demoReport(catalogs[lang].report), null, 2), made at build time.
    expect((await runCli(argv)).stdout).toBe(`${JSON.stringify(demoReport(catalogs[lang].report), null, 2)}\n`);
  });
});

describe("npm run demo -- --import", () => {
  const read = (path: string) => readFileSync(path, "utf8");
  it("prints a transcript as a neutral trace, and exits 0 when every call is paired", async () => {
    const out = await runCli(["--import", "tests/fixtures/transcripts/chat-parallel.json"], read);
    expect(out.exitCode).toBe(0);
    expect(out.stderr).toBe("chat-parallel.json: read OpenAI Chat Completions request, 6 messages, 2 tool calls\n");
    const report = JSON.parse(out.stdout);
    expect(report).toMatchObject({ format: "chat", problems: [] });
    expect(report.trace.messages).toHaveLength(6);
  });

  it("writes a long run in the compact trace, in pieces, one message and one step per line", async () => {
    const run = runScenario(longRunScenario(2000));
    const input = JSON.stringify(wireTranscript("chat", run));
    const out = await runCli(["--import", "long.json"], () => input);
    expect(out.exitCode).toBe(0);
    const pieces = [...(out.chunks?.() ?? [])];
    expect(pieces.length).toBeGreaterThan(run.messages.length);
    expect(pieces.join("")).toBe(out.stdout);
    const report = JSON.parse(out.stdout);
    expect(report.trace.version).toBe(2);
    expect(report.trace.steps.length).toBeGreaterThan(run.messages.length);
    expect(out.stdout.split("\n").length).toBeGreaterThan(run.messages.length + report.trace.steps.length);
    // Version 1 (every step whole, as JSON.stringify writes a trace in memory) is a third larger, even unindented.
    const imported = importTranscript(input, undefined, "long.json");
    if (!imported.ok) throw new Error("the long run imports");
    expect(out.stdout.length).toBeLessThan(JSON.stringify(imported.trace).length * 0.75);
    const back = await runCli(["--import", "back.json"], () => JSON.stringify(report.trace));
    expect(JSON.parse(back.stdout).trace).toEqual(report.trace);
  });

  const real = resolve(import.meta.dirname, "../../../shared/real-transcripts/01-taubench-gpt4o-airline.json");
  it.skipIf(!existsSync(real))(
    "writes a real long run (τ-bench's messages, 40 times over) at under twice its input",
    async () => {
      const messages = JSON.parse(readFileSync(real, "utf8")) as {
        role: string;
        tool_calls?: { id: string }[];
        tool_call_id?: string;
      }[];
      // Fresh call ids each time over, as a longer real run would have.
      const long = Array.from({ length: 40 }, (_, k) =>
        messages
          .filter((m) => k === 0 || m.role !== "system")
          .map((m) => ({
            ...m,
            ...(m.tool_calls === undefined
              ? {}
              : { tool_calls: m.tool_calls.map((call) => ({ ...call, id: `${call.id}_${k}` })) }),
            ...(m.tool_call_id === undefined ? {} : { tool_call_id: `${m.tool_call_id}_${k}` }),
          })),
      ).flat();
      const input = JSON.stringify(long);
      const out = await runCli(["--import", "long.json"], () => input);
      expect(out.exitCode).not.toBe(2);
      expect(JSON.parse(out.stdout).summary.messages).toBe(long.length);
      expect(out.stdout.length).toBeLessThan(2 * input.length);
    },
  );

  it("lists pairing problems by step on stderr and exits 1", async () => {
    const out = await runCli(["--import", "tests/fixtures/transcripts/chat-broken-pairing.json"], read);
    expect(out.exitCode).toBe(1);
    expect(out.stderr.trim().split("\n")).toEqual([
      "chat-broken-pairing.json: read OpenAI Chat Completions request, 5 messages, 3 tool calls",
      "chat-broken-pairing.json: step 2: result_before_call (call_2): the result of call_2 comes before its call",
      // The first call_2 comes after the stray early result, and no result follows it.
      "chat-broken-pairing.json: step 4: missing_result (call_2): call_2 has no result, and the transcript goes on without one",
      "chat-broken-pairing.json: step 4: missing_result (call_1): call_1 has no result, and the transcript goes on without one",
      "chat-broken-pairing.json: step 5: unknown_call (call_9): result call_9 matches no call",
      "chat-broken-pairing.json: step 7: duplicate_id (call_2): call_2 is used by an earlier call too",
    ]);
    // The trace names the file by its base name only, never the directories it was read from.
    expect(JSON.parse(out.stdout).trace.scenarioId).toBe("chat-broken-pairing.json");
  });

  it("says which format was tried and which field is wrong, or where the JSON breaks", async () => {
    const wrong = await runCli(
      ["--import", "tests/fixtures/transcripts/responses-items.json", "--format", "anthropic"],
      read,
    );
    expect(wrong).toMatchObject({ exitCode: 2, stdout: "" });
    expect(wrong.stderr).toContain("(read as Anthropic Messages)");
    expect(wrong.stderr).toContain("at 1.role"); // a bare list: the path starts at the item's index
    const broken = await runCli(["--import", "x.json"], () => '{"messages": [}');
    expect(broken).toMatchObject({
      exitCode: 2,
      stdout: "",
      stderr: "x.json: not valid JSON: expected a value (a trailing comma, or nothing at all?) (line 1, column 15)\n",
    });
    expect(
      await runCli(["--import", "missing.json"], () => {
        throw new Error("ENOENT");
      }),
    ).toMatchObject({
      exitCode: 2,
      stderr: "cannot read missing.json\n",
    });
    expect((await runCli(["--format", "chat"])).exitCode).toBe(2);
  });
});

describe("npm run demo -- --export", () => {
  it("prints a scenario's whole run in a format, and lists on stderr what the format cannot carry", async () => {
    const out = await runCli(["--scenario", "unauthorized-tool", "--lang", "en", "--export", "chat"]);
    expect(out.exitCode).toBe(0);
    const body = JSON.parse(out.stdout);
    expect(body.messages.find((m: { role: string }) => m.role === "tool")).toMatchObject({ tool_call_id: "call_1" });
    expect(out.stderr).toBe(
      "Left out of the OpenAI Chat Completions file:\n  the error mark of 1 tool result, its text kept (from step 4)\n",
    );
    expect((await runCli(["--scenario", "f22", "--export", "anthropic"])).stderr).toBe(
      "Anthropic Messages carries the whole run.\n",
    );
  });

  it("reports from the run: what a forgetful host dropped, what the writer adds, what the provider would still refuse", async () => {
    expect((await runCli(["--scenario", "missing-feedback", "--lang", "en", "--export", "chat"])).stderr).toBe(
      "Left out of the OpenAI Chat Completions file:\n  3 calls the model proposed, and their results: the host never put them in the model's context, so only the figure's trace holds them (from step 3)\n",
    );
    expect((await runCli(["--scenario", "f22", "--lang", "en", "--export", "gemini"])).stderr).toBe(
      "Google Gemini generateContent carries the whole run.\nWhat the figure adds so that Google Gemini generateContent takes it as a request:\n  Google's placeholder thoughtSignature on the first call of 1 model turn, which Gemini 3 requires of calls no Gemini 3 model signed (from step 2)\n",
    );
    // A Gemini history that opens with an empty user text (as a real pydantic-ai run did), written for Anthropic.
    const gemini = JSON.stringify({
      contents: [
        { role: "user", parts: [{ text: "" }] },
        { role: "model", parts: [{ functionCall: { id: "t1", name: "topic", args: {} } }] },
        { role: "user", parts: [{ functionResponse: { id: "t1", name: "topic", response: { output: "cats" } } }] },
        { role: "model", parts: [{ text: "A cat joke." }] },
      ],
    });
    const out = await runCli(["--import", "run.json", "--export", "anthropic"], () => gemini);
    expect(out.stderr.split("\n").slice(1)).toEqual([
      "Anthropic Messages carries the whole run.",
      "Sent as a request, Anthropic Messages would still refuse this history: 1 problem.",
      `  empty_message at messages.0.content: the user's message at messages.0 has no content (Anthropic: "all messages must have non-empty content except for the optional final assistant message") (step 1)`,
      "",
    ]);
  });

  it("converts an imported transcript: what was read, then what is lost; a Claude Code log as JSON Lines", async () => {
    const source = JSON.stringify({
      contents: [
        { role: "user", parts: [{ text: "Weather in Lima?" }] },
        {
          role: "model",
          parts: [
            { thought: true, text: "Use the tool." },
            { functionCall: { id: "w1", name: "weather", args: { city: "Lima" } } },
          ],
        },
        { role: "user", parts: [{ functionResponse: { id: "w1", name: "weather", response: { sky: "clear" } } }] },
      ],
    });
    const out = await runCli(["--import", "run.json", "--export", "claude-code"], () => source);
    expect(out.exitCode).toBe(0);
    const lines = out.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.type)).toEqual(["user", "assistant", "user"]);
    expect(lines[1].message.content).toContainEqual({
      type: "tool_use",
      id: "w1",
      name: "weather",
      input: { city: "Lima" },
    });
    expect(out.stderr).toContain("run.json: read Google Gemini generateContent request");
    expect(out.stderr).toContain("1 reasoning part: thinking or its signature (from step 2)");
  });

  it("refuses --export without a run to export, and an unknown format", async () => {
    expect((await runCli(["--export", "chat"])).stderr).toContain(
      "--export goes with --scenario, --figure or --import",
    );
    expect((await runCli(["--scenario", "f22", "--export", "fax"])).stderr).toContain("unknown format: fax");
  });
});

describe("npm run demo -- --figure", () => {
  const examples = resolve(import.meta.dirname, "../../examples/figures");
  const read = (path: string) => readFileSync(resolve(examples, path), "utf8");

  it("prints a figure file's trace in its own story's words, in the language asked for", async () => {
    const out = await runCli(["--figure", "weather.json", "--lang", "zh"], read);
    expect(out.exitCode).toBe(0);
    const report = JSON.parse(out.stdout);
    expect(report.scenario).toBe("weather");
    expect(report.title).toBe("一轮提出两个调用，各自按 call_id 拿回结果");
    expect(report.outcome).toBe("completed");
    expect(report.steps[2].title).toBe("3. 模型提议调用 get_weather（call_1）、get_weather（call_2）");
    expect(report.steps[2].caption).toMatch(/^模型需要两个它无从知道的事实/);
  });

  it("exports a figure's run in a provider's format", async () => {
    const out = await runCli(["--figure", "retry.json", "--export", "anthropic"], read);
    expect(out.exitCode).toBe(0);
    const body = JSON.parse(out.stdout);
    expect(body.messages[2].content[0]).toMatchObject({ type: "tool_result", tool_use_id: "call_1", is_error: true });
  });

  it("a bad figure file: exit 2, each problem at its line and column on stderr, nothing on stdout", async () => {
    const out = await runCli(["--figure", "bad.json"], () => '{\n  "figure": 1,\n  "id": "Bad Id"\n}\n');
    expect(out.exitCode).toBe(2);
    expect(out.stdout).toBe("");
    expect(out.stderr).toContain("bad.json: id (line 3, column 9): expected an id of lowercase letters");
    expect((await runCli(["--figure", "empty.json"], () => '{"figure": 1, "id": "x"}')).stderr).toBe(
      "empty.json: the file (line 1, column 1): expected exactly one of `scenario` and `recorded`\n",
    );
    expect(
      (
        await runCli(["--figure", "none.json"], () => {
          throw new Error("ENOENT: no such file");
        })
      ).stderr,
    ).toBe("none.json: ENOENT: no such file\n");
    expect((await runCli(["--figure", "a.json", "--scenario", "f22"])).stderr).toContain("do not go together");
  });
});

describe("npm run demo -- --scorm", () => {
  const { dist, remove } = standInDist();
  afterAll(remove);

  it("writes a SCORM 1.2 package of a scenario or a figure file, from the built dist/", async () => {
    const written = new Map<string, Uint8Array>();
    const write = (path: string, bytes: Uint8Array) => written.set(path, bytes);
    const out = await runCli(
      ["--scorm", "out.zip", "--scenario", "scope-violation", "--lang", "en"],
      () => "",
      write,
      dist,
    );
    expect(out.exitCode).toBe(0);
    expect(out.stderr).toMatch(/^out\.zip: a SCORM 1\.2 package, \d+ bytes, 2 checkpoints, mastery score 60\n$/);
    const files = unzipSync(written.get("out.zip") ?? new Uint8Array());
    expect(strFromU8(files["index.html"] ?? new Uint8Array())).toContain('data-scenario="scope-violation"');
    const figure = readFileSync(resolve(import.meta.dirname, "../../examples/figures/weather.json"), "utf8");
    const fromFile = await runCli(["--scorm", "w.zip", "--figure", "weather.json"], () => figure, write, dist);
    expect(fromFile.stderr).toMatch(/ 2 checkpoints, mastery score 60\n$/);
    expect(strFromU8(unzipSync(written.get("w.zip") ?? new Uint8Array())["index.html"] ?? new Uint8Array())).toContain(
      '<script type="application/json" id="alf-figure-file">',
    );
    const strict = await runCli(
      ["--scorm", "w.zip", "--figure", "weather.json", "--mastery", "80"],
      () => figure,
      write,
      dist,
    );
    expect(strict.stderr).toMatch(/ 2 checkpoints, mastery score 80\n$/);
    expect(
      strFromU8(unzipSync(written.get("w.zip") ?? new Uint8Array())["imsmanifest.xml"] ?? new Uint8Array()),
    ).toContain("<adlcp:masteryscore>80</adlcp:masteryscore>");
    // A package that will ask nothing says so: no checkpoint, no score, no mastery score.
    const retry = readFileSync(resolve(import.meta.dirname, "../../examples/figures/retry.json"), "utf8");
    const none = await runCli(["--scorm", "r.zip", "--figure", "retry.json", "--lang", "en"], () => retry, write, dist);
    expect(none.exitCode).toBe(0);
    expect(none.stderr).toMatch(/ 0 checkpoints\nr\.zip: warning: it carries no checkpoints, so the LMS gets no score/);
  });

  it("says what is wrong: no dist/, a bad figure file, --export beside it", async () => {
    expect(
      await runCli(
        ["--scorm", "o.zip"],
        () => "",
        () => {},
        "/nonexistent/dist",
      ),
    ).toEqual({
      exitCode: 2,
      stdout: "",
      stderr: "dist/ is missing: run npm run build first\n",
    });
    expect((await runCli(["--scorm", "o.zip", "--scenario", "f22", "--export", "chat"])).stderr).toContain(
      "--scorm and --export do not go together",
    );
    for (const bad of ["101", "-1", "6.5", "eighty", ""])
      expect(await runCli(["--scorm", "o.zip", `--mastery=${bad}`])).toMatchObject({
        exitCode: 2,
        stderr: expect.stringMatching(new RegExp(`^--mastery takes a whole number from 0 to 100, not ${bad}\n`)),
      });
    expect(await runCli(["--scenario", "f22", "--mastery", "80"])).toMatchObject({
      exitCode: 2,
      stderr: expect.stringMatching(/^--mastery goes with --scorm\n/),
    });
    const retry = readFileSync(resolve(import.meta.dirname, "../../examples/figures/retry.json"), "utf8");
    expect(
      await runCli(
        ["--scorm", "r.zip", "--figure", "retry.json", "--mastery", "80"],
        () => retry,
        () => {},
        dist,
      ),
    ).toEqual({
      exitCode: 2,
      stdout: "",
      stderr: "--mastery 80: retry.json asks no checkpoints in zh, so a learner has no score to reach\n",
    });
  });
});

describe("npm run demo -- --figure, warnings", () => {
  it("plays a file with warnings (exit 0) and lists each on stderr at its line: a tool never allowed nor proposed, a caption of no step", async () => {
    const file = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../examples/figures/booking.json"), "utf8"));
    file.scenario.tools.push({
      name: "cancel_booking",
      description: "Cancel a booking.",
      parameters: { type: "object", properties: {} },
      results: [{ returns: "cancelled" }],
    });
    file.scenario.host.allow = ["check_availability", "book_room"];
    file.story.en.captions.push({ when: { kind: "execution", callId: "call_9" }, text: "never shown" });
    const text = JSON.stringify(file, null, 2);
    const out = await runCli(["--figure", "lesson.json"], () => text);
    expect(out.exitCode).toBe(0);
    const line = (needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;
    expect(out.stderr.split("\n").filter(Boolean)).toEqual([
      `lesson.json: warning: scenario.tools.2.name (line ${line('"cancel_booking"')}, column 17): cancel_booking is declared to the model, but the host never allows it and the model never proposes it`,
      `lesson.json: warning: story.en.captions.3.when (line ${line('"call_9"') - 2}, column 19): no step of this run is the one it names, so this caption is never shown`,
    ]);
  });
});

describe("npm run demo, a lesson that would carry no checkpoints or whose story is another language's", () => {
  it("says so on stderr, and still succeeds", async () => {
    const file = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../examples/figures/booking.json"), "utf8"));
    delete file.story.en;
    const out = await runCli(["--figure", "lesson.json", "--lang", "en"], () => JSON.stringify(file));
    expect(out.exitCode).toBe(0);
    expect(out.stderr).toBe(
      "lesson.json: warning: its story is written in zh, not en: the title, lesson and checkpoints are in zh, the captions are the figure's own\n",
    );
  });
});
