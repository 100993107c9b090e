/**
 * The installed command, `agent-loop-figure <command> …`: one table of its commands, from which its `--help` and
 * docs/cli.md are both written (so they cannot drift), and the translation of a command line into the flags of
 * `npm run demo` (./cli.ts), which does the work for both. `view` is the one command that is not a report: the
 * bin starts its server (./view.ts).
 */
import { LANGS } from "../content/languages";
import { FORMAT_IDS, FORMATS } from "../formats";
import { CHECK_PROVIDERS } from "../formats/check";
import { SCENARIO_IDS } from "../scenarios/ids";

/** One command: how it is written, what it does, and the flag of `npm run demo` it stands for. */
export interface Command {
  readonly name: string;
  /** Its arguments after the name, as usage writes them. */
  readonly args: string;
  readonly summary: string;
  /** The demo flag its first argument is the value of (`import FILE` is `--import FILE`); none for `experiment`. */
  readonly flag?: string;
  /** How many leading arguments it takes before its options (its FILE, FORMAT, ID …). */
  readonly positionals: number;
  /** The options it takes after them. */
  readonly options: readonly string[];
  /** Of those, the ones that take no value (`--json`). */
  readonly switches?: readonly string[];
}

const langs = LANGS.join("|");

export const COMMANDS: readonly Command[] = [
  {
    name: "view",
    args: "FILE|FOLDER… [--port N] [--otlp] [--otlp-port N] [--save DIR] [--no-open]",
    summary:
      "serve the runs (any format import reads, or figure files) to this machine's browser on 127.0.0.1, following each file as it changes; prints `viewer: URL` (the URL carries its access token); --otlp also receives OpenTelemetry (OTLP/HTTP, protobuf or JSON, on 127.0.0.1:4318 or --otlp-port N) and draws each instrumented agent's run as its spans come, printing the `export OTEL_EXPORTER_OTLP_…=…` lines for its SDK (no FILE needed then; --save DIR keeps each such run as the live runs are kept)",
    positionals: -1,
    options: ["--port", "--otlp", "--otlp-port", "--save", "--no-open", "--lang"],
  },
  {
    name: "live",
    args: "[--port N] [--upstream PROVIDER=URL]… [--save DIR] [--otlp] [--otlp-port N] [--otlp-endpoint URL [--otlp-header K=V]…] [--no-open] [-- COMMAND ARGS…]",
    summary:
      "a recording proxy on 127.0.0.1 for the OpenAI, Anthropic and Gemini APIs, and the viewer drawing each run as it happens; prints `viewer: URL` and the `export …_BASE_URL=…` lines for the SDKs (and on stderr the lines Codex CLI's config.toml, Gemini CLI's settings.json and pi's models.json need); with -- COMMAND, runs the agent with them set (codex: with -c); says at once a run it cannot draw, and why; --save DIR keeps each run as a trace file (one it cannot draw, raw), owner-only, rewritten as it grows; --otlp also receives OpenTelemetry, as view --otlp does; --otlp-endpoint URL sends each run it records to an OpenTelemetry collector as it goes (OTLP/HTTP JSON to URL/v1/traces, the spans export otlp writes, with each --otlp-header K=V and no API key)",
    positionals: -1,
    options: [
      "--port",
      "--upstream",
      "--save",
      "--otlp",
      "--otlp-port",
      "--otlp-endpoint",
      "--otlp-header",
      "--no-open",
      "--lang",
    ],
  },
  {
    name: "import",
    args: "FILE [--format FORMAT]",
    summary:
      "a recorded run as a neutral trace (JSON) on stdout; exit 0 with no problems, 1 with problems (listed on stderr), 2 when it cannot be read",
    flag: "--import",
    positionals: 1,
    options: ["--format"],
  },
  {
    name: "show",
    args: "FILE [--lang LANG] [--step N] [--json]",
    summary:
      "any run import reads, told in the terminal as the figure tells it: each step's number, title, caption, tool result, notes and problems, then the outcome (--step N: that step alone; --json: one object, {steps: [{number, title, caption, result, notes, problems}], outcome}); exit 2 when it cannot be read",
    flag: "--show",
    positionals: 1,
    options: ["--lang", "--step", "--json"],
    switches: ["--json"],
  },
  {
    name: "export",
    args: "FORMAT (--scenario ID | --figure FILE | --import FILE)",
    summary:
      "the whole run written in FORMAT on stdout (a Claude Code log as JSON Lines); what the file leaves out on stderr",
    flag: "--export",
    positionals: 1,
    options: ["--scenario", "--figure", "--import", "--format", "--lang"],
  },
  {
    name: "check",
    args: "FILE --for PROVIDER",
    summary:
      "would a request made of this history be accepted by PROVIDER? exit 0 if so; 1 and one line per problem (RULE at PATH: why)",
    flag: "--check",
    positionals: 1,
    options: ["--for"],
  },
  {
    name: "scenario",
    args: "ID [--lang LANG]",
    summary: "a built-in scenario's story and steps (JSON), told as the figure tells them",
    flag: "--scenario",
    positionals: 1,
    options: ["--lang"],
  },
  {
    name: "figure",
    args: "FILE [--lang LANG]",
    summary:
      "a figure file's story and steps (JSON); exit 2 and its problems, each at its line and column, when it cannot be read",
    flag: "--figure",
    positionals: 1,
    options: ["--lang"],
  },
  {
    name: "scorm",
    args: "OUT.zip [--scenario ID | --figure FILE] [--lang LANG] [--mastery N]",
    summary: "a SCORM 1.2 package of a built-in (default f22) or a figure file, for an LMS",
    flag: "--scorm",
    positionals: 1,
    options: ["--scenario", "--figure", "--lang", "--mastery"],
  },
  {
    name: "experiment",
    args: "[--lang LANG]",
    summary: "the chapter's teaching experiment: its report, as the chapter's script prints it",
    positionals: 0,
    options: ["--lang"],
  },
];

