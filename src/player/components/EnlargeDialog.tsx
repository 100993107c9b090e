import { type ReactNode, useEffect, useRef } from "react";

/** The figure inside the dialog: where focus belongs whenever nothing inside has it. */
const figureIn = (dialog: HTMLElement) => dialog.querySelector<HTMLElement>(".alf-figure");

const TABBABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Wrap Tab and Shift+Tab at the dialog's first and last controls. The native modal would let Tab leave for
 * the browser's own UI — and, in an iframe embed, for the host page while the modal is still open.
 */
function wrapTab(dialog: HTMLElement, event: React.KeyboardEvent): void {
  // Only what is rendered: a panel or a drawer the frame hides holds no stop of the Tab order.
  const tabbable = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.getClientRects().length,
  );
  const [first, last] = [tabbable[0], tabbable.at(-1)];
  if (first === undefined || last === undefined) return;
  const active = document.activeElement;
  // The <dialog> element itself is not one of its controls: from there, Tab starts at the ends.
  const lost = active === dialog || !dialog.contains(active);
  if (event.shiftKey && (active === first || lost)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || lost)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog around a second view of the figure (which carries its own Close button). The native modal
 * <dialog> makes the rest of the page inert and closes on Escape; we wrap Tab at its ends, make sure a click on
 * its backdrop or padding leaves the keys with the figure, and hand focus back to the opener.
 */
export function EnlargeDialog(props: {
  open: boolean;
  label: string;
  onClose: () => void;
  /** Ask the browser for full screen as it opens (only on the reader's gesture: a link cannot). */
  fullscreen?: boolean;
  returnFocusTo: React.RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const { open, onClose, returnFocusTo, fullscreen = false } = props;
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null || !open) return;
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", ""); // environments without <dialog> support (jsdom)
    figureIn(dialog)?.focus();
    // Full screen where the browser allows it (an iframe needs allow="fullscreen"); else the dialog fills the page.
    if (fullscreen && typeof dialog.requestFullscreen === "function") dialog.requestFullscreen().catch(() => {});
    const opener = returnFocusTo.current;
    return () => {
      const { ownerDocument } = dialog;
      if (ownerDocument.fullscreenElement === dialog) ownerDocument.exitFullscreen().catch(() => {});
      if (typeof dialog.close === "function" && dialog.open) dialog.close();
      else dialog.removeAttribute("open");
      opener?.focus();
    };
  }, [open, returnFocusTo, fullscreen]);

  return (
    <dialog
      ref={ref}
      className="alf-dialog"
      aria-label={props.label}
      onKeyDown={(event) => {
        if (event.defaultPrevented) return;
        if (event.key === "Tab") wrapTab(event.currentTarget, event);
        else if (event.key === "Escape") {
          // Also where <dialog> has no cancel event of its own (jsdom).
          event.preventDefault();
          onClose();
        }
      }}
      onCancel={(event) => {
        event.preventDefault(); // close through React state, so the effect above restores focus
        onClose();
      }}
      onMouseDown={(event) => {
        // A press on the backdrop or the dialog's own padding targets the <dialog>, which would take focus from
        // the figure (and the arrow keys with it). Keep focus where it is, or give it to the figure.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        if (!event.currentTarget.contains(document.activeElement) || document.activeElement === event.currentTarget) {
          figureIn(event.currentTarget)?.focus();
        }
      }}
    >
      {open ? props.children : null}
    </dialog>
  );
}
