/**
 * The figure file, version 1 (docs/authoring.md): what a course author writes to make a figure of their own
 * lesson. Either a scenario the engine runs — the task, the fixed input, the tools and what each does, the host's
 * policy, the scripted model's turns and the host's check of the environment — or a recorded run (a transcript in
 * any format the import reads); plus the story in one or more languages. Checked with valibot, so every problem
 * names its path; the rules one field cannot say alone (a tool named twice, a file that is not in the input) are
 * checked after, in ./check.ts. The published JSON Schema (dist/figure.schema.json) is generated from this one.
 */
import * as v from "valibot";
import { LANGS, type Lang, languageOf } from "../content/languages";
import { REFUSAL_RULES, type RefusalRule } from "./rules";

/** The figure file's version: a file says which it is written for. */
export const FIGURE_VERSION = 1;

/** At most this many of each, so that a figure file cannot make a run or a page without end. */
export const FIGURE_LIMITS = {
  /** Characters of the whole file. */
  text: 1_000_000,
  files: 50,
  tools: 32,
  results: 32,
  turns: 100,
  callsPerTurn: 16,
  maxModelCalls: 100,
  captions: 200,
  /** Seconds a result may take (a simulated duration: nothing waits). */
  seconds: 3600,
  /** Characters of any one string. */
  string: 100_000,
} as const;

const str = (what: string) => v.pipe(v.string(), v.maxLength(FIGURE_LIMITS.string), v.description(what));
const name = (what: string) =>
  v.pipe(
    v.string(),
    v.regex(
      /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/,
      "expected a name of letters, digits, _ . - (at most 64, not starting with a digit)",
    ),
    v.description(what),
  );

/** Text in one language for all, or in several: `"Hello"` or `{ "en": "Hello", "zh": "你好" }`. */
export const TextSchema = v.union(
  [
    str("The same text in every language."),
    v.pipe(
      v.strictObject(
        Object.fromEntries(
          LANGS.map((lang) => [lang, v.optional(str(`The text in ${languageOf(lang).name}.`))]),
        ) as Record<Lang, v.OptionalSchema<ReturnType<typeof str>, undefined>>,
      ),
      v.check((text) => Object.keys(text).length > 0, "expected the text in at least one language"),
      v.description("The text in each language, by language code; a language left out takes the first given."),
    ),
  ],
  "expected a string, or an object of strings by language code",
);

/** A JSON value, as a file holds it. */
const json = v.pipe(v.unknown(), v.description("Any JSON value."));
const jsonObject = v.pipe(v.record(v.string(), v.unknown()), v.description("A JSON object."));

/** A number, or another argument of the same call (`{"arg": "start"}`): what a comparison compares with. */
const Operand = v.pipe(
  v.union(
    [v.number(), v.strictObject({ arg: str("Another argument of the same call.") })],
    'expected a number or {"arg": name}',
  ),
  v.description('A number, or `{"arg": name}`: the value of another argument of the same call.'),
);

/** How one argument must compare: every operator given must hold. */
export const ComparisonSchema = v.pipe(
  v.strictObject({
    lt: v.optional(v.pipe(Operand, v.description("A number below this."))),
    lte: v.optional(v.pipe(Operand, v.description("A number at most this."))),
    gt: v.optional(v.pipe(Operand, v.description("A number above this."))),
    gte: v.optional(v.pipe(Operand, v.description("A number at least this."))),
    oneOf: v.optional(v.pipe(v.array(json), v.description("One of these values."))),
    pattern: v.optional(
      v.pipe(str("A regular expression (JavaScript syntax) a string argument must match somewhere."), v.maxLength(500)),
    ),
  }),
  v.description(
    "How an argument must compare: `lt`, `lte`, `gt`, `gte` (numbers), `oneOf`, `pattern`; all given must hold.",
  ),
);

