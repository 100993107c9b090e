/**
 * What a step shows of its messages, calls, results and checks: the parts the stage's change box (loaded with the
 * figure) and the full panels below it (./StepPanels.tsx, loaded a moment later) both draw.
 */
import { useCallback, useState } from "react";
import type { ChangeKind } from "../../content";
import {
  callText,
  evidenceOf,
  type HostCheck,
  type McpRequestStep,
  type McpResponseStep,
  type Message,
  type MessagePart,
  type RecordedCheck,
  rpcOf,
  type Step,
  type ToolCall,
  type ToolResult,
} from "../../engine";
import { useCatalog } from "../catalog";
import { LONG_TEXT } from "../limits";
import { usePlayer } from "../store/context";
import type { PlayerState } from "../store/createPlayerStore";
import { CallIdChip } from "./Chip";

/** A message's text, cut when very long (imported transcripts can be huge), whole on request. Always text, never HTML. */
function LongText(props: { text: string }) {
  const { text } = props;
  const catalog = useCatalog();
  const [whole, setWhole] = useState(false);
  if (text.length <= LONG_TEXT) return <>{text}</>;
  return (
    <>
      {whole ? text : `${text.slice(0, LONG_TEXT)}…`}{" "}
      <button type="button" className="alf-button alf-button-small" onClick={() => setWhole(!whole)}>
        {whole ? catalog.ui.showLess : catalog.ui.showAll(text.length)}
      </button>
    </>
  );
}

const NO_CALLS: ReadonlyMap<string, ToolCall> = new Map();

export function ResultText(props: { result: ToolResult }) {
  const { result } = props;
  const text = useCatalog();
  return (
    <>
      <CallIdChip callId={result.callId} label={text.ui.threadLabel(result.callId)} />{" "}
      <code className="alf-result" data-status={result.status}>
        <LongText text={result.content} />
      </code>
      {result.replayed ? <span className="alf-tag"> {text.ui.replayed}</span> : null}
    </>
  );
}

function CallItem(props: { call: ToolCall }) {
  const { call } = props;
  const text = useCatalog();
  return (
    <span className="alf-call">
      <code>{callText(call)}</code> <CallIdChip callId={call.callId} label={text.ui.threadLabel(call.callId)} />
    </span>
  );
}

/**
 * One piece of a message that is more than its text (an imported transcript's): shown as what it is, in words
 * and a mark, never as markup — reasoning marked as the model's, a placeholder naming an image or a document, a
 * provider-run tool marked as the provider's (the host ran nothing).
 */
function PartItem(props: { part: MessagePart; calls: ReadonlyMap<string, ToolCall> }) {
  const { part, calls } = props;
  const text = useCatalog();
  const { ui } = text;
  switch (part.type) {
    case "text":
      return (
        <span className="alf-part">
          <LongText text={part.text} />
        </span>
      );
    case "tool_call": {
      const call = calls.get(part.callId);
      return call === undefined ? null : <CallItem call={call} />;
    }
    case "reasoning":
      return (
        <span className="alf-part" data-part="reasoning">
          <span className="alf-part-label">{ui.partReasoning}</span>{" "}
          {part.redacted ? <em>{ui.partRedacted}</em> : <LongText text={part.text} />}
        </span>
      );
    case "provider_tool":
      return (
        <span className="alf-part" data-part="provider">
          <span className="alf-part-label">{ui.partProviderTool(part.name)}</span> <code>{part.input}</code>
        </span>
      );
    case "provider_result":
      return (
        <span className="alf-part" data-part="provider">
          <span className="alf-part-label">{ui.partProviderResult(part.name)}</span>{" "}
          <code>
            <LongText text={part.content} />
          </code>
        </span>
      );
    case "media":
      return (
        <span className="alf-part" data-part="placeholder">
          [{ui.partMedia(part.media)}]
        </span>
      );
    case "refusal":
      return (
        <span className="alf-part" data-part="refusal">
          <span className="alf-part-label">{ui.partRefusal}</span> <LongText text={part.text} />
        </span>
      );
    case "other":
      return (
        <span className="alf-part" data-part="placeholder">
          [{ui.partOther(part.original)}]
        </span>
      );
    default: {
      const never: never = part;
      return never;
    }
  }
}

