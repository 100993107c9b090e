/** Each built-in scenario's own narrative, in English. Step numbers are the engine's; tests/unit/stories.test.ts checks them. */
import type { ScenarioId } from "../engine";
import type { Story } from "./types";

export const STORIES_EN: Readonly<Record<ScenarioId, Story>> = {
  f22: {
    name: "F22: read timeout from config.txt",
    kicker: "Animated figure · F22",
    title: "One agent task, broken into the rounds that really happen",
    lesson:
      "The model only proposes a call; the host program checks and runs it, and hands the result back under the same call_id.",
    input:
      "config.txt always contains timeout=30; one read-only tool, read_file, is declared and allowed; a budget of 4 model calls.",
    captions: {},
  },
  "experiment-07": {
    name: "Experiment 07: read → patch → test",
    kicker: "Scenario · experiment 07",
    title: "The chapter's experiment: read, patch, test, and write once",
    lesson:
      "Every action passes the host's checks first: a patch needs the evidence of a read, only a passing test means done, and the run writes once.",
    input:
      "An in-memory toy-project (version toy:v1); tools read, patch and test, scope toy-project only, an operation id on every action; a budget of 6 model calls.",
    captions: {
      8: "A patch is a write. Besides form, permission and scope, the host checks the precondition: the read (op-1) has run, so the evidence is there and the patch may go ahead.",
      9: "The patch runs: one simulated write. The host records operation id op-2, so if op-2 arrives again for the same action it answers from the record and writes nothing.",
      13: "The tests pass. That is the environment's evidence, and it is what the host will judge the task by, not the model's words.",
      16: "The host checks the environment: the tests passed, so the task is complete. Same as the report of 07_agent_loop.py: final status completed, one simulated write.",
    },
  },
  "idempotent-replay": {
    name: "Idempotent replay: one operation id, twice",
    kicker: "Scenario · idempotent replay",
    title: "One operation, one write",
    lesson:
      "Duplicates are caught by operation id, not call_id: a repeated action gets the recorded result, and the same id for a different action is refused.",
    input:
      "The toy-project and tools of experiment 07; the model sends the op-2 patch twice, then sends op-2 with a different patch.",
    captions: {
      11: "The model sends the op-2 patch again with exactly the same arguments, as a client retrying after a lost response would. Its call_id is new (call_3): providers mint one per call, so a call_id cannot catch duplicates.",
      12: "The host looks up operation id op-2: this exact action has already run. It does not run the tool; it returns the recorded result, marked replayed, under this request's call_3. Still one simulated write.",
      14: "This time op-2 comes with a different patch. One operation id can stand for one action only.",
      15: "The host refuses: one operation id cannot stand for two different actions (an idempotency conflict). The tool does not run; the reason goes back to the model as call_4's error result.",
      22: "The tests pass and the task is complete: 6 model calls, 3 tool executions, and the patch written once. Neither the replay nor the conflict caused a second write.",
    },
  },
  "unauthorized-tool": {
    name: "Unauthorized tool: publish is refused",
    kicker: "Scenario · unauthorized tool",
    title: "The host refuses a tool it may not run, and the model adapts",
    lesson:
      "Whether a tool may run is the host's policy; a refusal is a result too, and goes back to the model under the same call_id.",
    input:
      "release-notes.md always contains v1.2: default timeout is now 30; read_file and publish are declared, only read_file is allowed in this run; a budget of 4 model calls.",
    captions: {
      3: "The model proposes publish. The host does declare that tool, but this run's policy does not let it publish on its own authority: this is only a proposal.",
      4: "The host refuses: publish is not on this run's allowed list. The tool does not run; the reason goes back to the model as call_1's error result (Anthropic marks it is_error: true in the tool_result).",
      5: "The host appends call_1's error result and calls the model again. Now the model knows the publish was refused, instead of assuming it happened.",
      6: "The model adapts: it asks to read release-notes.md instead (call_2), which is allowed.",
      11: "The host checks the environment: nothing was published. It reports the task as refused rather than taking the model's polite reply for done.",
    },
  },
  "scope-violation": {
    name: "Out of scope: reading ../secrets.txt",
    kicker: "Scenario · out of scope",
    title: "A read outside the project is stopped before it runs",
    lesson:
      "The host checks that arguments stay in scope before anything runs: the tool itself would do as it is told.",
    input:
      "The project holds only config.txt (timeout=30); one read-only tool, read_file, for paths inside the project; a budget of 3 model calls.",
    captions: {
      3: "The model proposes reading ../secrets.txt. The .. leads out of the project; the tool would simply read it, so the check has to happen in the host.",
      4: "The host refuses: the argument is out of scope. The tool does not run and no file is read; the reason goes back to the model as call_1's error result.",
      6: "The model tells the user plainly that it could not read the file, and makes nothing up.",
      7: "The host checks the environment: nothing was read, the task is not done, and the outcome is refused. The out-of-scope request was stopped before it ran.",
    },
  },
  "missing-feedback": {
    name: "Missing feedback: the model never sees the result",
    kicker: "Scenario · missing feedback",
    title: "A host that does not feed results back goes round in circles",
    lesson:
      "A tool having run does not mean the model knows: the result must go into the context under its call_id, or the model can only ask again.",
    input:
      "As in F22: config.txt contains timeout=30 and only read_file is allowed, but this host never appends tool results; a budget of 3 model calls.",
    captions: {
      5: "The tool reads timeout=30 and the host has the result, but this host never appends results to the context.",
      6: "Compare F22: there the host hands call_1's result to the model at this step; here it appends nothing, and the model still sees only the task and its own request. (Real APIs would reject this request outright: OpenAI wants a tool message for every tool_call_id, Anthropic a tool_result for every tool_use in the next message.)",
      7: "Without the result, all the model can do is ask for the read again, under a new call_id.",
      14: "After the third model call the budget is spent and the host stops: the file was read three times, the model never saw it once, and the task is not done.",
    },
  },
  "claimed-done": {
    name: "Claimed done: “done” without a test",
    kicker: "Scenario · claimed done",
    title: "The model saying done is not the environment being done",
    lesson:
      "No tool call only means the model stopped; whether the task is done is for the host to judge from evidence in the environment.",
    input:
      "The toy-project and tools of experiment 07; after patching, the model replies “done” without running the tests; a budget of 6 model calls.",
    captions: {
      11: "The model replies “done”, asks for no more tools and has not run the tests. With no tool call the loop stops, but “done” is only the model's claim.",
      12: "The host checks the environment: the patch was written, but there is no evidence of a passing test. The outcome is verification missing: the model saying done is not the environment being done.",
    },
  },
};