const ResultSchema = v.pipe(
  v.strictObject({
    when: v.optional(
      v.pipe(
        v.strictObject({
          args: v.optional(
            v.pipe(jsonObject, v.description("Only for a call whose arguments have these values (others may differ).")),
          ),
          compare: v.optional(
            v.pipe(
              v.record(v.string(), ComparisonSchema),
              v.description(
                'Only for a call whose arguments compare so, by argument: `{"pages": {"gt": 50}}`, `{"end": {"lt": {"arg": "start"}}}`.',
              ),
            ),
          ),
          changed: v.optional(str("Only once this input file has been changed by a tool.")),
          attempt: v.optional(
            v.pipe(
              v.number(),
              v.integer(),
              v.minValue(1),
              v.description(
                "Only for the tool's n-th execution in the run (1 for the first), counted as the host starts them.",
              ),
            ),
          ),
        }),
        v.description("When this result applies; the first result whose `when` holds (or that has none) is the one."),
      ),
    ),
    readFile: v.optional(
      str(
        "The argument that names an input file: the result is that file's content, and the file counts as read; a file not in the input is an error result `not_found`.",
      ),
    ),
    returns: v.optional(
      v.pipe(json, v.description("The result's content: a string as it is, any other JSON value as JSON text.")),
    ),
    text: v.optional(
      v.pipe(
        TextSchema,
        v.description(
          "The result's content as text, in one language for all or by language code (as any text of the file); in place of `returns`.",
        ),
      ),
    ),
    error: v.optional(v.pipe(v.boolean(), v.description("The result is an error result (the tool failed)."))),
    lost: v.optional(
      v.pipe(
        v.literal(true),
        v.description(
          "The tool did the work (its `changes` happen, its result is kept in the tool's record) but the answer never reaches the host, which sees a timeout error instead. A later call under the same operation id is answered from the tool's record, and changes nothing again.",
        ),
      ),
    ),
    reads: v.optional(
      v.pipe(v.array(str("An input file.")), v.description("Input files this result counts as read (evidence).")),
    ),
    changes: v.optional(
      v.pipe(
        v.record(v.string(), str("The file's new content.")),
        v.description("Input files this result changes, with their new content: a simulated write."),
      ),
    ),
    seconds: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0),
        v.maxValue(FIGURE_LIMITS.seconds),
        v.description(
          "How long the tool takes to return this result, in seconds (default 0: at once). The host starts a turn's approved calls as it checks them and takes their results as they finish: a quicker call's result comes back first, even when its call was proposed later; calls that take as long come back in the order proposed. The result's reads and changes happen when it comes back.",
        ),
      ),
    ),
  }),
  v.description("What the tool does for a call: exactly one of `readFile`, `returns` and `text`."),
);

/** A tool's own words for a refusal by one check. */
const refusalText = (rule: RefusalRule) =>
  v.optional(v.pipe(TextSchema, v.description(`When the host refuses a call to this tool by ${rule}.`)));

const ToolSchema = v.strictObject({
  name: name("The tool's name, as the model calls it."),
  description: v.pipe(TextSchema, v.description("What the model is told the tool does.")),
  parameters: v.pipe(
    jsonObject,
    v.description(
      'The JSON Schema of its arguments, as declared to the model (`{"type": "object", …}`). The host checks a call against it: required properties present, no others when `additionalProperties` is false, each of its declared type.',
    ),
  ),
  scope: v.optional(
    v.pipe(
      v.strictObject({
        argument: str("The argument the scope is about."),
        within: v.optional(
          v.pipe(v.literal("project"), v.description("A relative path inside the project (no root, no `..`).")),
        ),
        oneOf: v.optional(v.pipe(v.array(v.string()), v.description("One of these values."))),
      }),
      v.description("What the host lets a call touch; a call outside it is refused (in_scope)."),
    ),
  ),
  effect: v.optional(
    v.pipe(
      v.union(
        [
          v.literal("reads"),
          v.strictObject({ writes: str("The input file it writes.") }),
          v.strictObject({
            sideEffect: v.pipe(TextSchema, v.description('What it does, in a few words: "sends the email".')),
          }),
        ],
        'expected "reads", {"writes": file} or {"sideEffect": text}',
      ),
      v.description(
        'What running it does to the world: `"reads"` (nothing changes), `{"writes": "ledger.txt"}` (it changes that file), or `{"sideEffect": "prints the label"}` (it acts outside the files: sends, prints, charges). A tool that writes or has a side effect counts as a write each time it runs (unless it answers from its record), whatever its result, and a call to it without an operation id is said to be unprotected from repeats. Left out: it writes when one of its results has `changes`; else what it does is not declared, and the figure says neither that it reads nor that it writes.',
      ),
    ),
  ),
  operationId: v.optional(
    str(
      "The argument that carries the action's operation id (idempotency key): the host replays a repeat and refuses the same id for a different action.",
    ),
  ),
  needsRead: v.optional(
    str("An input file a tool must have read before this one may run (the evidence a change needs)."),
  ),
  needs: v.optional(
    v.pipe(
      v.strictObject({
        tool: str("The tool whose successful result must come first."),
        sameArgs: v.optional(
          v.pipe(
            v.array(str("An argument both tools take.")),
            v.description("Arguments whose values that result's call must share with this call (default: none)."),
          ),
        ),
      }),
      v.description(
        'A successful result of another tool for the same values of these arguments must come first: `{"tool": "check_availability", "sameArgs": ["room", "slot"]}`; a call without it is refused (precondition).',
      ),
    ),
  ),
  refusals: v.optional(
    v.pipe(
      v.strictObject(
        Object.fromEntries(REFUSAL_RULES.map((rule) => [rule, refusalText(rule)])) as Record<
          RefusalRule,
          ReturnType<typeof refusalText>
        >,
      ),
      v.description(
        "What the host tells the model when it refuses a call to this tool, by the check that failed; the host's generic words for any left out.",
      ),
    ),
  ),
  mcp: v.optional(
    v.pipe(
      v.strictObject({ server: name("The MCP server's name.") }),
      v.description("The tool lives in an MCP server: the host asks it with a JSON-RPC tools/call (a fifth lane)."),
    ),
  ),
  results: v.pipe(
    v.array(ResultSchema),
    v.minLength(1, "expected at least one result"),
    v.maxLength(FIGURE_LIMITS.results),
    v.description(
      "What running it does, the first that applies; when none does, the result is an error result `no_result`.",
    ),
  ),
});

