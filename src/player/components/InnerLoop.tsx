import { useEffect, useId, useMemo, useRef } from "react";
import { callText, type Step, teachingTokens } from "../../engine";
import { useLater } from "../later";

/** Seconds between two tokens appearing, and the most the whole reply may take. */
const TOKEN_GAP = 0.06;
const MAX_SPAN = 1.5;

/** What the model writes out at a step, if it is a model step: its tool calls, or its reply. */
function modelOutput(step: Step): string | null {
  if (step.kind === "proposal") return step.calls.map(callText).join(" ");
  if (step.kind === "answer") return step.text;
  return null;
}

/**
 * The inner loop: inside one model call, the reply generated token by token (a short fixed tokenization), apart
 * from the outer loop of tool rounds the diagram draws. Shown only while switched on; its room is the same at
 * every step. The tokens fade in one after another by a CSS animation, each with its own delay (a motion
 * component per token would cost an animation controller each, and a reply can have hundreds); instant under
 * reduced motion (player.css).
 */
export function InnerLoop(props: { step: Step }) {
  const { step } = props;
  const later = useLater();
  const headingId = useId();
  const output = modelOutput(step);
  const tokens = useMemo(() => (output === null ? [] : teachingTokens(output)), [output]);
  // A reply still streaming in (a live run) grows at the same step: its new tokens follow one another from now, and
  // those already shown keep no delay (a finished fade stays finished).
  const seen = useRef([-1, 0]);
  const base = seen.current[0] === step.number ? (seen.current[1] ?? 0) : 0;
  useEffect(() => {
    seen.current = [step.number, tokens.length];
  });
  const gap = Math.min(TOKEN_GAP, MAX_SPAN / Math.max(1, tokens.length - base));
  return (
    <section className="alf-inner" aria-labelledby={headingId}>
      <h4 id={headingId} className="alf-panel-heading">
        {later.innerLoopHeading}
      </h4>
      <p className="alf-inner-note">{output === null ? later.innerLoopIdle : later.innerLoopNote(tokens.length)}</p>
      {output === null ? null : (
        // A new list per step, so the tokens appear afresh.
        <ol key={step.number} className="alf-tokens" aria-label={later.innerLoopTokens}>
          {tokens.map((token, i) => (
            // Set from script (CSSOM), never in server HTML: the pages' CSP refuses style attributes in markup.
            // biome-ignore lint/suspicious/noArrayIndexKey: tokens repeat; their order is fixed
            <li key={i} style={{ animationDelay: `${(Math.max(0, i - base) * gap).toFixed(3)}s` }}>
              {/^\s+$/.test(token) ? "␣" : token}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
