import { Fragment, useEffect, useMemo, useState } from "react";
import type { Catalog } from "../../content";
import type { Message, Step, ToolDeclaration, WireFormat } from "../../engine";
import { loadWire, type WireText } from "../wire-loader";
import { CallIdChip } from "./Chip";

/**
 * The context as the request a host would send in a provider's format: exact JSON, as text (never as HTML), with
 * every call_id drawn as a chip, so it pairs with the rest of the figure (and lights with its thread). The
 * emitters load on first use.
 */
export function WireView(props: {
  format: Exclude<WireFormat, "neutral">;
  step: Step;
  messages: readonly Message[];
  tools: readonly ToolDeclaration[];
  text: Catalog;
}) {
  const { format, step, messages, tools, text } = props;
  const [emit, setEmit] = useState<WireText | "failed" | null>(null);
  useEffect(() => {
    let live = true;
    loadWire().then(
      (loaded) => live && setEmit(() => loaded),
      () => live && setEmit("failed"),
    );
    return () => {
      live = false;
    };
  }, []);
  const pieces = useMemo(
    () => (typeof emit === "function" ? emit(format, { messages, tools }, step) : null),
    [emit, format, messages, tools, step],
  );
  if (emit === "failed") return <p className="alf-empty">{text.ui.wireFailed}</p>;
  if (pieces === null) return <p className="alf-empty">{text.ui.wireLoading}</p>;
  return (
    <>
      <p className="alf-wire-note">{text.ui.wireNote}</p>
      <pre className="alf-wire">
        <code>
          {pieces.map((piece, i) =>
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
