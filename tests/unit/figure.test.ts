import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import Ajv from "ajv";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { catalogs } from "../../src/content";
import { LANGS } from "../../src/content/languages";
import { storyCatalog } from "../../src/content/types";
import { runScenario } from "../../src/engine";
import { openFigure } from "../../src/figure";
import { figureJsonSchema } from "../../src/figure/json-schema";
import { importTranscript } from "../../src/formats/import";
import { SCENARIO_IDS, SCENARIOS } from "../../src/scenarios";

const examples = resolve(import.meta.dirname, "../../examples/figures");
const example = (name: string) => readFileSync(join(examples, name), "utf8");
const scenarioDir = resolve(import.meta.dirname, "../../src/scenarios");
const builtinFile = (id: string) => {
  const name = readdirSync(scenarioDir).find((file) => file.endsWith(`-${id}.json`));
  if (name === undefined) throw new Error(`no figure file for built-in ${id}`);
  return readFileSync(join(scenarioDir, name), "utf8");
};
/**
 * Each built-in's golden run in each language (tests/golden/builtins/<id>.<lang>.json): its trace and its story.
 * A file snapshot, so it writes itself: a new built-in or a new language gets its goldens on the next test run, and a
 * change to a run shows as a diff of the golden to review (`npx vitest run -u` accepts it).
 */
const golden = (id: string, lang: string) => resolve(import.meta.dirname, `../golden/builtins/${id}.${lang}.json`);

describe("the built-in scenarios, each one figure file", () => {
  for (const id of SCENARIO_IDS) {
    for (const lang of LANGS) {
      it(`${id} (${lang}): read by the figure reader with no problem, it runs to its golden trace and tells its golden story`, async () => {
        const opened = openFigure(builtinFile(id), lang);
        if (!opened.ok) throw new Error(JSON.stringify(opened.problems));
        const { trace, story } = opened.figure;
        await expect(`${JSON.stringify({ trace, story }, null, 2)}\n`).toMatchFileSnapshot(golden(id, lang));
        // The shells' route (the file typed, not read) makes the same.
        expect(runScenario(SCENARIOS[id].build(lang))).toEqual(trace);
        expect(SCENARIOS[id].stories[lang]).toEqual(story);
      });
    }
  }
});