/** What the values in the usage stand for. */
export const VALUES: readonly (readonly [string, string])[] = [
  ["FILE", "a path, or - for standard input"],
  [
    "FORMAT",
    `${FORMAT_IDS.join(" | ")} (export takes all but ${FORMATS.filter((f) => !f.writes)
      .map((f) => f.id)
      .join(", ")}, logs only their agent writes; it writes ${FORMATS.flatMap((f) =>
      "written" in f ? [`${f.id} as ${/^[AEIOU]/.test(f.written) ? "an" : "a"} ${f.written}`] : [],
    ).join(", ")})`,
  ],
  ["PROVIDER", CHECK_PROVIDERS.join(" | ")],
  ["ID", SCENARIO_IDS.join(" | ")],
  ["LANG", langs],
  [
    "N",
    "--port: a TCP port (default: a free one); --otlp-port: a TCP port (default: 4318, OTLP/HTTP's own; 0 for a free one); --mastery: the score to pass, 0 to 100; --step: a step's number",
  ],
];

export const BIN = "agent-loop-figure";

/** `--help`: every command, and what its values stand for. */
export function helpText(version: string): string {
  const lines = [
    `${BIN} ${version}: the agent loop figure on the command line (the model proposes; the program executes)`,
    "",
    `usage: ${BIN} <command> …`,
    "",
    ...COMMANDS.flatMap((command) => [`  ${command.name} ${command.args}`, `      ${command.summary}`]),
    "",
    ...VALUES.map(([name, meaning]) => `  ${name.padEnd(8)} ${meaning}`),
    "",
    `  ${BIN} --help | --version`,
    "",
  ];
  return lines.join("\n");
}

/** docs/cli.md's reference: the same table as `--help`, as Markdown. */
export function commandReference(): string {
  const cell = (text: string) => text.replaceAll("|", "\\|");
  return [
    "| Command | What it does |",
    "| --- | --- |",
    ...COMMANDS.map(
      (command) => `| \`${cell(`${BIN} ${command.name} ${command.args}`)}\` | ${cell(command.summary)} |`,
    ),
    "",
    "| Value | Stands for |",
    "| --- | --- |",
    ...VALUES.map(([name, meaning]) => `| \`${name}\` | ${cell(meaning)} |`),
  ].join("\n");
}

