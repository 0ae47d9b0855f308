"use client";
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";

/**
 * A modal dialog keeps the page behind it inert, but Tab past its last control leaves for the
 * browser's own UI: wrap around instead, so the focus stays in the dialog.
 */
export function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>("a[href], button:not(:disabled)")];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** One line of what will happen: a term and its value. */
export type ConfirmFact = { term: string; value: ReactNode };

/**
 * The console's one confirmation step before an action that moves money or cannot be undone: a
 * modal dialog (the app's own, not the browser's confirm()) that says what will happen, with
 * Cancel and a button naming the action. Open while `open` is true; Cancel, Escape and the
 * backdrop's inertness all leave without acting. The focus starts on Cancel, so an Enter held
 * from the form before it does not act, and goes back to the control that opened it.
 */
export function ConfirmDialog({
  open,
  title,
  facts,
  note,
  confirmLabel,
  danger = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  facts: ConfirmFact[];
  /** A sentence under the facts: a consequence the figures do not show. */
  note?: ReactNode;
  /** The confirm button's text, naming the action ("Credit $25.00"). */
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const summaryId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Escape closes the dialog natively; tell the owner, so its state agrees. Focus goes back to
  // the opener (a confirmed action may have disabled it: then it stays where the browser puts it).
  const closed = () => {
    openerRef.current?.focus();
    if (open) onCancel();
  };

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      data-testid="confirm-dialog"
      onClose={closed}
      onKeyDown={keepFocusInside}
    >
      {open && (
        <div className="stack">
          <h2 id={titleId}>{title}</h2>
          <div id={summaryId} className="stack">
            <dl className="facts confirm-dialog-facts">
              {facts.map((fact) => (
                <div key={fact.term}>
                  <dt>{fact.term}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
            {note && <p className="small-text">{note}</p>}
          </div>
          <div className="row">
            <button type="button" className={danger ? "button danger small" : "button small"} onClick={onConfirm}>
              {confirmLabel}
            </button>
            <button ref={cancelRef} type="button" className="button ghost small" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
