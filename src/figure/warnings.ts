/**
 * What a figure file may say and still play, but likely does not mean: shown beside the figure (the authoring
 * page, the CLI's stderr), never fatal. A tool declared to the model that the host never allows and the model
 * never proposes teaches nothing; a tool that runs with its effect undeclared is said to do nothing in particular;
 * a story's caption or checkpoint whose step is in no step of the run is never shown.
 */

import type { Lang } from "../content/languages";
import { type StepMatch, stepMatches } from "../content/types";
import { isPlainObject, type Trace } from "../engine";
import type { PathProblem } from "./check";
import type { FigureFile } from "./schema";
import { storyIn } from "./story";

/** JSON Schema keywords the host does not check (it checks types, required fields, `additionalProperties` and `enum`). */
const UNENFORCED = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minItems",
  "maxItems",
  "multipleOf",
] as const;

/** The file's warnings, each at its path, for the run it made. */
export function figureWarnings(file: FigureFile, trace: Trace): PathProblem[] {
  const warnings: PathProblem[] = [];
  const scenario = file.scenario;
  if (scenario !== undefined) {
    const allowed = scenario.host.allow;
    const proposed = new Set(scenario.model.flatMap((turn) => (turn.calls ?? []).map((call) => call.tool)));
    const rules = scenario.host.rules ?? [];
    scenario.tools.forEach((tool, t) => {
      if (allowed !== undefined && !allowed.includes(tool.name) && !proposed.has(tool.name))
        warnings.push({
          path: ["scenario", "tools", t, "name"],
          message: `${tool.name} is declared to the model, but the host never allows it and the model never proposes it`,
        });
      // A constraint in the declared schema is a request to the model: the host checks types, required fields and
      // enum, not these, unless one of its rules (or the tool's scope) is about the argument.
      const properties = isPlainObject(tool.parameters.properties) ? tool.parameters.properties : {};
      for (const [argument, schema] of Object.entries(properties)) {
        if (!isPlainObject(schema)) continue;
        const checked =
          tool.scope?.argument === argument ||
          rules.some((rule) => rule.tool === tool.name && Object.hasOwn(rule.refuseWhen, argument));
        if (checked) continue;
        for (const key of UNENFORCED)
          if (Object.hasOwn(schema, key))
            warnings.push({
              path: ["scenario", "tools", t, "parameters", "properties", argument, key],
              message: `\`${key}\` is sent to the model, but no host rule enforces it: a call that breaks it runs (add a rule in \`host.rules\` to refuse it)`,
            });
      }
      // Left out, what a tool does is not declared unless a result changes a file: the figure then says nothing of it
      // (a print, a send, a charge would otherwise be taken for a read).
      if (
        tool.effect === undefined &&
        !tool.results.some((result) => result.changes !== undefined) &&
        trace.steps.some((step) => step.kind === "execution" && step.call.name === tool.name)
      )
        warnings.push({
          path: ["scenario", "tools", t, "name"],
          message: `what ${tool.name} does to the world is not declared, so the figure neither says it only reads nor counts it as a write: give it \`"effect": "reads"\` if it changes nothing, or \`{"sideEffect": …}\` for what it does`,
        });
      tool.results.forEach((result, r) => {
        if (result.error === true && result.changes !== undefined)
          warnings.push({
            path: ["scenario", "tools", t, "results", r, "changes"],
            message:
              "an error result that changes a file: the tool reports a failure, yet the change is made and counted as a write (for work done whose answer was lost, use `lost: true`)",
          });
      });
    });
    // A retry under an operation id whose first run came back as an error the tool did not mark lost: the host
    // keeps an operation's result only when it succeeded (issue 44's rule), so the tool runs again. A lesson written
    // before that rule expected the retry answered from the record: say so, and the form that gives that.
    scenario.tools.forEach((tool, t) => {
      const key = tool.operationId;
      if (key === undefined) return;
      const failed = new Map<string, string>(); // operation id → the call id whose error result it came back with
      for (const step of trace.steps) {
        if (step.kind !== "execution" || step.call.name !== tool.name) continue;
        const id = step.call.args[key];
        if (id === undefined) continue;
        const operation = JSON.stringify(id);
        const first = failed.get(operation);
        if (first !== undefined && step.fromRecord !== true) {
          warnings.push({
            path: ["scenario", "tools", t, "operationId"],
            message: `${step.call.callId} repeats operation id ${operation} after ${first} came back as an error, so the tool runs it again: the host keeps an operation's result only when it succeeded. If that first run did its work and only its answer failed (a timeout), give its result \`lost: true\`: the tool then answers the retry from its own record, as a lesson written before this rule expected`,
          });
          failed.delete(operation);
        } else if (step.toolResult?.status === "error" && step.lost !== true) failed.set(operation, step.call.callId);
        else failed.delete(operation);
      }
    });
    const finish = trace.steps.at(-1);
    scenario.done.forEach((check, i) => {
      const wanted = check.resultIncludes;
      if (wanted === undefined || finish?.kind !== "finish" || finish.checks?.[i]?.held !== false) return;
      const inError = trace.steps.some(
        (step) =>
          step.kind === "execution" &&
          step.toolResult?.name === wanted.tool &&
          step.toolResult.status === "error" &&
          step.toolResult.content.includes(wanted.text),
      );
      if (inError)
        warnings.push({
          path: ["scenario", "done", i, "resultIncludes"],
          message: `only an error result of ${wanted.tool} says this, and an error result does not count: the check does not hold`,
        });
    });
  }
  const matchesAStep = (when: StepMatch) => trace.steps.some((step) => stepMatches(step, when));
  for (const [lang, written] of Object.entries(file.story ?? {})) {
    if (written === undefined) continue;
    // The story as the player matches it: the same predicates, read the same way.
    const told = storyIn({ ...file, story: { [lang]: written } }, lang as Lang);
    told.captions.forEach((caption, i) => {
      if (!matchesAStep(caption.when))
        warnings.push({
          path: ["story", lang, "captions", i, "when"],
          message: "no step of this run is the one it names, so this caption is never shown",
        });
    });
    (told.checkpoints ?? []).forEach((checkpoint, i) => {
      if (!matchesAStep(checkpoint.at))
        warnings.push({
          path: ["story", lang, "checkpoints", i, "at"],
          message: "no step of this run is the one it names, so this question is never asked",
        });
    });
  }
  return warnings;
}