/** A command line, understood: a report of `npm run demo`'s (its flags), `view`'s arguments, help or version. */
export type Parsed =
  | { readonly kind: "demo"; readonly flags: readonly string[] }
  | {
      readonly kind: "view";
      readonly files: readonly string[];
      readonly port: number | null;
      /** The OTLP receiver's port (`--otlp`, `--otlp-port`), or null for none. */
      readonly otlp: number | null;
      readonly save: string | null;
      readonly open: boolean;
      readonly lang: string | null;
    }
  | {
      readonly kind: "live";
      readonly port: number | null;
      readonly upstreams: Readonly<Record<string, string>>;
      /** The folder each run is saved in (`--save`), if any. */
      readonly save: string | null;
      readonly otlp: number | null;
      /** The collector each recorded run is sent to (`--otlp-endpoint`), with its headers (`--otlp-header`). */
      readonly collector: { readonly endpoint: string; readonly headers: Readonly<Record<string, string>> } | null;
      readonly open: boolean;
      readonly lang: string | null;
      readonly command: readonly string[];
    }
  | { readonly kind: "help" }
  | { readonly kind: "version" }
  | { readonly kind: "error"; readonly message: string };

/** The option's name, for an argument that is one (`--format=chat` is `--format`). */
const optionName = (arg: string) => (arg.startsWith("--") ? (arg.split("=")[0] ?? arg) : null);

/**
 * Understand argv (after the program's name). Each command checks its own options here, so that a wrong one gets
 * one line naming it; the demo's parser then checks their values and how they combine, as it does for `npm run demo`.
 */
export function parseCommand(argv: readonly string[]): Parsed {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") return { kind: "help" };
  if (name === "--version" || name === "-V") return { kind: "version" };
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (command === undefined)
    return {
      kind: "error",
      message: `unknown command: ${name} (one of ${COMMANDS.map((c) => c.name).join(", ")}; ${BIN} --help says more)`,
    };
  if (rest.includes("--help") || rest.includes("-h")) return { kind: "help" };
  if (command.name === "view") return parseView(rest);
  if (command.name === "live") return parseLive(rest);
  const positionals: string[] = [];
  const options: string[] = [];
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] ?? "";
    const option = optionName(arg);
    if (option === null || arg === "-") {
      if (options.length > 0 || positionals.length >= command.positionals)
        return {
          kind: "error",
          message: `${name}: unexpected argument ${arg} (usage: ${BIN} ${name} ${command.args})`,
        };
      positionals.push(arg);
      continue;
    }
    if (!command.options.includes(option))
      return { kind: "error", message: `${name}: unknown option ${option} (usage: ${BIN} ${name} ${command.args})` };
    options.push(arg);
    if (command.switches?.includes(option) === true) continue;
    if (!arg.includes("=")) {
      const value = rest[i + 1];
      if (value === undefined || (value.startsWith("-") && value !== "-"))
        return { kind: "error", message: `${name}: ${option} needs a value` };
      options.push(value);
      i += 1;
    }
  }
  if (positionals.length < command.positionals)
    return { kind: "error", message: `${name}: missing argument (usage: ${BIN} ${name} ${command.args})` };
  const flags = command.flag === undefined ? options : [command.flag, ...positionals, ...options];
  return { kind: "demo", flags };
}

/** A TCP port, from an option's value; NaN for one that is not. */
const portOf = (value: string): number => {
  const port = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  return port >= 0 && port <= 65535 ? port : Number.NaN;
};

function parseView(rest: readonly string[]): Parsed {
  const files: string[] = [];
  let port: number | null = null;
  let otlp: number | null = null;
  let save: string | null = null;
  let open = true;
  let lang: string | null = null;
  const takes = (arg: string, name: string) => arg === name || arg.startsWith(`${name}=`);
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] ?? "";
    if (arg === "--no-open") open = false;
    else if (arg === "--otlp") otlp ??= 4318;
    else if (takes(arg, "--otlp-port") || takes(arg, "--save")) {
      const [option, inline] = arg.split("=", 2) as [string, string | undefined];
      const value = inline ?? rest[i + 1];
      if (inline === undefined) i += 1;
      if (value === undefined || value === "" || value.startsWith("--"))
        return { kind: "error", message: `view: ${option} needs ${option === "--save" ? "a folder" : "a value"}` };
      if (option === "--save") save = value;
      else {
        otlp = portOf(value);
        if (Number.isNaN(otlp))
          return { kind: "error", message: `view: --otlp-port takes a TCP port from 0 to 65535, not ${value}` };
      }
    } else if (arg === "--port" || arg.startsWith("--port=") || arg === "--lang" || arg.startsWith("--lang=")) {
      const [option, inline] = arg.split("=", 2) as [string, string | undefined];
      const value = inline ?? rest[i + 1];
      if (inline === undefined) i += 1;
      if (value === undefined || value === "") return { kind: "error", message: `view: ${option} needs a value` };
      if (option === "--lang") {
        if (!(LANGS as readonly string[]).includes(value))
          return { kind: "error", message: `view: unknown language: ${value} (one of ${LANGS.join(", ")})` };
        lang = value;
      } else {
        port = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
        if (!(port >= 0 && port <= 65535))
          return { kind: "error", message: `view: --port takes a TCP port from 0 to 65535, not ${value}` };
      }
    } else if (arg.startsWith("--")) {
      return { kind: "error", message: `view: unknown option ${arg} (usage: ${BIN} view ${COMMANDS[0]?.args})` };
    } else files.push(arg);
  }
  if (save !== null && otlp === null)
    return { kind: "error", message: "view: --save keeps what --otlp receives (a file named is already saved)" };
  if (files.length === 0 && otlp === null)
    return { kind: "error", message: "view: name at least one file or folder (or --otlp to receive spans)" };
  return { kind: "view", files, port, otlp, save, open, lang };
}