export function MessageItem(props: { message: Message; isNew: boolean; watch: (item: HTMLElement) => () => void }) {
  const { message, isNew, watch } = props;
  // A ref with a cleanup (React 19): the context fold counts the message while it is mounted.
  const watched = useCallback((item: HTMLLIElement | null) => (item === null ? undefined : watch(item)), [watch]);
  const text = useCatalog();
  let body: React.ReactNode;
  switch (message.role) {
    case "system":
    case "user":
      body =
        message.parts === undefined ? (
          <LongText text={message.content} />
        ) : (
          message.parts.map((part, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts never change or reorder
            <PartItem key={i} part={part} calls={NO_CALLS} />
          ))
        );
      break;
    case "assistant":
      if (message.parts !== undefined) {
        const calls = new Map(message.toolCalls.map((call) => [call.callId, call]));
        body = message.parts.map((part, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts never change or reorder
          <PartItem key={i} part={part} calls={calls} />
        ));
      } else {
        // The model's words beside its calls: "Let me look that up" is part of what the model said.
        body = (
          <>
            {message.content === null || message.content === "" ? null : (
              <span className="alf-part">
                <LongText text={message.content} />
              </span>
            )}
            {message.toolCalls.map((call) => (
              <CallItem key={call.callId} call={call} />
            ))}
          </>
        );
      }
      break;
    case "tool":
      body = <ResultText result={message} />;
      break;
    default: {
      const never: never = message;
      body = never;
    }
  }
  return (
    <li className="alf-message" data-role={message.role} data-new={isNew ? "true" : undefined} ref={watched}>
      <span className="alf-role">{text.roles[message.role]}</span>
      <span className="alf-message-body">
        {body}
        {isNew ? <span className="alf-new"> {text.ui.newInContext}</span> : null}
      </span>
    </li>
  );
}

const CHECK_MARKS = { passed: "✓", failed: "✗", not_applicable: "–" } as const;

/**
 * The host's checks on a proposed call, as a pass / fail list. Every step keeps the list's room (all rules,
 * invisible when no call is being checked), so a validation step never changes the figure's height.
 */
export function HostChecks(props: { step: Step }) {
  const { step } = props;
  const text = useCatalog();
  // The room of the longest list — every rule with the longest result word, so it wraps as a real one would —
  // always laid out, with the real list over it in the same grid cell.
  const longestResult = Object.values(text.checkResults).reduce((a, b) => (b.length > a.length ? b : a));
  return (
    <div className="alf-checks-cell">
      <ul className="alf-checks" aria-hidden="true" data-reserve="true">
        {Object.values(text.rules).map((rule) => (
          <li key={rule}>
            <span className="alf-check-mark">✓</span> {rule}
            {text.ui.ruleColon}
            {longestResult}
          </li>
        ))}
      </ul>
      {step.kind === "validation" ? (
        <ul className="alf-checks" aria-label={text.ui.checksHeading}>
          {step.checks.map((check) => (
            <li key={check.rule} data-result={check.result}>
              <span className="alf-check-mark" aria-hidden="true">
                {CHECK_MARKS[check.result]}
              </span>{" "}
              {text.rules[check.rule]}
              {text.ui.ruleColon}
              <span className="alf-check-result">{text.checkResults[check.result]}</span>
            </li>
          ))}
          {/* A replay stops at the operation id: the list says why nothing after it was checked or run. */}
          {step.verdict === "replayed" ? (
            <li data-result="replayed">
              <span className="alf-check-mark" aria-hidden="true">
                ↺
              </span>{" "}
              {text.ui.answeredFromRecord}
            </li>
          ) : null}
        </ul>
      ) : null}
      {step.kind === "finish" && step.checks !== undefined ? <DoneChecks checks={step.checks} /> : null}
      {step.kind === "finish" && step.recorded !== undefined ? (
        <RecordedChecks checks={step.recorded} claim={step.answer} />
      ) : null}
    </div>
  );
}

