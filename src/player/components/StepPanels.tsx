import { useEffect, useId, useRef } from "react";
import type { Catalog } from "../../content";
import type { Message, Step, ToolResult } from "../../engine";
import { CallIdChip } from "./Chip";

function ResultText(props: { result: ToolResult; text: Catalog }) {
  const { result, text } = props;
  return (
    <>
      <CallIdChip callId={result.callId} />{" "}
      <code className="alf-result" data-status={result.status}>
        {result.content}
      </code>
      {result.replayed ? <span className="alf-tag"> {text.ui.replayed}</span> : null}
    </>
  );
}

function MessageItem(props: { message: Message; text: Catalog; isNew: boolean }) {
  const { message, text, isNew } = props;
  let body: React.ReactNode;
  switch (message.role) {
    case "system":
    case "user":
      body = message.content;
      break;
    case "assistant":
      body = message.toolCalls.map((call) => (
        <span key={call.callId} className="alf-call">
          <code>
            {call.name}({JSON.stringify(call.args)})
          </code>{" "}
          <CallIdChip callId={call.callId} />
        </span>
      ));
      break;
    case "tool":
      body = <ResultText result={message} text={text} />;
      break;
    default: {
      const never: never = message;
      body = never;
    }
  }
  return (
    <li className="alf-message" data-role={message.role} data-new={isNew ? "true" : undefined}>
      <span className="alf-role">{text.roles[message.role]}</span>
      <span className="alf-message-body">
        {body}
        {isNew ? <span className="alf-new"> {text.ui.newInContext}</span> : null}
      </span>
    </li>
  );
}

/** One named panel: a section labelled by its heading. */
function Panel(props: { heading: string; className: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section className={`alf-panel ${props.className}`} aria-labelledby={id}>
      <h4 id={id} className="alf-panel-heading">
        {props.heading}
      </h4>
      {props.children}
    </section>
  );
}

/** The panel's value, or an explicit "none yet" when nothing is in play. */
function OrNoneYet(props: { text: Catalog; children: React.ReactNode }) {
  return props.children === null ? <p className="alf-empty">{props.text.ui.noneYet}</p> : <p>{props.children}</p>;
}

/** Context, Call ID, Tool result: what the model has been given, and what is in play at this step. */
export function StepPanels(props: { step: Step; text: Catalog }) {
  const { step, text } = props;
  // At a model call, the messages the host has just appended are what the model sees for the first time.
  const firstNew = step.kind === "model_call" ? step.context.length - step.appended.length : step.context.length;
  const contextBox = useRef<HTMLDivElement>(null);
  const messageCount = step.context.length;
  useEffect(() => {
    if (messageCount === 0) return;
    const frame = requestAnimationFrame(() => {
      const box = contextBox.current;
      if (box !== null && box.scrollHeight > box.clientHeight) box.scrollTop = box.scrollHeight;
    });
    return () => cancelAnimationFrame(frame);
  }, [messageCount]);
  return (
    <div className="alf-panels">
      <Panel heading={text.ui.contextHeading} className="alf-panel-context">
        {/* A box of fixed height that scrolls, newest message brought into view after the step has painted: the
            context grows from step to step, the figure does not. */}
        <div
          ref={contextBox}
          className="alf-context-scroll"
          role="group"
          aria-label={text.ui.contextHeading}
          tabIndex={0}
        >
          {step.context.length === 0 ? (
            <p className="alf-empty">{text.ui.contextEmpty}</p>
          ) : (
            <ol className="alf-messages">
              {step.context.map((message, i) => (
                // Messages never reorder: the context only grows, so the position is a stable key.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <MessageItem key={i} message={message} text={text} isNew={i >= firstNew} />
              ))}
            </ol>
          )}
        </div>
      </Panel>
      <Panel heading={text.ui.callIdHeading} className="alf-panel-call">
        <OrNoneYet text={text}>{step.callId === null ? null : <CallIdChip callId={step.callId} />}</OrNoneYet>
      </Panel>
      <Panel heading={text.ui.resultHeading} className="alf-panel-result">
        <OrNoneYet text={text}>
          {step.toolResult === null ? null : <ResultText result={step.toolResult} text={text} />}
        </OrNoneYet>
      </Panel>
    </div>
  );
}
