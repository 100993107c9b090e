/**
 * The rules of a figure file that no one field can say alone, checked once its shape is right: which of a
 * choice is given, and whether the names it uses are ones it defines (a tool named twice, an argument the tool
 * does not declare, a file that is not in the input). Each problem says where, as a path of keys.
 */
import { isPlainObject } from "../engine";
import type { Comparison, FigureFile, FigureScenario } from "./schema";

/** One problem: what is wrong, at which path in the file. */
export interface PathProblem {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

const oneOf = (object: object, keys: readonly string[]) =>
  keys.filter((key) => (object as Record<string, unknown>)[key] !== undefined);

/** A comparison of one argument (a result's `when.compare`, a host rule's `refuseWhen`): its names and pattern. */
function checkComparison(
  where: (string | number)[],
  argument: string,
  comparison: Comparison,
  toolName: string,
  properties: Readonly<Record<string, unknown>>,
  at: (path: (string | number)[], message: string) => void,
): void {
  const needArgument = (path: (string | number)[], name: string) => {
    if (!Object.hasOwn(properties, name)) at(path, `"${name}" is not among ${toolName}'s parameters' properties`);
  };
  needArgument(where, argument);
  if (Object.keys(comparison).length === 0)
    at(where, "expected at least one of `lt`, `lte`, `gt`, `gte`, `oneOf`, `pattern`");
  for (const key of ["lt", "lte", "gt", "gte"] as const) {
    const operand = comparison[key];
    if (typeof operand === "object") needArgument([...where, key, "arg"], operand.arg);
  }
  if (comparison.pattern !== undefined) {
    try {
      new RegExp(comparison.pattern, "u");
    } catch {
      at([...where, "pattern"], "not a valid regular expression");
    }
  }
}

function checkScenario(scenario: FigureScenario, problems: PathProblem[]): void {
  const at = (path: (string | number)[], message: string) => problems.push({ path: ["scenario", ...path], message });
  const files = new Set(Object.keys(scenario.files));
  const needFile = (path: (string | number)[], file: string) => {
    if (!files.has(file))
      at(path, `"${file}" is not an input file (files: ${[...files].map((f) => `"${f}"`).join(", ") || "none"})`);
  };
  const names = new Set<string>();
  const declared = new Map(scenario.tools.map((tool) => [tool.name, tool]));
  const propertiesOf = (parameters: Readonly<Record<string, unknown>>) =>
    isPlainObject(parameters.properties) ? parameters.properties : {};
  scenario.tools.forEach((tool, t) => {
    if (names.has(tool.name)) at(["tools", t, "name"], `a second tool named "${tool.name}"`);
    names.add(tool.name);
    const parameters = tool.parameters;
    if (parameters.type !== "object") at(["tools", t, "parameters"], 'expected a JSON Schema of type "object"');
    const properties = isPlainObject(parameters.properties) ? parameters.properties : {};
    const needArgument = (path: (string | number)[], argument: string) => {
      if (!Object.hasOwn(properties, argument))
        at(path, `"${argument}" is not among ${tool.name}'s parameters' properties`);
    };
    if (tool.scope !== undefined) {
      needArgument(["tools", t, "scope", "argument"], tool.scope.argument);
      if (tool.scope.within === undefined && tool.scope.oneOf === undefined)
        at(["tools", t, "scope"], "expected `within` or `oneOf`");
    }
    if (tool.operationId !== undefined) needArgument(["tools", t, "operationId"], tool.operationId);
    const effect = tool.effect;
    if (typeof effect === "object" && "writes" in effect) {
      needFile(["tools", t, "effect", "writes"], effect.writes);
      tool.results.forEach((result, r) => {
        for (const file of Object.keys(result.changes ?? {}))
          if (file !== effect.writes)
            at(
              ["tools", t, "results", r, "changes", file],
              `${tool.name} is declared to write "${effect.writes}" only`,
            );
      });
    }
    if (tool.needsRead !== undefined) needFile(["tools", t, "needsRead"], tool.needsRead);
    if (tool.needs !== undefined) {
      const needed = declared.get(tool.needs.tool);
      if (needed === undefined) at(["tools", t, "needs", "tool"], `"${tool.needs.tool}" is not a declared tool`);
      for (const [i, argument] of (tool.needs.sameArgs ?? []).entries()) {
        needArgument(["tools", t, "needs", "sameArgs", i], argument);
        if (needed !== undefined && !Object.hasOwn(propertiesOf(needed.parameters), argument))
          at(
            ["tools", t, "needs", "sameArgs", i],
            `"${argument}" is not among ${needed.name}'s parameters' properties`,
          );
      }
    }
    tool.results.forEach((result, r) => {
      const path = ["tools", t, "results", r];
      const given = oneOf(result, ["readFile", "returns", "text"]);
      if (given.length !== 1) at(path, "expected exactly one of `readFile`, `returns` and `text`");
      if (result.readFile !== undefined) {
        needArgument([...path, "readFile"], result.readFile);
        for (const key of oneOf(result, ["error", "reads", "changes", "lost"]))
          at([...path, key], "`readFile` decides the result itself: leave out `error`, `reads`, `changes` and `lost`");
      }
      if (result.changes !== undefined && tool.effect === "reads")
        at(
          [...path, "changes"],
          `${tool.name} is declared to only read (\`effect: "reads"\`), yet this result changes a file`,
        );
      if (result.lost === true && result.error === true)
        at([...path, "error"], "a lost result is the answer the tool gave and the host never got: leave out `error`");
      // The host keeps an operation's result once its call is done; a repeat checked while the first still runs
      // would find nothing to replay, and run twice.
      if (result.seconds !== undefined && result.seconds > 0 && tool.operationId !== undefined)
        at(
          [...path, "seconds"],
          "a tool with an `operationId` cannot take `seconds`: the host replays a repeat only from a call that has finished",
        );
      for (const [i, file] of (result.reads ?? []).entries()) needFile([...path, "reads", i], file);
      for (const file of Object.keys(result.changes ?? {})) needFile([...path, "changes", file], file);
      if (result.when?.changed !== undefined) needFile([...path, "when", "changed"], result.when.changed);
      for (const [argument, comparison] of Object.entries(result.when?.compare ?? {}))
        checkComparison([...path, "when", "compare", argument], argument, comparison, tool.name, properties, at);
    });
  });
  (scenario.host.rules ?? []).forEach((rule, i) => {
    const where = ["host", "rules", i];
    const tool = declared.get(rule.tool);
    if (tool === undefined) {
      at([...where, "tool"], `"${rule.tool}" is not a declared tool`);
      return;
    }
    const properties = propertiesOf(tool.parameters);
    const entries = Object.entries(rule.refuseWhen);
    if (entries.length === 0) at([...where, "refuseWhen"], "expected at least one argument to compare");
    for (const [argument, comparison] of entries)
      checkComparison([...where, "refuseWhen", argument], argument, comparison, tool.name, properties, at);
  });
  scenario.model.forEach((turn, i) => {
    if (oneOf(turn, ["calls", "answer"]).length !== 1) at(["model", i], "expected exactly one of `calls` and `answer`");
  });
  scenario.done.forEach((check, i) => {
    const given = oneOf(check, [
      "fileRead",
      "fileChanged",
      "resultOk",
      "allOk",
      "resultIncludes",
      "answerIncludes",
      "count",
    ]);
    if (given.length !== 1)
      at(
        ["done", i],
        "expected exactly one of `fileRead`, `fileChanged`, `resultOk`, `allOk`, `resultIncludes`, `answerIncludes` and `count`",
      );
    for (const [key, tool] of [
      ["resultOk", check.resultOk],
      ["allOk", check.allOk],
    ] as const)
      if (tool !== undefined && !declared.has(tool)) at(["done", i, key], `"${tool}" is not a declared tool`);
    if (check.count !== undefined) {
      const { count } = check;
      if (oneOf(count, ["writes", "calls", "succeeded"]).length !== 1)
        at(["done", i, "count"], "expected exactly one of `writes` (a file), `calls` and `succeeded` (a tool)");
      if (count.succeeded !== undefined && !declared.has(count.succeeded))
        at(["done", i, "count", "succeeded"], `"${count.succeeded}" is not a declared tool`);
      if (oneOf(count, ["exactly", "atMost", "atLeast"]).length === 0)
        at(["done", i, "count"], "expected `exactly`, `atMost` or `atLeast`");
      if (count.writes !== undefined) needFile(["done", i, "count", "writes"], count.writes);
      if (count.calls !== undefined && !declared.has(count.calls))
        at(["done", i, "count", "calls"], `"${count.calls}" is not a declared tool`);
    }
    if (check.fileRead !== undefined) needFile(["done", i, "fileRead"], check.fileRead);
    if (check.fileChanged !== undefined) needFile(["done", i, "fileChanged"], check.fileChanged);
  });
}

/** Every rule a well-shaped figure file can still break, with where. */
export function checkFigure(file: FigureFile): PathProblem[] {
  const problems: PathProblem[] = [];
  const given = oneOf(file, ["scenario", "recorded"]);
  if (given.length !== 1) problems.push({ path: [], message: "expected exactly one of `scenario` and `recorded`" });
  if (file.scenario !== undefined) checkScenario(file.scenario, problems);
  for (const [lang, story] of Object.entries(file.story ?? {})) {
    const steps = [
      ...(story?.captions ?? []).map((caption, i) => ({
        when: caption.when,
        path: ["story", lang, "captions", i, "when"],
      })),
      ...(story?.checkpoints ?? []).map((checkpoint, i) => ({
        when: checkpoint.at,
        path: ["story", lang, "checkpoints", i, "at"],
      })),
    ];
    for (const [i, checkpoint] of (story?.checkpoints ?? []).entries()) {
      const path = ["story", lang, "checkpoints", i];
      if (checkpoint.options.filter((option) => option.correct === true).length !== 1)
        problems.push({ path: [...path, "options"], message: 'expected exactly one option with "correct": true' });
      if (!/[?？]\s*$/.test(checkpoint.question))
        problems.push({ path: [...path, "question"], message: "expected a question, ending in ? (or ？)" });
    }
    for (const { when, path } of steps) {
      const { kind, modelCall, callId, tool, refusedBy } = when;
      const byCall = ["proposal", "validation", "execution", "mcp_request", "mcp_response"].includes(kind);
      const byTool = tool !== undefined || refusedBy !== undefined;
      if (byTool && (kind === "proposal" || !byCall || callId !== undefined || modelCall !== undefined))
        problems.push({
          path,
          message: "`tool` and `refusedBy` name a validation, execution or MCP step, in place of `callId`",
        });
      else if (refusedBy !== undefined && kind !== "validation")
        problems.push({ path, message: "`refusedBy` names a validation step" });
      else if (byTool) continue;
      else if (kind === "model_call" && (modelCall === undefined || callId !== undefined))
        problems.push({ path, message: "a model_call caption names its `modelCall` (1, 2, …), and no `callId`" });
      else if (byCall && (callId === undefined || modelCall !== undefined))
        problems.push({
          path,
          message: `a ${kind} caption names its \`callId\` (call_1, call_2, …), and no \`modelCall\``,
        });
      else if (!byCall && kind !== "model_call" && (callId !== undefined || modelCall !== undefined))
        problems.push({ path, message: `a ${kind} caption names neither \`modelCall\` nor \`callId\`` });
    }
  }
  return problems;
}