const CallSchema = v.strictObject({
  tool: v.pipe(v.string(), v.maxLength(64), v.description("The tool the model proposes to call.")),
  args: v.pipe(
    jsonObject,
    v.description("Its arguments. A string argument may be text by language (an object of strings by language code)."),
  ),
});

const TurnSchema = v.pipe(
  v.strictObject({
    calls: v.optional(
      v.pipe(
        v.array(CallSchema),
        v.minLength(1, "expected at least one call"),
        v.maxLength(FIGURE_LIMITS.callsPerTurn),
        v.description("The tool calls the model proposes at this model call (several: parallel calls)."),
      ),
    ),
    answer: v.optional(v.pipe(TextSchema, v.description("The model's final reply: it stops asking for tools."))),
  }),
  v.description(
    "What the model says at one model call: exactly one of `calls` and `answer`. Turn n is said at model call n; after the last, the last is said again.",
  ),
);

const CheckSchema = v.pipe(
  v.strictObject({
    fileRead: v.optional(str("A tool has read this input file.")),
    fileChanged: v.optional(str("A tool has changed this input file.")),
    resultOk: v.optional(str("This tool ran and returned a result that is not an error.")),
    allOk: v.optional(
      str("Every execution of this tool returned a result that is not an error, and it ran at least once."),
    ),
    resultIncludes: v.optional(
      v.pipe(
        v.strictObject({ tool: str("The tool."), text: str("Text its result contains.") }),
        v.description("This tool ran and one of its results that is not an error contains this text."),
      ),
    ),
    answerIncludes: v.optional(v.pipe(TextSchema, v.description("The model's final reply contains this text."))),
    count: v.optional(
      v.pipe(
        v.strictObject({
          writes: v.optional(str("Count the tools' writes to this input file.")),
          calls: v.optional(str("Count this tool's executions (a replay from the record is not one).")),
          succeeded: v.optional(
            str("Count this tool's executions whose result is not an error (a replay from the record is not one)."),
          ),
          exactly: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.description("Exactly this many."))),
          atMost: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.description("At most this many."))),
          atLeast: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.description("At least this many."))),
        }),
        v.description(
          'A count that must hold: one of `writes` (a file), `calls` and `succeeded` (a tool), with `exactly`, `atMost` and/or `atLeast`: `{"writes": "bookings.txt", "exactly": 1}`.',
        ),
      ),
    ),
  }),
  v.description("One thing the host checks in the environment: exactly one key."),
);

