import { useState, type FormEvent } from 'react';

export interface DateRange {
  from: string;
  to: string;
}

/** A From/To filter: edited as a draft, applied on Submit once both dates are set and in order. */
export interface DateRangeDraft<D extends DateRange> {
  draft: D;
  setDraft: (draft: D) => void;
  error: string | null;
  apply: (event: FormEvent<HTMLFormElement>) => void;
  /** Back to `initial()`, applied at once. */
  reset: () => void;
}

/**
 * `initial` is called again on Reset, so "the last 7 days" ends today even on a page left open overnight.
 * `applied`, for a filter kept in the URL: the filter in force. The form opens on it and follows it when
 * it changes from outside (the back button, a link). `openEnded`: either date may be left empty (no bound).
 */
export function useDateRange<D extends DateRange>(
  initial: () => D,
  onApply: (range: D) => void,
  applied?: D,
  openEnded = false,
): DateRangeDraft<D> {
  const [draft, setDraft] = useState(applied ?? initial);
  const [error, setError] = useState<string | null>(null);
  const appliedKey = applied === undefined ? '' : JSON.stringify(applied);
  const [seen, setSeen] = useState(appliedKey);
  if (appliedKey !== seen) {
    setSeen(appliedKey);
    if (applied !== undefined) setDraft(applied);
    setError(null);
  }

  const apply = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!openEnded && (draft.from === '' || draft.to === '')) return setError('Choose both dates');
    if (draft.from !== '' && draft.to !== '' && draft.from > draft.to) return setError('From must be on or before To');
    setError(null);
    onApply(draft);
  };

  const reset = (): void => {
    const next = initial();
    setDraft(next);
    setError(null);
    onApply(next);
  };

  return { draft, setDraft, error, apply, reset };
}