describe("reading a figure file", () => {
  const f22 = () => JSON.parse(builtinFile("f22")) as Record<string, unknown> & { scenario: Record<string, unknown> };
  const problemsOf = (source: unknown) => {
    const opened = openFigure(source, "en");
    if (opened.ok) throw new Error("expected problems");
    return opened.problems;
  };

  it("says where a file is not JSON, by line and column", () => {
    expect(problemsOf('{\n  "figure": 1,\n  "id": "x",\n  oops\n}')).toEqual([
      { message: "not valid JSON: an unexpected character", path: "", line: 4, column: 3 },
    ]);
  });

  it("names the path, line and column of a field of the wrong kind, and what was expected", () => {
    const text = JSON.stringify(
      { ...f22(), scenario: { ...f22().scenario, host: { maxModelCalls: "four" } } },
      null,
      2,
    );
    const [problem] = problemsOf(text);
    expect(problem?.path).toBe("scenario.host.maxModelCalls");
    expect(problem?.message).toMatch(/expected number/);
    const line = text.split("\n").findIndex((l) => l.includes('"maxModelCalls": "four"')) + 1;
    expect(problem?.line).toBe(line);
    expect(problem?.column).toBe((text.split("\n")[line - 1]?.indexOf('"four"') ?? 0) + 1);
  });

  it("names an unknown field at its key, a missing one at its object, and a wrong version plainly", () => {
    const text = JSON.stringify({ ...f22(), figure: 2, colour: "red" }, null, 1);
    const problems = problemsOf(text);
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ["figure", 'expected "figure": 1 (this reads figure files of version 1)'],
      ["colour", 'unknown field "colour"'],
    ]);
    expect(problems[1]?.line).toBe(text.split("\n").findIndex((l) => l.includes('"colour"')) + 1);
    const { task: _task, ...rest } = f22().scenario;
    expect(problemsOf({ ...f22(), scenario: rest }).map((p) => p.path)).toEqual(["scenario.task"]);
  });

  it("checks what one field cannot say alone: names the file uses must be ones it defines", () => {
    const file = f22();
    const scenario = file.scenario as { tools: Record<string, unknown>[]; done: unknown[]; model: unknown[] };
    const tool = scenario.tools[0] as Record<string, unknown>;
    const problems = problemsOf({
      ...file,
      scenario: {
        ...scenario,
        tools: [{ ...tool, needsRead: "missing.txt", results: [{ readFile: "file", returns: "x" }] }, tool],
        model: [{}],
        done: [{ fileRead: "nope.txt", answerIncludes: "30" }],
      },
    });
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'scenario.tools.0.needsRead: "missing.txt" is not an input file (files: "config.txt")',
      "scenario.tools.0.results.0: expected exactly one of `readFile`, `returns` and `text`",
      "scenario.tools.0.results.0.readFile: \"file\" is not among read_file's parameters' properties",
      'scenario.tools.1.name: a second tool named "read_file"',
      "scenario.model.0: expected exactly one of `calls` and `answer`",
      "scenario.done.0: expected exactly one of `fileRead`, `fileChanged`, `resultOk`, `allOk`, `resultIncludes`, `answerIncludes` and `count`",
      'scenario.done.0.fileRead: "nope.txt" is not an input file (files: "config.txt")',
    ]);
  });

  it("refuses what is not JSON data, and what is too large, in words", () => {
    const cycle: Record<string, unknown> = { figure: 1 };
    cycle.self = cycle;
    expect(problemsOf(cycle)[0]?.message).toMatch(/^not JSON data/);
    expect(problemsOf(() => 1)[0]?.message).toBe("not JSON data");
    expect(problemsOf(" ".repeat(1_000_001))[0]?.message).toMatch(/^too large/);
  });

  it("the host's check is the file's: a check that cannot hold makes F22 verification_missing", () => {
    const file = f22();
    const opened = openFigure({ ...file, scenario: { ...file.scenario, done: [{ answerIncludes: "45" }] } }, "en");
    expect(opened.ok && opened.figure.trace.outcome).toBe("verification_missing");
  });
});

describe("hostile and malformed figure files (fuzzed)", () => {
  const valid = JSON.parse(builtinFile("mcp-hop")) as unknown;

  /** Every path through a JSON value, with the value there. */
  const pathsOf = (value: unknown, path: (string | number)[] = []): (string | number)[][] => {
    const here = [path];
    if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => pathsOf(item, [...path, i]))];
    if (value !== null && typeof value === "object")
      return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...path, key]))];
    return here;
  };
  const paths = pathsOf(valid).filter((path) => path.length > 0);
  const setAt = (value: unknown, path: (string | number)[], replacement: unknown): unknown => {
    const copy = structuredClone(value) as Record<string | number, unknown>;
    let node = copy;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
    node[path.at(-1) as string | number] = replacement;
    return copy;
  };

  const checkProblems = (source: unknown) => {
    const opened = openFigure(source, "zh");
    if (opened.ok) return;
    expect(opened.problems.length).toBeGreaterThan(0);
    expect(opened.problems.length).toBeLessThanOrEqual(20);
    for (const problem of opened.problems) {
      expect(typeof problem.message).toBe("string");
      expect(problem.message.length).toBeGreaterThan(0);
      expect(typeof problem.path).toBe("string");
      if (typeof source === "string" && problem.line !== undefined) {
        expect(problem.line).toBeGreaterThanOrEqual(1);
        expect(problem.line).toBeLessThanOrEqual(source.split("\n").length);
      }
    }
  };

  it("any JSON value: a figure or located problems, never a throw", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => checkProblems(value)),
      { numRuns: 300 },
    );
  });

  it("any text: a figure or located problems, never a throw", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), (text) => checkProblems(text)),
      {
        numRuns: 300,
      },
    );
  });

  it("a valid file with any one value replaced by any JSON value, or cut short anywhere", () => {
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.jsonValue({ maxDepth: 3 }), (path, replacement) => {
        const text = JSON.stringify(setAt(valid, path, replacement), null, 2);
        checkProblems(text);
      }),
      { numRuns: 500 },
    );
    const text = JSON.stringify(valid, null, 2);
    fc.assert(
      fc.property(fc.nat(text.length - 1), (end) => checkProblems(text.slice(0, end))),
      { numRuns: 200 },
    );
  });

  it("a huge run stays bounded: the most turns, calls and model calls a file may have", () => {
    const file = JSON.parse(builtinFile("f22")) as { scenario: Record<string, unknown> };
    const calls = Array.from({ length: 16 }, () => ({ tool: "read_file", args: { path: "config.txt" } }));
    const opened = openFigure(
      {
        ...file,
        scenario: {
          ...file.scenario,
          host: { maxModelCalls: 100 },
          model: Array.from({ length: 100 }, () => ({ calls })),
        },
      },
      "en",
    );
    expect(opened.ok && opened.figure.trace.outcome).toBe("budget_exhausted");
    expect(opened.ok && opened.figure.trace.steps.length).toBe(2 + 100 * (2 + 16 * 2));
    expect(openFigure({ ...file, scenario: { ...file.scenario, host: { maxModelCalls: 101 } } }, "en").ok).toBe(false);
  });
});

