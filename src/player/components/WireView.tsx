import { Fragment, useEffect, useMemo, useState } from "react";
import type { Message, Step, ToolDeclaration } from "../../engine";
import type { WireFormatId } from "../../formats";
import { useLater } from "../later";
import { CONTEXT_PAGE } from "../limits";
import { loadWire, type WireText } from "../wire-loader";
import { CallIdChip } from "./Chip";

/**
 * The context as the request a host would send in a provider's format: exact JSON, as text (never as HTML), with
 * every call_id drawn as a chip, so it pairs with the rest of the figure (and lights with its thread). The
 * emitters and the text's splitting load on first use (../wire-text.ts).
 */
export function WireView(props: {
  format: WireFormatId;
  step: Step;
  messages: readonly Message[];
  tools: readonly ToolDeclaration[];
  /** At most this many of the context's messages are written (a long context shows its newest). */
  limit: number;
  /** Show a page of earlier messages. */
  onEarlier: () => void;
}) {
  const { format, step, messages, tools, limit } = props;
  const later = useLater();
  const [wireText, setWireText] = useState<WireText | "failed" | null>(null);
  useEffect(() => {
    let live = true;
    loadWire().then(
      (loaded) => live && setWireText(() => loaded),
      () => live && setWireText("failed"),
    );
    return () => {
      live = false;
    };
  }, []);
  const pieces = useMemo(
    () => (typeof wireText === "function" ? wireText(format, { messages, tools }, step, limit) : null),
    [wireText, format, messages, tools, step, limit],
  );
  if (wireText === "failed") return <p className="alf-empty">{later.wireFailed}</p>;
  if (pieces === null) return <p className="alf-empty">{later.wireLoading}</p>;
  const { left, newest } = pieces;
  return (
    <>
      <p className="alf-wire-note">{later.wireNote[format]}</p>
      {left === 0 ? null : (
        <>
          <p className="alf-wire-note">{later.wireExcerpt(newest, step.contextEnd)}</p>
          <button type="button" className="alf-button alf-button-small" onClick={props.onEarlier}>
            {later.earlierMessages(Math.min(left, CONTEXT_PAGE), left)}
          </button>
        </>
      )}
      <pre className="alf-wire">
        <code>
          {pieces.pieces.map((piece, i) =>
            i % 2 === 1 ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed text, in order
              <Fragment key={i}>
                "<CallIdChip callId={piece} />"
              </Fragment>
            ) : (
              piece
            ),
          )}
        </code>
      </pre>
    </>
  );
}
