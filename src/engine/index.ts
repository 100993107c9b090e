/**
 * The agent-loop engine: pure TypeScript, no DOM. Two parts share one error table:
 * the exact port of the chapter's teaching experiment, and a generic loop runner with its scenarios.
 */

export type { Lang, LoopErrorCode } from "./errors.ts";
export { LOOP_ERROR_MESSAGES, LOOP_ERRORS_EN, LOOP_ERRORS_ZH, LoopError } from "./errors.ts";
export type {
  ExperimentCall,
  ExperimentEvent,
  ExperimentProposal,
  ExperimentResult,
  ExperimentRun,
  ExperimentStatus,
  ExperimentTool,
  LoopState,
} from "./experiment.ts";
export { createLoopState, demoReport, Executor, fakeModel, runExperiment, selfTest } from "./experiment.ts";
export type { JsonObject, JsonValue } from "./json.ts";
export { readSettingModel, scriptedReplies } from "./models.ts";
export type { Environment, HostPolicy, ModelPolicy, ModelReply, Scenario } from "./runner.ts";
export { runScenario } from "./runner.ts";
export { claimedDoneScenario } from "./scenarios/claimed-done.ts";
export { experiment07Scenario } from "./scenarios/experiment-07.ts";
export { F22_FILES, f22Scenario } from "./scenarios/f22.ts";
export { idempotentReplayScenario } from "./scenarios/idempotent-replay.ts";
export type { ScenarioId } from "./scenarios/index.ts";
export { DEFAULT_SCENARIO_ID, isScenarioId, SCENARIO_IDS, scenarioById } from "./scenarios/index.ts";
export { longRunScenario } from "./scenarios/long-run.ts";
export { missingFeedbackScenario } from "./scenarios/missing-feedback.ts";
export { scopeViolationScenario } from "./scenarios/scope-violation.ts";
export { unauthorizedToolScenario } from "./scenarios/unauthorized-tool.ts";
export {
  approxMessageTokens,
  approxTokens,
  callText,
  messageText,
  teachingTokens,
  tokenPrefixSums,
} from "./tokens.ts";
export type { ToolDefinition, ToolOutput } from "./tools.ts";
export { isProjectPath, MemoryFiles, readFileTool } from "./tools.ts";
export type {
  AnswerStep,
  CheckResult,
  Counters,
  Edge,
  ExecutionStep,
  FileState,
  FileStatus,
  FinishStep,
  Lane,
  Message,
  MessagePart,
  ModelCallStep,
  Outcome,
  ProposalStep,
  Step,
  StepKind,
  TaskStep,
  ToolCall,
  ToolDeclaration,
  ToolResult,
  Trace,
  ValidationCheck,
  ValidationRule,
  ValidationStep,
  Verdict,
} from "./trace.ts";
export {
  appendedOf,
  contextOf,
  FILE_STATES,
  feedsFirstResult,
  filesAt,
  LANES,
  OUTCOMES,
  TRACE_VERSION,
} from "./trace.ts";
