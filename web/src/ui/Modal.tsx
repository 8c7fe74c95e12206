import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  /** A line under the title: whose account, what it holds now. */
  subtitle?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Wider for forms with two columns. */
  wide?: boolean;
}

/**
 * A modal dialog on the browser's own <dialog>: focus stays inside, Escape and the × close it,
 * and the page behind cannot be clicked.
 */
export function Modal({ title, subtitle, onClose, children, wide = false }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className={wide ? 'modal modal-wide' : 'modal'}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <header className="modal-head">
        <div>
          <h2 id={titleId}>{title}</h2>
          {subtitle !== undefined && <div className="modal-subtitle">{subtitle}</div>}
        </div>
        <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="modal-body">{children}</div>
    </dialog>
  );
}

/** A modal form's Cancel and submit buttons; the submit reads `busyLabel` while the form is sent. */
export function ModalActions({
  onCancel,
  busy,
  label,
  busyLabel,
}: {
  onCancel: () => void;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <div className="modal-actions">
      <button type="button" className="btn btn-outline" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
