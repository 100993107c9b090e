import { type ReactNode, useEffect, useRef } from "react";

/**
 * A modal dialog around a second view of the figure. The native <dialog> keeps focus inside (the rest of the
 * page is inert), closes on Escape, and we hand focus back to the button that opened it.
 */
export function EnlargeDialog(props: {
  open: boolean;
  label: string;
  closeLabel: string;
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
        if (event.key === "Escape" && !event.defaultPrevented) {
          event.preventDefault();
          onClose();
        }
      }}
    >
      {open ? (
        <>
          <button type="button" className="alf-button alf-dialog-close" onClick={onClose}>
            {props.closeLabel}
          </button>
          {props.children}
        </>
      ) : null}
    </dialog>
  );
}
