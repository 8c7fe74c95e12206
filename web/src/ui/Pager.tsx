import { useState, type FormEvent } from 'react';

interface PagerProps {
  /** Undefined until the first page has loaded. */
  pagination: { page: number; totalPages: number } | undefined;
  onPage: (page: number) => void;
}

/**
 * First, Previous, Next, Last and a go-to-page box that accepts only pages between 1 and the last
 * (SPEC.md sections 2 and 5); nothing while there is only one page.
 */
export function Pager({ pagination, onPage }: PagerProps) {
  if (pagination === undefined || pagination.totalPages <= 1) return null;
  return <PagerNav page={pagination.page} last={pagination.totalPages} onPage={onPage} />;
}

/** Its own component, so the go-to-page box starts empty each time the pager comes back. */
function PagerNav({ page, last, onPage }: { page: number; last: number; onPage: (page: number) => void }) {
  const [jump, setJump] = useState('');
  const [error, setError] = useState<string | null>(null);

  const go = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const n = Number(jump);
    if (!/^\d+$/.test(jump.trim()) || n < 1 || n > last) {
      setError(`Enter a page between 1 and ${last}`);
      return;
    }
    setError(null);
    setJump('');
    onPage(n);
  };

  return (
    <nav className="pager" aria-label="Pages">
      <div className="pager-buttons">
        <button type="button" className="btn btn-sm btn-outline" disabled={page <= 1} onClick={() => onPage(1)}>
          First
        </button>
        <button type="button" className="btn btn-sm btn-outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <span className="pager-status">
          Page <b>{page}</b> of <b>{last}</b>
        </span>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={page >= last}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
        <button type="button" className="btn btn-sm btn-outline" disabled={page >= last} onClick={() => onPage(last)}>
          Last
        </button>
      </div>
      <form className="pager-jump" onSubmit={go} noValidate>
        <label>
          <span>Go to page</span>
          <input
            name="goToPage"
            inputMode="numeric"
            value={jump}
            onChange={(e) => {
              setJump(e.target.value);
              setError(null);
            }}
            aria-invalid={error !== null}
          />
        </label>
        <button type="submit" className="btn btn-sm btn-primary" disabled={jump.trim() === ''}>
          Go
        </button>
        {error !== null && (
          <span className="pager-error" role="alert">
            {error}
          </span>
        )}
      </form>
    </nav>
  );
}
