import { copyText } from '../ui/clipboard';

/** A payee detail with its copy button ('Copied succesfull', SPEC.md section 8). */
export function CopyRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="copy-row">
      <dt>{label}</dt>
      <dd>
        <span className="mono">{value}</span>
        <button
          type="button"
          className="btn btn-sm btn-outline copy-button"
          onClick={() => void copyText(value)}
          aria-label={`Copy ${label}`}
        >
          Copy
        </button>
      </dd>
    </div>
  );
}