describe("the published JSON Schema", () => {
  const schema = figureJsonSchema();
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(schema);

  it("is the one generated from the schema the figure reads with (examples/figures/figure.schema.json)", () => {
    expect(JSON.parse(example("figure.schema.json"))).toEqual(schema);
  });

  it("a JSON Schema validator accepts every example figure file, and refuses what the figure refuses by shape", () => {
    const files = [
      ...readdirSync(examples)
        .filter((name) => name.endsWith(".json") && name !== "figure.schema.json")
        .map((name) => join(examples, name)),
      ...readdirSync(scenarioDir)
        .filter((name) => name.endsWith(".json"))
        .map((name) => join(scenarioDir, name)),
    ];
    expect(files.length).toBeGreaterThanOrEqual(11);
    for (const path of files) {
      const text = readFileSync(path, "utf8");
      expect([path, validate(JSON.parse(text))]).toEqual([path, true]);
      expect([path, openFigure(text, "en").ok]).toEqual([path, true]);
    }
    const f22 = JSON.parse(builtinFile("f22"));
    for (const bad of [
      { ...f22, figure: 2 },
      { ...f22, id: "F22" },
      { ...f22, colour: "red" },
      { ...f22, scenario: { ...f22.scenario, task: {} } },
      { ...f22, scenario: { ...f22.scenario, host: { maxModelCalls: 0 } } },
    ]) {
      expect(validate(bad)).toBe(false);
      expect(openFigure(bad, "en").ok).toBe(false);
    }
  });
});

describe("a recorded run as a figure file", () => {
  const fixtures = resolve(import.meta.dirname, "../fixtures/transcripts");
  const real = resolve(import.meta.dirname, "../../../shared/real-transcripts");

  it("plays the import's own trace, told in the file's story", () => {
    const transcript = readFileSync(join(fixtures, "chat-parallel.json"), "utf8");
    const file = {
      figure: 1,
      id: "recorded",
      recorded: { transcript: JSON.parse(transcript) },
      story: { en: { title: "A recorded run", captions: [{ when: { kind: "finish" }, text: "The end." }] } },
    };
    const opened = openFigure(file, "en");
    const imported = importTranscript(transcript, undefined, "recorded");
    if (!opened.ok || !imported.ok) throw new Error("expected both to read");
    expect(opened.figure.trace).toEqual(imported.trace);
    expect(opened.figure.story.captions).toEqual([{ when: { kind: "finish" }, text: "The end." }]);
    // Another language gets the title and the generic captions.
    const zh = openFigure(file, "zh");
    expect(zh.ok && zh.figure.story).toMatchObject({ title: "A recorded run", captions: [] });
  });

  it("says where a recording breaks, under recorded.transcript, and refuses an unknown format", () => {
    const bad = openFigure({ figure: 1, id: "x", recorded: { transcript: { messages: [{ role: 5 }] } } }, "en");
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems[0]?.path).toMatch(/^recorded\.transcript/);
    const format = openFigure({ figure: 1, id: "x", recorded: { transcript: [], format: "fax" } }, "en");
    expect(!format.ok && format.problems).toEqual([{ message: 'unknown format "fax"', path: "recorded.format" }]);
  });

  it.skipIf(!existsSync(real))("every real transcript of ../shared/real-transcripts plays as a recorded figure", () => {
    for (const name of readdirSync(real).filter((f) => f.endsWith(".json"))) {
      const text = readFileSync(join(real, name), "utf8");
      const imported = importTranscript(text, undefined, "recorded");
      const opened = openFigure({ figure: 1, id: "recorded", recorded: { transcript: JSON.parse(text) } }, "en");
      expect([name, opened.ok]).toEqual([name, imported.ok]);
      if (opened.ok && imported.ok) expect(opened.figure.trace.steps.length).toBe(imported.trace.steps.length);
    }
  });
});

