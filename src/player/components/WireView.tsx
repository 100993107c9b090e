import { Fragment, useEffect, useMemo, useState } from "react";
import type { Catalog } from "../../content";
import type { Message, Step, ToolDeclaration, WireFormat } from "../../engine";
import { loadWire, type WireEmitter } from "../wire-loader";
import { CallIdChip } from "./Chip";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

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
  const [emit, setEmit] = useState<WireEmitter | "failed" | null>(null);
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
  const json = useMemo(
    () => (typeof emit === "function" ? JSON.stringify(emit(format, { messages, tools }, step), null, 2) : null),
    [emit, format, messages, tools, step],
  );
  const pieces = useMemo(() => {
    if (json === null) return [];
    const ids = new Set<string>();
    for (const m of messages.slice(0, step.contextEnd)) {
      if (m.role === "tool") ids.add(m.callId);
      else if (m.role === "assistant") for (const call of m.toolCalls) ids.add(call.callId);
    }
    if (ids.size === 0) return [json];
    const pattern = new RegExp(`"(${[...ids].map(escapeRegExp).join("|")})"`, "g");
    return json.split(pattern); // odd entries are the ids
  }, [json, messages, step.contextEnd]);
  if (emit === "failed") return <p className="alf-empty">{text.ui.wireFailed}</p>;
  if (json === null) return <p className="alf-empty">{text.ui.wireLoading}</p>;
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
