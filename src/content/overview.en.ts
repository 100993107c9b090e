import type { OverviewLabels } from "./types";

/** A count as this language writes it. */
const count = (n: number): string => n.toLocaleString("en");

/** The overview's rows, by what they mark. */
const OVERVIEW_KINDS = {
  error: "Tool errors",
  refused: "Refused",
  stopped: "Cancelled or aborted",
  warning: "Warnings",
  retry: "Retries",
  compaction: "Compactions",
  note: "Notes",
} as const;

/**
 * The English words of a run's overview (its strip, jumps, Find and summary: src/player/dom/run-overview.ts), loaded
 * with the overview's code: ./types.ts, `OverviewLabels`.
 */
export const overview = {
  heading: "Run overview",
  glance: (calls, tools, problems) =>
    `${count(calls)} model call${calls === 1 ? "" : "s"} · ${count(tools)} tool call${tools === 1 ? "" : "s"} · ${
      problems === 0 ? "no problems" : `${count(problems)} problem${problems === 1 ? "" : "s"}`
    }`,
  position: "Position in the run",
  positionText: (step, steps, round, rounds, kinds) =>
    `Step ${count(step)} of ${count(steps)}, round ${count(round)} of ${count(rounds)}${
      kinds.length === 0 ? "" : `: ${kinds.map((kind) => OVERVIEW_KINDS[kind].toLowerCase()).join(", ")}`
    }`,
  kinds: OVERVIEW_KINDS,
  rounds: "Rounds",
  matches: "Found",
  problemGroup: "Problem",
  prevProblem: "Previous problem",
  nextProblem: "Next problem",
  roundGroup: "Round",
  prevRound: "Previous round",
  nextRound: "Next round",
  toolGroup: (name) => (name === null ? "Same tool" : `${name} calls`),
  prevTool: (name) => `Previous call of ${name}`,
  nextTool: (name) => `Next call of ${name}`,
  keys: "Keys: P / Shift+P problem, R / Shift+R round, T / Shift+T same tool, F find",
  find: "Find",
  findPlaceholder: "Find: tool, call id, text",
  findCount: (at, total) => (at === 0 ? `${count(total)} found` : `${count(at)} of ${count(total)}`),
  findNone: "Not found",
  findSearching: "Finding…",
  summary: "Summary",
  modelCalls: (n) => `${count(n)} model call${n === 1 ? "" : "s"}`,
  toolCalls: (n) => `${count(n)} tool call${n === 1 ? "" : "s"}:`,
  toolCount: (name, n) => `${name} ×${count(n)}`,
  moreTools: (n) => `and ${count(n)} more tool${n === 1 ? "" : "s"}`,
  errorsBy: (by, n) =>
    ({
      tool: `${count(n)} tool error${n === 1 ? "" : "s"} (the tool ran and failed)`,
      host: `${count(n)} call${n === 1 ? "" : "s"} refused by the host`,
      user: `${count(n)} call${n === 1 ? "" : "s"} denied by the user`,
      unsaid: `${count(n)} error result${n === 1 ? "" : "s"}, who made ${n === 1 ? "it" : "them"} not recorded`,
    })[by],
  kindCount: (kind, n) => `${OVERVIEW_KINDS[kind]}: ${count(n)}`,
  noProblems: "No errors, refusals or warnings",
  ended: (outcome) => `Ended: ${outcome}`,
} as const satisfies OverviewLabels;