const ScenarioSchema = v.strictObject({
  task: v.pipe(TextSchema, v.description("The user's request, as the user types it.")),
  system: v.pipe(TextSchema, v.description("The host's system note at the head of the context.")),
  files: v.optional(
    v.pipe(
      v.record(v.string(), str("The file's fixed content.")),
      v.description("The fixed input: files by path, with their content."),
    ),
    {},
  ),
  tools: v.pipe(
    v.array(ToolSchema),
    v.maxLength(FIGURE_LIMITS.tools),
    v.description("The tools the host declares to the model and knows how to run."),
  ),
  host: v.pipe(
    v.strictObject({
      allow: v.optional(
        v.pipe(
          v.array(v.string()),
          v.description("The tools the host runs on its own authority (default: every declared tool)."),
        ),
      ),
      rules: v.optional(
        v.pipe(
          v.array(
            v.strictObject({
              tool: str("The tool the rule is about."),
              refuseWhen: v.pipe(
                v.record(v.string(), ComparisonSchema),
                v.description(
                  'Refuse a call whose arguments compare so, by argument (all must hold): `{"amount": {"gt": 100}}`.',
                ),
              ),
              refusal: v.pipe(
                TextSchema,
                v.description(
                  "What the host tells the model when the rule refuses a call, in one language or by language.",
                ),
              ),
            }),
          ),
          v.maxLength(FIGURE_LIMITS.tools),
          v.description(
            "The host's own rules on argument values, checked before a call runs (its `policy` check): the first rule a call breaks refuses it, in the rule's words.",
          ),
        ),
      ),
      feedBack: v.optional(
        v.pipe(
          v.boolean(),
          v.description("Append each call and its result to the context before the next model call (default true)."),
        ),
        true,
      ),
      maxModelCalls: v.pipe(
        v.number(),
        v.integer(),
        v.minValue(1),
        v.maxValue(FIGURE_LIMITS.maxModelCalls),
        v.description("The model-call budget."),
      ),
    }),
    v.description(
      "What the host does: which tools it runs on its own authority, whether it feeds results back, its budget.",
    ),
  ),
  model: v.pipe(
    v.array(TurnSchema),
    v.minLength(1, "expected at least one turn"),
    v.maxLength(FIGURE_LIMITS.turns),
    v.description("The scripted model's turns; the runner gives each proposed call its call_id: call_1, call_2, …"),
  ),
  done: v.pipe(
    v.array(CheckSchema),
    v.minLength(1, "expected at least one check"),
    v.description(
      "The host's check, once the model stops asking for tools, that the task is done: every check must hold.",
    ),
  ),
});

const RecordedSchema = v.strictObject({
  transcript: v.pipe(
    json,
    v.description("The run as saved: a JSON document in any format the import reads, or JSON Lines as one string."),
  ),
  format: v.optional(v.pipe(v.string(), v.description("Its format's id, when it should not be detected."))),
});

const StepMatchSchema = v.pipe(
  v.strictObject({
    kind: v.picklist([
      "task",
      "model_call",
      "proposal",
      "validation",
      "execution",
      "mcp_request",
      "mcp_response",
      "answer",
      "finish",
    ]),
    modelCall: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
    callId: v.optional(v.string()),
    tool: v.optional(
      v.pipe(
        v.string(),
        v.description("A validation, execution or MCP step of a call to this tool (in place of `callId`)."),
      ),
    ),
    refusedBy: v.optional(
      v.pipe(
        v.picklist(REFUSAL_RULES),
        v.description("A validation that refused its call by this check (with `tool`, or alone: any tool)."),
      ),
    ),
  }),
  v.description(
    "Which step: its kind; a model_call by `modelCall` (its number), a proposal, validation, execution or MCP step by `callId`, or a validation, execution or MCP step by `tool` (a validation also by `refusedBy`).",
  ),
);

const CheckpointSchema = v.strictObject({
  at: StepMatchSchema,
  question: str("The question, ending in a question mark: what happens next?"),
  options: v.pipe(
    v.array(
      v.strictObject({
        text: str("An option."),
        correct: v.optional(v.pipe(v.literal(true), v.description("The right option: exactly one has it."))),
      }),
    ),
    v.minLength(2, "expected at least two options"),
    v.maxLength(6, "expected at most six options"),
    v.description(
      "The options, exactly one of them right (3 or 4 read best). Each reader sees them in an order shuffled for them (the same on every visit); write each wrong one as long and as specific as the right one.",
    ),
  ),
  explanation: str("What the next step shows, revealed once the reader has chosen."),
});

