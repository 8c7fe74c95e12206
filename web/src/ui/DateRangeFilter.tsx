import type { ReactNode } from 'react';
import type { DateRange, DateRangeDraft } from './use-date-range';

/** A filter form's Submit and Reset (and any more buttons), with the form's message under them. */
export function FilterActions({
  onReset,
  error,
  children,
}: {
  onReset: () => void;
  error: string | null;
  children?: ReactNode;
}) {
  return (
    <>
      <div className="filter-actions">
        <button type="submit" className="btn btn-primary">
          Submit
        </button>
        <button type="button" className="btn btn-outline" onClick={onReset}>
          Reset
        </button>
        {children}
      </div>
      {error !== null && (
        <p className="form-error filter-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** From/To date inputs (SPEC.md section 9), then any more fields given as children. */
export function DateRangeFilter<D extends DateRange>({
  range,
  children,
}: {
  range: DateRangeDraft<D>;
  children?: ReactNode;
}) {
  const { draft, setDraft } = range;
  return (
    <form className="filter-bar" onSubmit={range.apply} noValidate>
      <label className="field">
        <span>From</span>
        <input
          type="date"
          name="from"
          value={draft.from}
          max={draft.to || undefined}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
      </label>
      <label className="field">
        <span>To</span>
        <input
          type="date"
          name="to"
          value={draft.to}
          min={draft.from || undefined}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
      </label>
      {children}
      <FilterActions onReset={range.reset} error={range.error} />
    </form>
  );
}
