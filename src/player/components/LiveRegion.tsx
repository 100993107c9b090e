/** A visually hidden polite live region: its text changes once per step change, so it is announced once. */
export function LiveRegion(props: { message: string }) {
  return (
    <div className="alf-sr-only" aria-live="polite" aria-atomic="true">
      {props.message}
    </div>
  );
}
