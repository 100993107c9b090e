/**
 * The agent-loop engine: pure TypeScript, no DOM. Two parts share one error table:
 * the exact port of the chapter's teaching experiment, and a generic loop runner with its scenarios.
 */

export { callTags, stepCallTags } from "./call-tags.ts";
export type { Defined } from "./defined.ts";
export { defined } from "./defined.ts";
export type { LoopErrorCode } from "./errors.ts";
export { HOST_REFUSALS, LOOP_ERROR_CODES, LOOP_ERROR_DEVELOPER_MESSAGES, LoopError } from "./errors.ts";
export type {
  ExperimentCall,
  ExperimentEvent,
  ExperimentProposal,
  ExperimentResult,
  ExperimentRun,
  ExperimentStatus,
  ExperimentTool,
  LoopState,
  ReportWords,
} from "./experiment.ts";
export { createLoopState, demoReport, Executor, fakeModel, runExperiment, selfTest } from "./experiment.ts";
export type { JsonObject, JsonValue } from "./json.ts";
export { deepEqual, isPlainObject } from "./json.ts";
export { longRunScenario } from "./long-run.ts";
export { readSettingModel, scriptedReplies, settingIn } from "./models.ts";
export type { Environment, HostPolicy, ModelPolicy, ModelReply, ProposedCall, Scenario } from "./runner.ts";
export { runScenario } from "./runner.ts";
export {
  approxMessageTokens,
  approxTokens,
  callText,
  messageText,
  type TokenSums,
  teachingTokens,
  tokenPrefixSums,
  tokenSums,
  unrecordedTexts,
} from "./tokens.ts";
export type { RunCall, RunningCall, ToolDefinition, ToolOutput } from "./tools.ts";
export { isProjectPath, MemoryFiles, readFileTool } from "./tools.ts";
export {
  proposedSoFar,
  shownResults,
  TOY_FILES,
  TOY_PROJECT,
  TOY_TOOLS,
  toyCall,
  toyTestsPassed,
} from "./toy-project.ts";
export type {
  AgentEnded,
  AnswerStep,
  CheckResult,
  Counters,
  DoneCheck,
  Edge,
  Evidence,
  ExecutionStep,
  FileState,
  FileStatus,
  FinishStep,
  HostCheck,
  IdMaker,
  Lane,
  McpRequestStep,
  McpResponseStep,
  Message,
  MessagePart,
  ModelCallStep,
  Outcome,
  ProposalStep,
  RecordedCause,
  RecordedCheck,
  Step,
  StepKind,
  StoppedCall,
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
  countUpTo,
  evidenceOf,
  FILE_STATES,
  type FileTimeline,
  feedsFirstResult,
  filesAt,
  fileTimeline,
  LANES,
  MCP_LANES,
  NOT_RECORDED,
  OUTCOMES,
  rpcOf,
  TRACE_VERSION,
  VALIDATION_RULES,
} from "./trace.ts";