describe("what real lessons need", () => {
  const booking = () => JSON.parse(example("booking.json"));
  const traceOf = (file: unknown) => {
    const opened = openFigure(file, "en");
    if (!opened.ok) throw new Error(JSON.stringify(opened.problems));
    return opened.figure.trace;
  };

  it("a precondition tied to the call's arguments: a check of room A is no check of room B", () => {
    const trace = traceOf(booking());
    const refused = trace.steps.find((s) => s.kind === "validation" && s.verdict === "refused");
    expect(refused).toMatchObject({
      call: { callId: "call_2", name: "book_room", args: { room: "B", slot: "10:00" } },
      errorCode: "missing_evidence",
      wanted: { tool: "check_availability", args: { room: "B", slot: "10:00" } },
    });
    // The model is told which check is missing, under the same call_id.
    const result = trace.messages.find((m) => m.role === "tool" && m.callId === "call_2");
    expect(result?.role === "tool" && JSON.parse(result.content)).toEqual({
      error: "missing_evidence",
      message:
        'book_room was not run: it needs a successful check_availability result for room "B", slot "10:00" first. Call check_availability with those values, then try again.',
    });
    // The generic caption (a lesson without its own) names the same evidence.
    if (refused === undefined) throw new Error("no refusal");
    expect(catalogs.en.stepCaption(refused, trace)).toContain(
      'book_room needs a successful check_availability result for room "B", slot "10:00" first',
    );
    // The second booking, after room B's check, runs; the story's caption is the author's.
    expect(trace.outcome).toBe("completed");
    expect(trace.counters).toMatchObject({ simulatedWrites: 1 });
    const opened = openFigure(booking(), "zh");
    expect(opened.ok && storyCatalog(catalogs.zh, opened.figure.story).stepCaption(refused, trace)).toMatch(
      /^宿主去找这次预订需要的证据/,
    );
  });

  it("a done check that counts: exactly one write holds, exactly two does not", () => {
    const file = booking();
    file.scenario.done = [{ count: { writes: "bookings.txt", exactly: 2 } }];
    expect(traceOf(file).outcome).toBe("refused");
    file.scenario.done = [{ count: { calls: "book_room", atMost: 1 } }];
    expect(traceOf(file).outcome).toBe("completed");
    file.scenario.done = [{ count: { calls: "check_availability", atLeast: 3 } }];
    expect(traceOf(file).outcome).toBe("refused");
  });

  it("result rules by comparison: a range over 50 pages fails, an end before its start fails, a pattern, a list", () => {
    const print = (calls: Record<string, unknown>[]) => ({
      figure: 1,
      id: "print",
      scenario: {
        task: "Print the report",
        system: "You print reports.",
        tools: [
          {
            name: "print_pages",
            description: "Print pages of the report.",
            parameters: {
              type: "object",
              properties: {
                start: { type: "integer" },
                end: { type: "integer" },
                pages: { type: "integer" },
                format: { type: "string" },
              },
              required: ["start", "end", "pages", "format"],
            },
            results: [
              { when: { compare: { pages: { gt: 50 } } }, error: true, returns: "at most 50 pages at a time" },
              { when: { compare: { end: { lt: { arg: "start" } } } }, error: true, returns: "end before start" },
              { when: { compare: { format: { pattern: "^A[3-5]$" } } }, returns: "printed" },
              { when: { compare: { format: { oneOf: ["letter", "legal"] } } }, returns: "printed (US)" },
              { error: true, returns: "unknown paper" },
            ],
          },
        ],
        host: { maxModelCalls: 3 },
        model: [{ calls: calls.map((args) => ({ tool: "print_pages", args })) }, { answer: "Done." }],
        done: [{ resultOk: "print_pages" }],
      },
    });
    const results = traceOf(
      print([
        { start: 1, end: 60, pages: 60, format: "A4" },
        { start: 1, end: 50, pages: 50, format: "A4" },
        { start: 9, end: 3, pages: 0, format: "A4" },
        { start: 1, end: 2, pages: 2, format: "letter" },
        { start: 1, end: 2, pages: 2, format: "A0" },
      ]),
    ).messages.flatMap((m) => (m.role === "tool" ? [[m.status, m.content]] : []));
    expect(results).toEqual([
      ["error", "at most 50 pages at a time"],
      ["ok", "printed"],
      ["error", "end before start"],
      ["ok", "printed (US)"],
      ["error", "unknown paper"],
    ]);
  });

  it("results that take time: the host feeds each back as its call finishes, and times only its own calls", () => {
    const weather = () => JSON.parse(example("weather.json"));
    const order = (file: unknown) =>
      traceOf(file).messages.flatMap((m) => (m.role === "tool" ? [`${m.callId} ${m.content}`] : []));
    const file = weather();
    // Paris (call_1) takes 3 seconds, Rome (call_2) 1: Rome's result comes back, and goes into the context, first.
    file.scenario.tools[0].results[0].seconds = 3;
    file.scenario.tools[0].results[1].seconds = 1;
    const paris = JSON.stringify(file.scenario.tools[0].results[0].returns);
    const rome = JSON.stringify(file.scenario.tools[0].results[1].returns);
    expect(order(file)).toEqual([`call_2 ${rome}`, `call_1 ${paris}`]);
    // As long as each other: the order proposed.
    file.scenario.tools[0].results[1].seconds = 3;
    expect(order(file)).toEqual([`call_1 ${paris}`, `call_2 ${rome}`]);
    expect(order(weather())).toEqual([`call_1 ${paris}`, `call_2 ${rome}`]);
  });

  it("refuses time on a tool with an operation id, and a time below zero", () => {
    const file = booking();
    file.scenario.tools[1].operationId = "room";
    file.scenario.tools[1].results[0].seconds = 2;
    file.scenario.tools[0].results[0].seconds = -1;
    const opened = openFigure(file, "en");
    expect(opened.ok ? [] : opened.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      expect.stringMatching(/^scenario\.tools\.0\.results\.0\.seconds: /),
    ]);
    file.scenario.tools[0].results[0].seconds = 0;
    const again = openFigure(file, "en");
    expect(again.ok ? [] : again.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      "scenario.tools.1.results.0.seconds: a tool with an `operationId` cannot take `seconds`: the host replays a repeat only from a call that has finished",
    ]);
  });

  it("names a precondition's tool or arguments that are not declared, and a pattern that is no regular expression", () => {
    const file = booking();
    file.scenario.tools[1].needs = { tool: "check_room", sameArgs: ["floor"] };
    file.scenario.tools[0].results[0].when.compare = { room: { pattern: "(" } };
    file.scenario.done = [{ count: { writes: "nope.txt" } }];
    const opened = openFigure(file, "en");
    expect(opened.ok ? [] : opened.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      "scenario.tools.0.results.0.when.compare.room.pattern: not a valid regular expression",
      'scenario.tools.1.needs.tool: "check_room" is not a declared tool',
      "scenario.tools.1.needs.sameArgs.0: \"floor\" is not among book_room's parameters' properties",
      "scenario.done.0.count: expected `exactly`, `atMost` or `atLeast`",
      'scenario.done.0.count.writes: "nope.txt" is not an input file (files: "bookings.txt")',
    ]);
  });
});

