import { dismissToast, useToasts } from './toasts';

/** The toasts, newest on top; a collapsed one shows how many it stands for. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div className="toaster" role="status" aria-live="polite">
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