const StorySchema = v.strictObject({
  name: v.optional(str("The figure's name in a picker (default: its title).")),
  kicker: v.optional(
    str('The line above the title (default: the figure\'s own, "Animated figure" in English, "动态图解" in Chinese).'),
  ),
  title: str("The figure's title."),
  lesson: v.optional(str("The one sentence it teaches.")),
  input: v.optional(str("The fixed input, in words.")),
  captions: v.optional(
    v.pipe(
      v.array(
        v.strictObject({
          when: StepMatchSchema,
          text: str("The caption."),
          title: v.optional(
            v.pipe(
              str("The step's title in your words, in place of the generic one (a recorded run's steps, say)."),
              v.maxLength(200),
            ),
          ),
        }),
      ),
      v.maxLength(FIGURE_LIMITS.captions),
      v.description("Captions of the steps told in the figure's own words; the generic caption elsewhere."),
    ),
    [],
  ),
  checkpoints: v.optional(
    v.pipe(
      v.array(CheckpointSchema),
      v.maxLength(FIGURE_LIMITS.captions),
      v.description(
        "Questions to predict what happens next, each asked at the step its `at` names (shown when a page asks for checkpoints).",
      ),
    ),
  ),
  next: v.optional(
    v.pipe(
      v.array(
        v.strictObject({
          scenario: v.pipe(
            v.string(),
            v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "expected a built-in scenario's id"),
            v.description("A built-in scenario's id (its file's name without NN- and .json), e.g. out-of-order."),
          ),
          text: v.pipe(str("The link's words, saying what the reader will see there."), v.maxLength(120)),
        }),
      ),
      v.maxLength(4, "expected at most four links"),
      v.description(
        "Where to go on: built-in scenarios that take this lesson further, shown under the figure as links on the pages that can open them (the chapter page, embed.html, the web component).",
      ),
    ),
  ),
});

export const FigureFileSchema = v.strictObject({
  $schema: v.optional(v.pipe(v.string(), v.description("The JSON Schema this file is written against."))),
  figure: v.pipe(v.literal(FIGURE_VERSION), v.description("The figure file's version: 1.")),
  id: v.pipe(
    v.string(),
    v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "expected an id of lowercase letters, digits and - (at most 64)"),
    v.description("The figure's id: lowercase letters, digits and -."),
  ),
  scenario: v.optional(v.pipe(ScenarioSchema, v.description("A run the engine makes."))),
  recorded: v.optional(v.pipe(RecordedSchema, v.description("A run recorded elsewhere."))),
  course: v.optional(
    v.pipe(
      v.strictObject({
        mastery: v.optional(
          v.pipe(
            v.number("expected a number"),
            v.integer("expected a whole number"),
            v.minValue(0, "expected a score from 0 to 100"),
            v.maxValue(100, "expected a score from 0 to 100"),
            v.description(
              "The score (0–100, the share of checkpoints answered right) a learner needs to pass, written into an LMS package's manifest as its mastery score (default 60; the command's --mastery overrides it).",
            ),
          ),
        ),
      }),
      v.description("How a course grades the figure, where it is graded (an LMS package)."),
    ),
  ),
  story: v.optional(
    v.pipe(
      v.strictObject(
        Object.fromEntries(LANGS.map((lang) => [lang, v.optional(StorySchema)])) as Record<
          Lang,
          v.OptionalSchema<typeof StorySchema, undefined>
        >,
      ),
      v.description("The story by language code; a language without one tells the steps in the generic captions."),
    ),
  ),
});

/** A figure file, as valibot has read it. */
export type FigureFile = v.InferOutput<typeof FigureFileSchema>;
export type FigureScenario = v.InferOutput<typeof ScenarioSchema>;
/** A scenario as written, defaults left out: what a built-in's file holds before (or without) the reader. */
export type FigureScenarioInput = v.InferInput<typeof ScenarioSchema>;
/** A story as written, defaults left out. */
export type FigureStoryInput = v.InferInput<typeof StorySchema>;
export type FigureTool = FigureScenario["tools"][number];
export type FigureResult = FigureTool["results"][number];
export type FigureTurn = FigureScenario["model"][number];
export type FigureCheck = FigureScenario["done"][number];
export type FigureStory = v.InferOutput<typeof StorySchema>;
export type Text = v.InferOutput<typeof TextSchema>;
export type Comparison = v.InferOutput<typeof ComparisonSchema>;