describe("a story in one language, read in another", () => {
  const zhOnly = () => {
    const file = JSON.parse(example("booking.json"));
    delete file.story.en;
    return file;
  };

  it("keeps the story's title, lesson and checkpoints in their language, marked so, with the figure's own captions", () => {
    const opened = openFigure(zhOnly(), "en");
    if (!opened.ok) throw new Error("problems");
    const { story } = opened.figure;
    expect(story).toMatchObject({ writtenIn: "zh", title: "查过 A 会议室，不等于查过 B 会议室", captions: [] });
    expect(story.checkpoints?.map((c) => [c.lang, c.question])).toEqual([
      ["zh", "模型查的是 A 会议室，现在要订 B 会议室。宿主会怎么做？"],
    ]);
    const told = storyCatalog(catalogs.en, story);
    expect(told.ui.figureWordsLang).toBe("zh-CN");
    expect(told.ui.figureStoryNote).toBe(
      "This lesson's story is written in 中文; the captions here are the figure's own, in English.",
    );
  });

  it("in its own language, says nothing of the kind", () => {
    const opened = openFigure(zhOnly(), "zh");
    if (!opened.ok) throw new Error("problems");
    expect(opened.figure.story.writtenIn).toBeUndefined();
    expect(opened.figure.story.checkpoints?.[0]?.lang).toBeUndefined();
    expect(storyCatalog(catalogs.zh, opened.figure.story).ui.figureStoryNote).toBe("");
  });
});

