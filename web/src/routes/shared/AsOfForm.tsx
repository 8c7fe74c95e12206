import { useState, type FormEvent } from 'react';
import { localInputValue } from '../../ui/dates';

interface AsOfFormProps {
  /** The moment shown (ISO, UTC), or null while the page shows the ordinary statement. */
  value: string | null;
  onChange: (iso: string | null) => void;
  /** What the buttons and the form say: the statement's by default. */
  labels?: { show: string; back: string; form: string };
}

const STATEMENT_LABELS = { show: 'Show balance', back: 'Back to statement', form: 'Balance as of a moment' };

/**
 * The statement's "As of" view: a date and time (the browser's zone, to the second) and a button;
 * the page then shows the balance at that moment and the rows up to it, until "Back to statement".
 */
export function AsOfForm({ value, onChange, labels = STATEMENT_LABELS }: AsOfFormProps) {
  const [draft, setDraft] = useState(() => (value ? localInputValue(new Date(value)) : ''));
  const [error, setError] = useState<string | null>(null);

  const apply = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    // A datetime-local value has no zone: the browser reads it as local time, as the person meant it.
    const moment = draft === '' ? null : new Date(draft);
    if (moment === null || Number.isNaN(moment.getTime())) return setError('Choose a date and time');
    setError(null);
    onChange(moment.toISOString());
  };

  return (
    <form className="filter-bar as-of-bar" onSubmit={apply} noValidate aria-label={labels.form}>
      <label className="field">
        <span>As of</span>
        <input
          type="datetime-local"
          name="asOf"
          step={1}
          value={draft}
          max={localInputValue(new Date())}
          onChange={(e) => setDraft(e.target.value)}
        />
      </label>
      <div className="filter-actions">
        <button type="submit" className="btn btn-primary">
          {labels.show}
        </button>
        {value !== null && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              setDraft('');
              setError(null);
              onChange(null);
            }}
          >
            {labels.back}
          </button>
        )}
      </div>
      {error !== null && (
        <p className="form-error filter-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
