/** A call_id, drawn the same everywhere it appears so the eye links proposal, check, result and context. */
export function CallIdChip(props: { callId: string }) {
  return <code className="alf-chip">{props.callId}</code>;
}