describe("one notion of a write", () => {
  it("a write whose result came back an error (a timeout after the file changed) is a write: counted, and the file changed", () => {
    const file = {
      figure: 1,
      id: "write-lost-on-the-way-back",
      scenario: {
        task: "Record the refund in ledger.txt",
        system: "You keep the ledger.",
        files: { "ledger.txt": "" },
        tools: [
          {
            name: "append_ledger",
            description: "Append a line to ledger.txt.",
            parameters: {
              type: "object",
              properties: { line: { type: "string" } },
              required: ["line"],
              additionalProperties: false,
            },
            results: [{ error: true, returns: "timeout", changes: { "ledger.txt": "refund 40" } }],
          },
        ],
        host: { allow: ["append_ledger"], maxModelCalls: 2 },
        model: [{ calls: [{ tool: "append_ledger", args: { line: "refund 40" } }] }, { answer: "Recorded." }],
        done: [{ fileChanged: "ledger.txt" }],
      },
    };
    const opened = openFigure(file, "en");
    if (!opened.ok) throw new Error(JSON.stringify(opened.problems));
    const { trace } = opened.figure;
    const execution = trace.steps.find((step) => step.kind === "execution");
    expect(execution?.toolResult?.status).toBe("error");
    expect(trace.counters).toMatchObject({ toolExecutions: 1, simulatedWrites: 1 });
    expect(execution?.fileChanges).toEqual([{ path: "ledger.txt", state: "changed" }]);
    expect(execution?.counters.simulatedWrites).toBe(1);
  });
});

describe("a story's links onward", () => {
  const withNext = (next: unknown) => {
    const file = JSON.parse(example("booking.json"));
    file.story.en.next = next;
    return file;
  };

  it("are carried to the player in the story's words, in its language", () => {
    const opened = openFigure(withNext([{ scenario: "out-of-order", text: "Results out of order →" }]), "en");
    if (!opened.ok) throw new Error("problems");
    expect(storyCatalog(catalogs.en, opened.figure.story).ui.figureNext).toEqual([
      { scenario: "out-of-order", text: "Results out of order →" },
    ]);
  });

  it("refuse an id that cannot name a built-in, and more than four, saying where", () => {
    const bad = openFigure(withNext([{ scenario: "Out Of Order", text: "x" }]), "en");
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.problems.map((p) => `${p.path}: ${p.message}`)).toContain(
        "story.en.next.0.scenario: expected a built-in scenario's id",
      );
    const many = openFigure(withNext(Array.from({ length: 5 }, () => ({ scenario: "f22", text: "x" }))), "en");
    expect(many.ok).toBe(false);
  });

  it("of every built-in name built-ins there are, in every language its story is told in", () => {
    for (const id of SCENARIO_IDS) {
      const stories = JSON.parse(builtinFile(id)).story as Record<string, { next?: { scenario: string }[] }>;
      for (const story of Object.values(stories))
        for (const link of story.next ?? []) expect(SCENARIO_IDS, `${id} → ${link.scenario}`).toContain(link.scenario);
    }
  });
});
