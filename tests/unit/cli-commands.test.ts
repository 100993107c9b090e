// @vitest-environment node
/** The installed command's command line (src/cli/commands.ts): each command as the flags of `npm run demo`. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseArgs } from "../../src/cli/cli";
import { COMMANDS, commandReference, helpText, parseCommand } from "../../src/cli/commands";

describe("the installed command's command line", () => {
  it("turns each command into the flags npm run demo takes, which its parser accepts", () => {
    const cases: [string[], string[]][] = [
      [
        ["import", "run.json"],
        ["--import", "run.json"],
      ],
      [
        ["import", "-", "--format", "chat"],
        ["--import", "-", "--format", "chat"],
      ],
      [
        ["import", "run.json", "--format=anthropic"],
        ["--import", "run.json", "--format=anthropic"],
      ],
      [
        ["export", "anthropic", "--scenario", "f22"],
        ["--export", "anthropic", "--scenario", "f22"],
      ],
      [
        ["export", "chat", "--import", "run.json"],
        ["--export", "chat", "--import", "run.json"],
      ],
      [
        ["check", "run.json", "--for", "bedrock"],
        ["--check", "run.json", "--for", "bedrock"],
      ],
      [
        ["scenario", "claimed-done", "--lang", "en"],
        ["--scenario", "claimed-done", "--lang", "en"],
      ],
      [
        ["figure", "my.json"],
        ["--figure", "my.json"],
      ],
      [
        ["scorm", "out.zip", "--figure", "my.json", "--mastery", "80"],
        ["--scorm", "out.zip", "--figure", "my.json", "--mastery", "80"],
      ],
      [["experiment"], []],
      [
        ["experiment", "--lang", "en"],
        ["--lang", "en"],
      ],
    ];
    for (const [argv, flags] of cases) {
      const parsed = parseCommand(argv);
      expect(parsed, argv.join(" ")).toEqual({ kind: "demo", flags });
      expect("error" in parseArgs(flags), argv.join(" ")).toBe(false);
    }
  });

  it("reads view's files, port, language and --no-open", () => {
    expect(parseCommand(["view", "a.json", "logs/", "--port", "8123", "--no-open", "--lang=zh"])).toEqual({
      kind: "view",
      files: ["a.json", "logs/"],
      port: 8123,
      otlp: null,
      save: null,
      open: false,
      lang: "zh",
    });
    expect(parseCommand(["view", "a.json"])).toEqual({
      kind: "view",
      files: ["a.json"],
      port: null,
      otlp: null,
      save: null,
      open: true,
      lang: null,
    });
    // --otlp alone: the receiver on OTLP/HTTP's own port, no file needed; --otlp-port names another, --save a folder.
    expect(parseCommand(["view", "--otlp"])).toMatchObject({ kind: "view", files: [], otlp: 4318, save: null });
    expect(parseCommand(["view", "--otlp-port=0", "--save", "runs"])).toMatchObject({ otlp: 0, save: "runs" });
  });

  it("reads live's port, upstreams, --save, --no-open and the agent's command after --", () => {
    expect(
      parseCommand([
        "live",
        "--port",
        "8080",
        "--save",
        "runs",
        "--upstream",
        "anthropic=http://127.0.0.1:9000",
        "--upstream=openai=https://example.test/v1",
        "--no-open",
        "--",
        "node",
        "agent.js",
        "--port",
        "1",
      ]),
    ).toEqual({
      kind: "live",
      port: 8080,
      upstreams: { anthropic: "http://127.0.0.1:9000", openai: "https://example.test/v1" },
      save: "runs",
      otlp: null,
      collector: null,
      open: false,
      lang: null,
      command: ["node", "agent.js", "--port", "1"],
    });
    expect(parseCommand(["live"])).toEqual({
      kind: "live",
      port: null,
      upstreams: {},
      save: null,
      otlp: null,
      collector: null,
      open: true,
      lang: null,
      command: [],
    });
    expect(parseCommand(["live", "--otlp-port", "4400", "--save", "runs"])).toMatchObject({ otlp: 4400, save: "runs" });
    expect(
      parseCommand([
        "live",
        "--otlp-endpoint",
        "https://collector.example:4318",
        "--otlp-header=Authorization=Bearer t",
      ]),
    ).toMatchObject({
      collector: { endpoint: "https://collector.example:4318", headers: { authorization: "Bearer t" } },
    });
    for (const [argv, message] of [
      [["live", "--upstream", "bedrock=http://x"], /^live: --upstream takes PROVIDER=URL/],
      [["live", "--upstream", "openai=ftp://x"], /^live: --upstream takes PROVIDER=URL/],
      [["live", "--"], /^live: -- needs the agent's command after it$/],
      [["live", "agent.js"], /^live: unexpected argument agent\.js/],
      [["live", "--port", "x"], /^live: --port takes a TCP port/],
      [["live", "--save"], /^live: --save needs a folder$/],
      [["live", "--otlp-endpoint", "collector:4318"], /^live: --otlp-endpoint takes a collector's http\(s\) URL/],
      [["live", "--otlp-header", "x=1"], /^live: --otlp-header goes with --otlp-endpoint$/],
      [["live", "--otlp-endpoint", "http://c", "--otlp-header", "novalue"], /^live: --otlp-header takes NAME=VALUE/],
    ] as const) {
      const parsed = parseCommand([...argv]);
      expect(parsed.kind === "error" && parsed.message, argv.join(" ")).toMatch(message);
    }
  });

  it("show FILE: --json takes no value, --step and --lang do; the demo checks the step's number", async () => {
    expect(parseCommand(["show", "a.json", "--json", "--step", "3", "--lang", "en"])).toEqual({
      kind: "demo",
      flags: ["--show", "a.json", "--json", "--step", "3", "--lang", "en"],
    });
    expect(parseArgs(["--show", "a.json", "--json", "--step", "3", "--lang", "en"])).toEqual({
      show: "a.json",
      lang: "en",
      step: 3,
      json: true,
    });
    expect(parseArgs(["--show", "a.json", "--step", "0"])).toEqual({
      error: "--step takes a step's number (1 or more), not 0",
    });
    expect(parseArgs(["--step", "2"])).toEqual({ error: "--step and --json go with --show" });
    expect(parseArgs(["--show", "a.json", "--import", "b.json"])).toEqual({
      error: "--show FILE takes only --lang, --step and --json",
    });
  });

  it("says in one line what is wrong with a command line", () => {
    const errors: [string[], RegExp][] = [
      [["frobnicate"], /^unknown command: frobnicate \(one of view, live, import, show, export/],
      [["show"], /^show: missing argument \(usage: agent-loop-figure show FILE/],
      [["show", "a.json", "--step"], /^show: --step needs a value$/],
      [["show", "a.json", "--format", "chat"], /^show: unknown option --format/],
      [["import"], /^import: missing argument \(usage: agent-loop-figure import FILE/],
      [["import", "a.json", "b.json"], /^import: unexpected argument b\.json/],
      [["import", "a.json", "--lang", "en"], /^import: unknown option --lang/],
      [["check", "a.json", "--for"], /^check: --for needs a value$/],
      [["view"], /^view: name at least one file or folder \(or --otlp to receive spans\)$/],
      [["view", "--otlp-port", "x"], /^view: --otlp-port takes a TCP port from 0 to 65535, not x$/],
      [["view", "a.json", "--save", "runs"], /^view: --save keeps what --otlp receives/],
      [["view", "--otlp", "--save"], /^view: --save needs a folder$/],
      [["view", "a.json", "--port", "99999"], /^view: --port takes a TCP port from 0 to 65535, not 99999$/],
      [["view", "a.json", "--lang", "fr"], /^view: unknown language: fr/],
      [["view", "a.json", "--open"], /^view: unknown option --open/],
    ];
    for (const [argv, message] of errors) {
      const parsed = parseCommand(argv);
      expect(parsed.kind, argv.join(" ")).toBe("error");
      if (parsed.kind === "error") {
        expect(parsed.message).toMatch(message);
        expect(parsed.message).not.toContain("\n");
      }
    }
  });

  it("answers --help and --version, also after a command", () => {
    expect(parseCommand([])).toEqual({ kind: "help" });
    expect(parseCommand(["--help"])).toEqual({ kind: "help" });
    expect(parseCommand(["view", "-h"])).toEqual({ kind: "help" });
    expect(parseCommand(["--version"])).toEqual({ kind: "version" });
  });

  it("writes --help and docs/cli.md from one table, so they cannot drift", () => {
    const help = helpText("9.9.9");
    const reference = readFileSync("docs/cli.md", "utf8");
    expect(reference).toContain(commandReference());
    for (const command of COMMANDS) {
      expect(help).toContain(`${command.name} ${command.args}`);
      expect(help).toContain(command.summary);
    }
    expect(help.split("\n")[0]).toContain("9.9.9");
  });
});
