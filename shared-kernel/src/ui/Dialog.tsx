import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('hidden'));
}

export interface DialogProps {
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
  /** What gets the focus when the dialog opens; by default its first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Extra keys (for example arrows in an image viewer). */
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** Extra class of the dialog's panel (`sk-dialog__panel`). */
  className?: string;
}

/**
 * A modal dialog (role="dialog", aria-modal) rendered over the page, at the end of <body>: the
 * focus moves into it and stays there (Tab and Shift+Tab cycle, the rest of the page is made
 * inert), Escape or a click on the backdrop closes it, and the focus returns to the element that
 * opened it. Mount it to open, unmount it to close.
 */
export function Dialog({ labelledBy, onClose, children, initialFocus, onKeyDown, className }: DialogProps) {
  const backdropRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const backdrop = backdropRef.current;
    const dialog = dialogRef.current;
    if (!backdrop || !dialog) return undefined;

    // The rest of the page can be neither focused nor read while the dialog is open.
    const outside = Array.from(document.body.children).filter(
      (el): el is HTMLElement => el instanceof HTMLElement && el !== backdrop && !el.hasAttribute('inert'),
    );
    outside.forEach((el) => el.setAttribute('inert', ''));
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    (initialFocus?.current ?? focusablesIn(dialog)[0] ?? dialog).focus();

    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusablesIn(dialog);
      if (items.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      const inside = active instanceof Node && dialog.contains(active);
      if (event.shiftKey && (!inside || active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onDocumentKeyDown);

    return () => {
      document.removeEventListener('keydown', onDocumentKeyDown);
      outside.forEach((el) => el.removeAttribute('inert'));
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
    // Opening is the mount (the initial focus is only read then); closing is the unmount.
  }, []);

  return createPortal(
    <div
      ref={backdropRef}
      className="sk-dialog"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={className ? `sk-dialog__panel ${className}` : 'sk-dialog__panel'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
