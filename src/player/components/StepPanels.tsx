import {
  Fragment,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { ChangeKind, FigureText } from "../../content";
import {
  callText,
  evidenceOf,
  type HostCheck,
  type JsonValue,
  type McpRequestStep,
  type McpResponseStep,
  type Message,
  type MessagePart,
  rpcOf,
  type Step,
  type TokenSums,
  type ToolCall,
  type ToolDeclaration,
  type ToolResult,
  tokenSums,
} from "../../engine";
import { useCatalog } from "../catalog";
import { createContextFold } from "../dom/context-fold";
import { CONTEXT_PAGE, LONG_TEXT } from "../limits";
import { prefersReducedMotion } from "../motion";
import { usePlayer } from "../store/context";
import type { PlayerState } from "../store/createPlayerStore";
import { CallIdChip } from "./Chip";
import { FormatSwitch } from "./FormatSwitch";

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

const asRecord = (value: JsonValue | undefined): Readonly<Record<string, JsonValue>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Readonly<Record<string, JsonValue>>)
    : {};

function ResultText(props: { result: ToolResult }) {
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

function MessageItem(props: { message: Message; isNew: boolean; watch: (item: HTMLElement) => () => void }) {
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

/** One named panel: a section labelled by its heading. */
function Panel(props: {
  heading: string;
  className: string;
  changed: boolean;
  /** Beside the heading, on its line (the context's fold). */
  aside?: React.ReactNode;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section
      className={`alf-panel ${props.className}`}
      aria-labelledby={id}
      data-changed={props.changed ? "" : undefined}
    >
      <h4 id={id} className="alf-panel-heading">
        {props.heading}
      </h4>
      {props.aside}
      {props.children}
    </section>
  );
}

/** Which panel a step changes: the one presenter mode shows beside the diagram. */
const CHANGED_PANEL: Readonly<Record<Step["kind"], "context" | "call" | "result">> = {
  task: "context",
  model_call: "context",
  proposal: "call",
  validation: "call",
  mcp_request: "call",
  mcp_response: "call",
  execution: "result",
  answer: "context",
  finish: "call",
};

/** The panel's value, or an explicit "none yet" when nothing is in play. */
function OrNoneYet(props: { children: React.ReactNode }) {
  const text = useCatalog();
  return props.children === null ? <p className="alf-empty">{text.ui.noneYet}</p> : <p>{props.children}</p>;
}

/** The latest tool result the model has in its context (the first `end` messages), if any: what is in play once no call is. */
function latestResult(messages: readonly Message[], end: number): ToolResult | null {
  for (let i = end - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message?.role === "tool") return message;
  }
  return null;
}

const CHECK_MARKS = { passed: "✓", failed: "✗", not_applicable: "–" } as const;

/**
 * The host's checks on a proposed call, as a pass / fail list. Every step keeps the list's room (all rules,
 * invisible when no call is being checked), so a validation step never changes the figure's height.
 */
function HostChecks(props: { step: Step }) {
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
    (step.recordedCause === undefined || step.recordedCause === "tool");
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

/**
 * What this model call adds to the context, with an estimate of its tokens (and of the whole context); at other
 * steps, the size of the context the model last received. Always laid out, so nothing moves.
 */
/** What the context line says at `step`: what a model call adds, or how large the context last given is. */
export function contextLine(step: Step, sums: TokenSums, text: FigureText): string {
  const total = sums.upTo(step.contextEnd);
  return step.kind === "model_call"
    ? text.ui.contextAdded(step.contextEnd - step.appendedFrom, total - sums.upTo(step.appendedFrom), total)
    : text.ui.contextSize(total);
}

function ContextSize(props: { step: Step; sums: TokenSums; reserve: string }) {
  const { step, sums, reserve } = props;
  const text = useCatalog();
  return (
    <>
      {/* Over an invisible copy of the trace's longest line (data-reserve), so no step is taller than another. */}
      <p
        className="alf-context-size"
        data-empty={step.contextEnd === 0 ? "" : undefined}
        data-reserve={reserve === "" ? undefined : reserve}
      >
        <span>{contextLine(step, sums, text)}</span>
      </p>
    </>
  );
}

/** A provider's request body in the context panel: its code loads when a reader first picks a format. */
const WireView = lazy(() => import("./WireView").then((module) => ({ default: module.WireView })));

/** The figure's own drawer, closed at first: the request format the context is shown in, and how tokens are counted. */
export function FigureTools() {
  const text = useCatalog();
  return (
    <details className="alf-drawer">
      <summary>{text.ui.figureTools}</summary>
      <FormatSwitch />
      <p className="alf-token-note">{text.ui.tokenMethod}</p>
    </details>
  );
}

/** An MCP hop's JSON-RPC message, with the id mapping the host keeps (its request id ↔ the model's call_id). */
function McpMessage(props: { step: McpRequestStep | McpResponseStep }) {
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

/** How many of the run's last messages size the context box (more than its cap ever shows). */
const RESERVE_MESSAGES = 12;
/** What a step up through the context keeps of what was in view (px): the reader keeps their place. */
const FOLD_OVERLAP = 48;

/** A message as one line of plain text, for the box's reserve: its role's words and its body's, new mark included. */
function reserveText(message: Message, text: FigureText): string {
  let body: string;
  switch (message.role) {
    case "system":
    case "user":
      body = message.content;
      break;
    case "assistant":
      body = `${message.content ?? ""} ${message.toolCalls.map((call) => `${callText(call)} ${call.callId}`).join(" ")}`;
      break;
    case "tool":
      body = `${message.callId} ${message.content}`;
      break;
    default: {
      const never: never = message;
      body = never;
    }
  }
  return `${body.slice(0, LONG_TEXT + 20)} ${text.ui.newInContext}`;
}

/**
 * The room of the run's largest context (its last messages), laid out invisibly under the real one in the same grid
 * cell: the box is as tall as the context it will hold (up to its cap), at every step, so it grows to its content
 * without moving anything as the context grows. The words are CSS generated content (data-text): no second copy of
 * any text is in the document.
 */
function ContextReserve(props: { messages: readonly Message[]; tools: readonly ToolDeclaration[] }) {
  const text = useCatalog();
  const { messages, tools } = props;
  const last = messages.slice(Math.max(0, messages.length - RESERVE_MESSAGES));
  return (
    <div className="alf-context-reserve" aria-hidden="true">
      <p className="alf-message alf-tools">
        <span className="alf-role" data-text={text.ui.toolsDeclared} />
        <span className="alf-message-body" data-text={tools.map((tool) => `${tool.name}(…)`).join("  ")} />
      </p>
      <ol className="alf-messages">
        {last.map((message, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the run's messages never reorder
          <li key={i} className="alf-message">
            <span className="alf-role" data-text={text.roles[message.role]} />
            <span className="alf-message-body" data-text={reserveText(message, text)} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Messages whose token arithmetic one idle slice does. */
const FILL_SLICE = 2000;

/**
 * A long run's token totals computed ahead, in idle time, a slice at a time: the reader who jumps to the end
 * then finds them done, and no task does them all at once.
 */
function useIdleFill(sums: TokenSums, count: number) {
  useEffect(() => {
    if (count <= FILL_SLICE) return;
    const idle = typeof requestIdleCallback === "function";
    let handle = 0;
    const slice = () => {
      if (!sums.fill(FILL_SLICE)) handle = idle ? requestIdleCallback(slice) : window.setTimeout(slice, 20);
    };
    handle = idle ? requestIdleCallback(slice) : window.setTimeout(slice, 20);
    return () => (idle ? cancelIdleCallback(handle) : window.clearTimeout(handle));
  }, [sums, count]);
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
    case "finish":
      return "checks";
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
      body = <HostChecks step={step} />;
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

/** Context, Call ID, Tool result: what the model has been given, and what is in play at this step. */
const selectFormat = (s: PlayerState) => s.format;

export function StepPanels(props: {
  step: Step;
  tools: readonly ToolDeclaration[];
  messages: readonly Message[];
  /** The trace's longest context line, whose room the line keeps at every step ("" for none). */
  contextReserve?: string;
}) {
  const { step, tools, messages } = props;
  const text = useCatalog();
  const format = usePlayer(selectFormat);
  const sums = useMemo(() => tokenSums(messages), [messages]);
  useIdleFill(sums, messages.length);
  // A long context mounts only its newest messages (the box shows the newest first anyway); the reader can ask
  // for earlier ones, a page at a time.
  const [pages, setPages] = useState(1);
  const from = Math.max(0, step.contextEnd - pages * CONTEXT_PAGE);
  const shown = messages.slice(from, step.contextEnd);
  // Once no call is in play (the model has answered), the last exchange is still what the context holds.
  const shownResult = step.toolResult ?? latestResult(messages, step.contextEnd);
  // At the end, calls still waiting for a result are what is in play; else the last exchange.
  const shownCallIds =
    step.callIds.length > 0
      ? step.callIds
      : step.kind === "finish" && step.pendingCallIds.length > 0
        ? step.pendingCallIds
        : shownResult === null
          ? []
          : [shownResult.callId];
  const settled = step.callIds.length === 0 && !(step.kind === "finish" && step.pendingCallIds.length > 0);
  // At a model call, the messages the host has just appended are what the model sees for the first time.
  const firstNew = step.kind === "model_call" ? step.appendedFrom : step.contextEnd;
  const changed = CHANGED_PANEL[step.kind];
  // Messages above what the box shows are counted (../dom/context-fold.ts) and said: never hidden silently.
  const [above, setAbove] = useState(0);
  const [fold] = useState(() => createContextFold(setAbove));
  const box = useRef<HTMLDivElement | null>(null);
  const attachBox = useCallback(
    (element: HTMLDivElement | null) => {
      box.current = element;
      return element === null ? undefined : fold.attach(element, 0);
    },
    [fold],
  );
  const folded = format === "neutral" && step.contextEnd > 0 ? above + from : 0;
  const foldButton = useRef<HTMLButtonElement>(null);
  // Whether the fold's label has the focus: it keeps it until a blur React sees (one during a commit is not seen).
  const foldFocused = useRef(false);
  // The label hides once nothing is above, and the browser then drops its focus (during React's commit, unseen):
  // the focus goes to the box it was about.
  useLayoutEffect(() => {
    if (folded !== 0 || !foldFocused.current) return;
    foldFocused.current = false;
    const active = document.activeElement;
    if (active === null || active === document.body || active === foldButton.current) box.current?.focus();
  }, [folded]);
  const unfold = () => {
    const element = box.current;
    if (above === 0 || element === null) {
      setPages((n) => n + 1);
      return;
    }
    element.scrollBy({
      top: -(element.clientHeight - FOLD_OVERLAP),
      behavior: prefersReducedMotion() ? "auto" : "smooth",
    });
  };
  return (
    <div className="alf-panels">
      <Panel
        heading={text.ui.contextHeading}
        className="alf-panel-context"
        changed={changed === "context"}
        aside={
          // On the heading's line, always laid out (hidden when nothing is above): it never covers a message.
          format === "neutral" ? (
            <button
              type="button"
              className="alf-fold"
              ref={foldButton}
              onClick={unfold}
              onFocus={() => {
                foldFocused.current = true;
              }}
              onBlur={() => {
                foldFocused.current = false;
              }}
              hidden={folded === 0}
            >
              {text.ui.earlierFold(folded)}
            </button>
          ) : null
        }
      >
        {/* A box that scrolls, as tall as the run's largest context up to a cap (the reserve under it): the context
            grows from step to step, the figure does not. It is a reversed flex column, so it stays scrolled to its
            newest message with no script and no layout read (see player.css). */}
        <div className="alf-context-box">
          {/* In every format, so that choosing one never changes the figure's height. */}
          <ContextReserve messages={messages} tools={tools} />
          <div
            className="alf-context-scroll"
            role="group"
            aria-label={text.ui.contextHeading}
            tabIndex={0}
            ref={attachBox}
          >
            {step.contextEnd === 0 ? (
              <p className="alf-empty">{text.ui.contextEmpty}</p>
            ) : format !== "neutral" ? (
              <div className="alf-context-content">
                <Suspense fallback={<p className="alf-empty">{text.ui.wireLoading}</p>}>
                  <WireView
                    format={format}
                    step={step}
                    messages={messages}
                    tools={tools}
                    limit={pages * CONTEXT_PAGE}
                    onEarlier={() => setPages((n) => n + 1)}
                  />
                </Suspense>
              </div>
            ) : (
              <div className="alf-context-content">
                {/* Declared apart from the messages, as every provider's request has its own `tools` field. */}
                <p className="alf-message alf-tools">
                  <span className="alf-role">{text.ui.toolsDeclared}</span>
                  <span className="alf-message-body">
                    {/* Each declaration kept whole where it fits, a separator between them (read aloud too). */}
                    {tools.map((tool, i) => (
                      <Fragment key={tool.name}>
                        {i > 0 ? " · " : null}
                        {tool.builtIn === undefined ? (
                          <code>
                            {tool.name}({Object.keys(asRecord(tool.parameters.properties)).join(", ")})
                          </code>
                        ) : (
                          <code data-built-in="">{text.ui.builtInTool(tool.name, tool.builtIn)}</code>
                        )}
                      </Fragment>
                    ))}
                  </span>
                </p>
                {from > 0 ? (
                  <button type="button" className="alf-button alf-button-small" onClick={() => setPages((n) => n + 1)}>
                    {text.ui.earlierMessages(Math.min(from, CONTEXT_PAGE), from)}
                  </button>
                ) : null}
                <ol className="alf-messages" start={from + 1}>
                  {shown.map((message, offset) => (
                    // Messages never reorder: the context only grows, so the position is a stable key.
                    <MessageItem
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      key={from + offset}
                      message={message}
                      isNew={from + offset >= firstNew}
                      watch={fold.watch}
                    />
                  ))}
                </ol>
              </div>
            )}
          </div>
        </div>
        <ContextSize step={step} sums={sums} reserve={props.contextReserve ?? ""} />
      </Panel>
      <Panel heading={text.ui.callIdHeading} className="alf-panel-call" changed={changed === "call"}>
        <OrNoneYet>
          {shownCallIds.length === 0 ? null : (
            <>
              {shownCallIds.map((id) => (
                <CallIdChip key={id} callId={id} label={text.ui.threadLabel(id)} />
              ))}
              {/* No call in play: the last pair's ids are said to be an earlier step's, not this one's. */}
              {settled ? (
                <span className="alf-settled" title={text.ui.callIdEarlierTitle}>
                  {" "}
                  {text.ui.callIdEarlier}
                </span>
              ) : null}
            </>
          )}
        </OrNoneYet>
        <HostChecks step={step} />
        {step.kind === "mcp_request" || step.kind === "mcp_response" ? <McpMessage step={step} /> : null}
      </Panel>
      <Panel heading={text.ui.resultHeading} className="alf-panel-result" changed={changed === "result"}>
        <OrNoneYet>{shownResult === null ? null : <ResultText result={shownResult} />}</OrNoneYet>
      </Panel>
    </div>
  );
}
