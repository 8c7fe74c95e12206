import { useLayoutEffect, useRef } from 'react';
import { dismissToast, useToasts } from './toasts';

/**
 * Keeps the toaster just under the sticky header, however tall the header is (on a phone its wallet
 * strip wraps to a second row with large figures, and a fixed offset put toasts over the balance).
 * Measured whenever the toasts change: the header of the page shown then, if it has one.
 */
function useUnderHeader(toaster: React.RefObject<HTMLDivElement | null>, shown: unknown): void {
  useLayoutEffect(() => {
    const header = document.querySelector<HTMLElement>('.topbar');
    if (header) toaster.current?.style.setProperty('--toaster-top', `${header.offsetHeight + 8}px`);
  }, [toaster, shown]);
}

/** The toasts, newest on top; a collapsed one shows how many it stands for. */
export function Toaster() {
  const toasts = useToasts();
  const ref = useRef<HTMLDivElement>(null);
  useUnderHeader(ref, toasts);
  return (
    <div ref={ref} className="toaster" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <span>{toast.message}</span>
          {toast.count > 1 && (
            <span className="toast-count" title={`${toast.count} of these`}>
              ×{toast.count}
            </span>
          )}
          <button type="button" className="toast-close" aria-label="Close" onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
