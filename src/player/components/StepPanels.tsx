/**
 * The full panels under the stage (Context, Call ID, Tool result), every step's frame for print, and the figure's
 * own drawer: a chunk of their own, which the figure asks for as it first renders, so that none of it weighs on the
 * page's first load (./LazyPanels.tsx places them; the pre-rendered HTML already shows them).
 */
import {
  Fragment,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { FigureText, LaterLabels } from "../../content";
import {
  callText,
  type JsonValue,
  type Message,
  type Step,
  type TokenSums,
  type ToolDeclaration,
  type ToolResult,
  type Trace,
  tokenSums,
} from "../../engine";
import { useCatalog } from "../catalog";
import { createContextFold } from "../dom/context-fold";
import { useLater } from "../later";
import { CONTEXT_PAGE, LONG_RUN, LONG_TEXT, WINDOW_AT } from "../limits";
import { prefersReducedMotion } from "../motion";
import { OverviewContext } from "../notes";
import { usePlayer } from "../store/context";
import type { PlayerState } from "../store/createPlayerStore";
import { CallIdChip } from "./Chip";
import { FormatSwitch } from "./FormatSwitch";
import { RunOverview } from "./RunOverview";
import { HostChecks, McpMessage, MessageItem, ResultText } from "./StepParts";

const asRecord = (value: JsonValue | undefined): Readonly<Record<string, JsonValue>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Readonly<Record<string, JsonValue>>)
    : {};

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
  const later = useLater();
  return props.children === null ? <p className="alf-empty">{later.noneYet}</p> : <p>{props.children}</p>;
}

/** The latest tool result the model has in its context (the first `end` messages), if any: what is in play once no call is. */
function latestResult(messages: readonly Message[], end: number): ToolResult | null {
  for (let i = end - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message?.role === "tool") return message;
  }
  return null;
}

/** What the context line says at `step`: what a model call adds, or how large the context last given is. */
function contextLine(step: Step, sums: TokenSums, later: LaterLabels): string {
  const total = sums.upTo(step.contextEnd);
  const unrecorded = sums.unrecordedUpTo(step.contextEnd);
  return step.kind === "model_call"
    ? later.contextAdded(step.contextEnd - step.appendedFrom, total - sums.upTo(step.appendedFrom), total, unrecorded)
    : later.contextSize(total, unrecorded);
}

/**
 * The longest context line of a short trace (what a model call adds, or the context's size), whose room the line
 * keeps at every step. A long run (over the diagram's windowing length) reserves none: it would need the token
 * totals of its whole transcript up front.
 */
function longestContextLine(trace: Trace, later: LaterLabels): string {
  if (trace.steps.length > WINDOW_AT) return "";
  const sums = tokenSums(trace.messages);
  let longest = "";
  for (const step of trace.steps) {
    const line = contextLine(step, sums, later);
    if (line.length > longest.length) longest = line;
  }
  return longest;
}

/**
 * What this model call adds to the context, with an estimate of its tokens (and of the whole context); at other
 * steps, the size of the context the model last received. Always laid out, so nothing moves.
 */
function ContextSize(props: { step: Step; sums: TokenSums; reserve: string }) {
  const { step, sums, reserve } = props;
  const later = useLater();
  return (
    <>
      {/* Over an invisible copy of the trace's longest line (data-reserve), so no step is taller than another. */}
      <p
        className="alf-context-size"
        data-empty={step.contextEnd === 0 ? "" : undefined}
        data-reserve={reserve === "" ? undefined : reserve}
      >
        <span>{contextLine(step, sums, later)}</span>
      </p>
    </>
  );
}

/** A provider's request body in the context panel: its code loads when a reader first picks a format. */
const WireView = lazy(() => import("./WireView").then((module) => ({ default: module.WireView })));

const selectShort = (s: PlayerState) => s.trace.steps.length <= LONG_RUN;

/**
 * The figure's own drawer, closed at first: the request format the context is shown in, and how tokens are counted;
 * for a run no longer than a screen (a built-in lesson), its overview too (a longer run's is open above the stage).
 * A find given with such a run opens the drawer on it.
 */