const PROVIDER_NAMES = ["openai", "anthropic", "gemini"];

function parseLive(argv: readonly string[]): Parsed {
  const split = argv.indexOf("--");
  const [rest, command] = split === -1 ? [argv, []] : [argv.slice(0, split), argv.slice(split + 1)];
  if (split !== -1 && command.length === 0)
    return { kind: "error", message: "live: -- needs the agent's command after it" };
  const upstreams: Record<string, string> = {};
  const options: string[] = [];
  let save: string | null = null;
  let endpoint: string | null = null;
  const headers: Record<string, string> = {};
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] ?? "";
    if (arg === "--otlp-endpoint" || arg.startsWith("--otlp-endpoint=")) {
      const value = arg.includes("=") ? arg.slice("--otlp-endpoint=".length) : rest[++i];
      if (value === undefined || !/^https?:\/\/\S+$/.test(value))
        return {
          kind: "error",
          message: `live: --otlp-endpoint takes a collector's http(s) URL, not ${value ?? "nothing"}`,
        };
      endpoint = value;
    } else if (arg === "--otlp-header" || arg.startsWith("--otlp-header=")) {
      const value = arg.startsWith("--otlp-header=") ? arg.slice("--otlp-header=".length) : rest[++i];
      const at = (value ?? "").indexOf("=");
      const name = (value ?? "").slice(0, at).trim().toLowerCase();
      if (value === undefined || at <= 0 || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name))
        return { kind: "error", message: `live: --otlp-header takes NAME=VALUE, not ${value ?? "nothing"}` };
      headers[name] = value.slice(at + 1);
    } else if (arg === "--save" || arg.startsWith("--save=")) {
      const value = arg.includes("=") ? arg.slice("--save=".length) : rest[++i];
      if (value === undefined || value === "" || value.startsWith("--"))
        return { kind: "error", message: "live: --save needs a folder" };
      save = value;
    } else if (arg === "--upstream" || arg.startsWith("--upstream=")) {
      let value: string | undefined;
      if (arg.includes("=")) value = arg.slice("--upstream=".length);
      else {
        i += 1;
        value = rest[i];
      }
      const at = (value ?? "").indexOf("=");
      const [provider, url] = at === -1 ? [value ?? "", ""] : [(value ?? "").slice(0, at), (value ?? "").slice(at + 1)];
      if (!PROVIDER_NAMES.includes(provider) || !/^https?:\/\/\S+$/.test(url))
        return {
          kind: "error",
          message: `live: --upstream takes PROVIDER=URL (${PROVIDER_NAMES.join(", ")}, an http(s) URL), not ${value ?? "nothing"}`,
        };
      upstreams[provider] = url;
    } else options.push(arg);
  }
  // The rest are view's options (--port, --no-open, --lang), read as view reads them.
  const viewed = parseView([...options, "-"]);
  if (viewed.kind === "error") return { kind: "error", message: viewed.message.replace(/^view:/, "live:") };
  if (viewed.kind !== "view") return viewed;
  if (endpoint === null && Object.keys(headers).length > 0)
    return { kind: "error", message: "live: --otlp-header goes with --otlp-endpoint" };
  if (viewed.files.length > 1)
    return {
      kind: "error",
      message: `live: unexpected argument ${viewed.files[0]} (an agent's command goes after --)`,
    };
  return {
    kind: "live",
    port: viewed.port,
    upstreams,
    save,
    otlp: viewed.otlp,
    collector: endpoint === null ? null : { endpoint, headers },
    open: viewed.open,
    lang: viewed.lang,
    command,
  };
}
