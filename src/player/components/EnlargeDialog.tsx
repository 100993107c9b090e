import { type ReactNode, useEffect, useRef } from "react";

const TABBABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Wrap Tab and Shift+Tab around the dialog's own controls, so focus never leaves for the browser's UI. */
function keepTabInside(dialog: HTMLElement, event: React.KeyboardEvent): void {
  const tabbable = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)];
  const [first, last] = [tabbable[0], tabbable.at(-1)];
  if (first === undefined || last === undefined) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog around a second view of the figure (which carries its own Close button). The native <dialog> keeps focus inside (the rest of the
 * page is inert), closes on Escape, and we hand focus back to the button that opened it.
 */
export function EnlargeDialog(props: {
  open: boolean;
  label: string;
  onClose: () => void;
  returnFocusTo: React.RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const { open, onClose, returnFocusTo } = props;
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null || !open) return;
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", ""); // environments without <dialog> support (jsdom)
    dialog.querySelector<HTMLElement>(".alf-figure")?.focus();
    const opener = returnFocusTo.current;
    return () => {
      if (typeof dialog.close === "function" && dialog.open) dialog.close();
      else dialog.removeAttribute("open");
      opener?.focus();
    };
  }, [open, returnFocusTo]);

  return (
    <dialog
      ref={ref}
      className="alf-dialog"
      aria-label={props.label}
      onCancel={(event) => {
        event.preventDefault(); // close through React state, so the effect above restores focus
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.defaultPrevented) return;
        if (event.key === "Escape") {
          event.preventDefault();
          onClose();
        } else if (event.key === "Tab") {
          keepTabInside(event.currentTarget, event);
        }
      }}
    >
      {open ? props.children : null}
    </dialog>
  );
}