/**
 * The checks of the task a run's log records (an evaluation's scorers), beside the model's claim: the reply it ended
 * on, then each check as the log has it — who made it, the value it gave against the target, its verdict (a mark and
 * a word), the answer it read and its explanation.
 */
function RecordedChecks(props: { checks: readonly RecordedCheck[]; claim: string | null }) {
  const text = useCatalog();
  return (
    <div className="alf-recorded">
      {props.claim === null ? null : (
        <p className="alf-recorded-claim">
          {text.ui.changeHeadings.answer}
          {text.ui.ruleColon}
          <LongText text={props.claim} />
        </p>
      )}
      <ul
        className="alf-checks alf-done-checks"
        aria-label={text.ui.changeHeadings[props.checks[0]?.by === "reviewer" ? "reviewed" : "recorded"]}
      >
        {props.checks.map((check, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a log's checks never change or reorder
          <li key={i} data-result={check.passed === null ? "scored" : check.passed ? "passed" : "failed"}>
            <span className="alf-check-mark" aria-hidden="true">
              {check.passed === null ? "•" : check.passed ? CHECK_MARKS.passed : CHECK_MARKS.failed}
            </span>{" "}
            {text.ui.recordedCheck(check)}
            <span className="alf-check-result">{text.ui.recordedVerdict(check.passed)}</span>
            {check.answer === null ? null : (
              <span className="alf-recorded-detail">
                {text.ui.recordedAnswer}
                <LongText text={check.answer} />
              </span>
            )}
            {check.explanation === null ? null : (
              <span className="alf-recorded-detail">
                {text.ui.recordedExplanation}
                <LongText text={check.explanation} />
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

const selectSteps = (s: PlayerState) => s.trace.steps;

/** The tool a check is about, when the run never ran it (its failure is then that, not a wrong result); else null. */
function neverRan(check: HostCheck["check"], steps: readonly Step[]): string | null {
  const tool =
    check.kind === "resultOk" || check.kind === "allOk" || check.kind === "resultIncludes"
      ? check.tool
      : check.kind === "count"
        ? (check.calls ?? check.succeeded ?? null)
        : null;
  if (tool === null) return null;
  const ran = (step: Step) =>
    step.kind === "execution" &&
    step.call.name === tool &&
    (step.recordedCause === undefined || step.recordedCause === "tool" || step.recordedCause === "interrupted");
  return steps.some(ran) ? null : tool;
}

/**
 * The host's own checks at the finish, drawn as a checklist: each with whether it held and, where the run has one,
 * its evidence, the step whose result it is, with that step's call_id (its thread lights the step in the diagram).
 */
function DoneChecks(props: { checks: readonly HostCheck[] }) {
  const text = useCatalog();
  const steps = usePlayer(selectSteps);
  return (
    <ul className="alf-checks alf-done-checks" aria-label={text.ui.doneChecksHeading}>
      {props.checks.map(({ check, held }, i) => {
        const evidence = evidenceOf(check, steps);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a run's checks never change or reorder
          <li key={i} data-result={held ? "passed" : "failed"}>
            <span className="alf-check-mark" aria-hidden="true">
              {held ? CHECK_MARKS.passed : CHECK_MARKS.failed}
            </span>{" "}
            {text.ui.doneCheck(check)}
            <span className="alf-check-result">
              {text.ui.doneCheckHeld(held, held ? null : neverRan(check, steps))}
            </span>
            {evidence === null ? null : (
              <span className="alf-evidence">
                <span className="alf-evidence-at">{text.ui.evidenceAt(evidence.number)}</span>
                {evidence.callIds.map((id) => (
                  <span key={id}>
                    {" "}
                    <CallIdChip callId={id} label={text.ui.threadLabel(id)} />
                  </span>
                ))}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** An MCP hop's JSON-RPC message, with the id mapping the host keeps (its request id ↔ the model's call_id). */
export function McpMessage(props: { step: McpRequestStep | McpResponseStep }) {
  const { step } = props;
  const text = useCatalog();
  const id = rpcOf(step).id;
  return (
    <div className="alf-rpc">
      <p className="alf-rpc-mapping">{text.ui.rpcMapping(id, step.call.callId)}</p>
      <p className="alf-rpc-heading">{text.ui.rpcMessage(step.kind === "mcp_request" ? "request" : "response")}</p>
      {/* Exact JSON text, never HTML. */}
      <pre className="alf-wire alf-rpc-json">{JSON.stringify(step.rpc, null, 2)}</pre>
    </div>
  );
}

/** The newest of a model call's new messages the stage's box shows (a long run's call can add hundreds). */
const CHANGE_MESSAGES = 6;
const NO_WATCH = () => () => {};

/** What the stage's box shows of a step, and under which heading. */
function changeOf(step: Step): ChangeKind {
  switch (step.kind) {
    case "task":
      return "task";
    case "model_call":
      return "context";
    case "proposal":
      return "call";
    case "validation":
      return "checks";
    case "finish":
      return step.recorded === undefined ? "checks" : step.recorded[0]?.by === "reviewer" ? "reviewed" : "recorded";
    case "execution":
      return "result";
    case "answer":
      return "answer";
    case "mcp_request":
    case "mcp_response":
      return "rpc";
  }
}

/**
 * The one thing this step changed, in the stage beside (or under) the diagram: the messages landing in the model's
 * context at a model call, the proposed call, the host's check with each check's evidence, the tool's result, the
 * reply. Its box keeps one size at every step (the stylesheet's), and scrolls what does not fit.
 */
export function StepChange(props: { step: Step; messages: readonly Message[] }) {
  const { step, messages } = props;
  const text = useCatalog();
  const kind = changeOf(step);
  let body: React.ReactNode;
  switch (step.kind) {
    case "task":
    case "answer":
      body = (
        <p className="alf-change-text">
          <LongText text={step.kind === "task" ? step.request : step.text} />
        </p>
      );
      break;
    case "model_call": {
      const from = Math.max(step.appendedFrom, step.contextEnd - CHANGE_MESSAGES);
      body = (
        <>
          {from > step.appendedFrom ? <p className="alf-tag">{text.ui.earlierFold(from - step.appendedFrom)}</p> : null}
          <ol className="alf-messages" start={from + 1}>
            {messages.slice(from, step.contextEnd).map((message, offset) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the run's messages never reorder
              <MessageItem key={from + offset} message={message} isNew={true} watch={NO_WATCH} />
            ))}
          </ol>
        </>
      );
      break;
    }
    case "proposal":
      body = (
        <ul className="alf-change-calls">
          {step.calls.map((call) => (
            <li key={call.callId}>
              <CallItem call={call} />
            </li>
          ))}
        </ul>
      );
      break;
    case "validation":
    case "finish":
      // A recorded run's own check of the task (its scorers), beside the model's reply; else the host's checklist.
      body =
        step.kind === "finish" && step.recorded !== undefined ? (
          <RecordedChecks checks={step.recorded} claim={step.answer} />
        ) : (
          <HostChecks step={step} />
        );
      break;
    case "execution":
      body =
        step.toolResult === null ? null : (
          <p>
            <ResultText result={step.toolResult} />
          </p>
        );
      break;
    case "mcp_request":
    case "mcp_response":
      body = <McpMessage step={step} />;
      break;
  }
  return (
    <div className="alf-change-body" data-change={kind}>
      <h4 className="alf-panel-heading">{text.ui.changeHeadings[kind]}</h4>
      {body}
    </div>
  );
}
