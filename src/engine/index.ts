/**
 * The agent-loop engine: pure TypeScript, no DOM. Two parts share one error table:
 * the exact port of the chapter's teaching experiment, and a generic loop runner with its scenarios.
 */

export type { Lang, LoopErrorCode } from "./errors";
export { isLoopErrorCode, LOOP_ERROR_MESSAGES, LoopError } from "./errors";
export type {
  ExperimentCall,
  ExperimentEvent,
  ExperimentProposal,
  ExperimentResult,
  ExperimentRun,
  ExperimentStatus,
  ExperimentTool,
  LoopState,
} from "./experiment";
export { createLoopState, demoReport, Executor, fakeModel, runExperiment, selfTest } from "./experiment";
export type { JsonObject, JsonValue } from "./json";
export { readSettingModel, scriptedReplies } from "./models";
export type { HostPolicy, ModelPolicy, ModelReply, Scenario } from "./runner";
export { runScenario } from "./runner";
export { F22_FILES, f22Scenario } from "./scenarios/f22";
export type { ToolDefinition, ToolOutput } from "./tools";
export { isProjectPath, MemoryFiles, readFileTool } from "./tools";
export type {
  AnswerStep,
  Counters,
  Edge,
  ExecutionStep,
  FileState,
  FileStatus,
  FinishStep,
  Lane,
  Message,
  ModelCallStep,
  Outcome,
  ProposalStep,
  Step,
  StepKind,
  TaskStep,
  ToolCall,
  ToolResult,
  Trace,
  ValidationCheck,
  ValidationRule,
  ValidationStep,
  Verdict,
} from "./trace";
export { LANES } from "./trace";