export function FigureTools() {
  const later = useLater();
  const short = usePlayer(selectShort);
  const { notes, find } = useContext(OverviewContext);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (short && find !== undefined && find !== "") setOpened(true);
  }, [short, find]);
  return (
    <details
      className="alf-drawer"
      open={opened || undefined}
      onToggle={(event) => event.currentTarget.open && setOpened(true)}
    >
      <summary>{short ? later.figureToolsOverview : later.figureTools}</summary>
      {/* Its code loads when the drawer is first opened. */}
      {short && opened ? <RunOverview notes={notes} open find={find} /> : null}
      <FormatSwitch />
      <p className="alf-token-note">{later.tokenMethod}</p>
    </details>
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
  const later = useLater();
  const { messages, tools } = props;
  const last = messages.slice(Math.max(0, messages.length - RESERVE_MESSAGES));
  return (
    <div className="alf-context-reserve" aria-hidden="true">
      <p className="alf-message alf-tools" hidden={tools.length === 0}>
        <span className="alf-role" data-text={later.toolsDeclared} />
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
  const later = useLater();
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
        heading={later.contextHeading}
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
            aria-label={later.contextHeading}
            tabIndex={0}
            ref={attachBox}
          >
            {step.contextEnd === 0 ? (
              <p className="alf-empty">{later.contextEmpty}</p>
            ) : format !== "neutral" ? (
              <div className="alf-context-content">
                <Suspense fallback={<p className="alf-empty">{later.wireLoading}</p>}>
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
                {/* Declared apart from the messages, as every provider's request has its own `tools` field (a run
                    whose record declares none has no such row: the summary says so). */}
                <p className="alf-message alf-tools" hidden={tools.length === 0}>
                  <span className="alf-role">{later.toolsDeclared}</span>
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
                          <code data-built-in="">{later.builtInTool(tool.name, tool.builtIn)}</code>
                        )}
                      </Fragment>
                    ))}
                  </span>
                </p>
                {from > 0 ? (
                  <button type="button" className="alf-button alf-button-small" onClick={() => setPages((n) => n + 1)}>
                    {later.earlierMessages(Math.min(from, CONTEXT_PAGE), from)}
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
                <span className="alf-settled" title={later.callIdEarlierTitle}>
                  {" "}
                  {later.callIdEarlier}
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

const selectTrace = (s: PlayerState) => s.trace;

/** Every step as a numbered frame with its panels: shown only when the page is printed. */
export function PrintSteps() {
  const text = useCatalog();
  const trace = usePlayer(selectTrace);
  return (
    <section className="alf-print" aria-hidden="true">
      <h3>{text.ui.printStepsHeading}</h3>
      <ol className="alf-print-steps">
        {trace.steps.map((step) => (
          <li key={step.number} className="alf-print-frame">
            <h4 className="alf-step-title">
              {step.number}. {text.stepTitle(step)} <span className="alf-print-lane">· {text.lanes[step.lane]}</span>
            </h4>
            <p className="alf-step-caption">{text.stepCaption(step, trace)}</p>
            <StepPanels step={step} tools={trace.tools} messages={trace.messages} />
          </li>
        ))}
      </ol>
    </section>
  );
}

const selectIndex = (s: PlayerState) => s.index;

/** The current step's panels, read from the store: what the stage shows, a moment after it first renders. */
function CurrentPanels() {
  const trace = usePlayer(selectTrace);
  const index = usePlayer(selectIndex);
  const later = useLater();
  const contextReserve = useMemo(() => longestContextLine(trace, later), [trace, later]);
  const step = trace.steps[index];
  if (step === undefined) return null;
  return <StepPanels step={step} tools={trace.tools} messages={trace.messages} contextReserve={contextReserve} />;
}

/** The module's one component, by part, so that one lazy load serves them all (./LazyPanels.tsx). */
export default function PanelsPart(props: { part: "current" | "print" | "tools" }) {
  switch (props.part) {
    case "current":
      return <CurrentPanels />;
    case "print":
      return <PrintSteps />;
    case "tools":
      return <FigureTools />;
  }
}
