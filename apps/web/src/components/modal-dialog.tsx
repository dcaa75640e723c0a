import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
  /**
   * Where focus goes on closing when it holds an element still in the page (what opened the
   * dialog may be gone after it did its work: a revoked seat's Revoke button, say).
   */
  returnFocus?: { readonly current: HTMLElement | null };
}

/**
 * A real modal on the native <dialog>: the page behind is inert, Escape closes it, Tab cycles inside, focus starts
 * inside and goes back to what opened it. A click on the backdrop closes it too.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  closeLabel,
  children,
  returnFocus,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  function handleClose(event: SyntheticEvent<HTMLDialogElement>) {
    // The close event comes a task after the dialog closed: opened again meanwhile (Escape, then
    // Enter at once on what opened it), it stays open and keeps its focus.
    if (event.currentTarget.open) return;
    // What opened the dialog may be gone (the Login button, once signed in): then the content.
    const target = returnFocus?.current;
    if (target?.isConnected) target.focus();
    else if (opener.current instanceof HTMLElement && opener.current.isConnected)
      opener.current.focus();
    else document.getElementById('main-content')?.focus({ preventScroll: true });
    opener.current = null;
    onClose();
  }

  // The browser would let Tab leave a modal for its own toolbar; keep it cycling inside.
  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    const tabbable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE));
    const first = tabbable[0];
    const last = tabbable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function handleBackdropClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) onClose();
  }

  return (
    // The dialog element handles Escape itself; this click handler only catches the backdrop.
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onClose={handleClose}
      // Escape closes the dialog at once: the state says so at once too (not a task later, when
      // an Enter on what opened it would have found it still "open" and done nothing).
      onCancel={onClose}
      onClick={handleBackdropClick}
      onKeyDown={handleKeyDown}
    >
      <div className="modal__panel">
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button modal__close"
            aria-label={closeLabel}
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </dialog>
  );
}
