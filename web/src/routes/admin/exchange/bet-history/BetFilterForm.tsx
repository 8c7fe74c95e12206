import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchUserSuggestions } from '../../../../api/admin-betting-calls';
import { FilterActions } from '../../../../ui/DateRangeFilter';
import { showErrorToast } from '../../../../ui/toasts';
import { useDebouncedValue } from '../../../../ui/use-debounced-value';
import type { BetDraft } from './search';

const SUGGEST_DEBOUNCE_MS = 300;
const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** Why a draft cannot be applied, or null. */
function draftError(d: BetDraft): string | null {
  const from = d.amountFrom.trim();
  const to = d.amountTo.trim();
  if ((from !== '' && !AMOUNT.test(from)) || (to !== '' && !AMOUNT.test(to))) return 'Amounts must be numbers';
  if (from !== '' && to !== '' && Number(from) > Number(to)) return 'Amount from must not be more than amount to';
  if (d.start !== '' && d.end !== '' && d.start > d.end) return 'Start date must be before end date';
  return null;
}

/**
 * User name, amount from/to and start/end date: edited as a draft, applied on Submit. The form
 * follows `applied` when it changes from outside (the back button, Reset).
 */
export function BetFilterForm({
  applied,
  defaults,
  onApply,
  onReset,
  children,
}: {
  applied: BetDraft;
  /** What Reset puts back in the form. */
  defaults: BetDraft;
  onApply: (d: BetDraft) => void;
  onReset: () => void;
  children?: ReactNode;
}) {
  const [draft, setDraft] = useState(applied);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(applied);
  const [seen, setSeen] = useState(key);
  if (key !== seen) {
    setSeen(key);
    setDraft(applied);
    setError(null);
  }

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const problem = draftError(draft);
    setError(problem);
    if (problem === null) onApply({ ...draft, amountFrom: draft.amountFrom.trim(), amountTo: draft.amountTo.trim() });
  };
  const field = (name: keyof BetDraft) => ({
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }),
  });

  return (
    <form className="filter-bar ax-bet-filters" onSubmit={submit} noValidate>
      <UserNameField value={draft.username} onValue={(username) => setDraft({ ...draft, username })} />
      <label className="field">
        <span>Amount from</span>
        <input name="amountFrom" inputMode="decimal" autoComplete="off" {...field('amountFrom')} />
      </label>
      <label className="field">
        <span>Amount to</span>
        <input name="amountTo" inputMode="decimal" autoComplete="off" {...field('amountTo')} />
      </label>
      <label className="field ax-date-field">
        <span>Start date</span>
        <input type="datetime-local" name="startDate" {...field('start')} />
      </label>
      <label className="field ax-date-field">
        <span>End date</span>
        <input type="datetime-local" name="endDate" {...field('end')} />
      </label>
      <FilterActions
        onReset={() => {
          setError(null);
          setDraft(defaults);
          onReset();
        }}
        error={error}
      >
        {children}
      </FilterActions>
    </form>
  );
}

/** User name with suggestions from the downline as one types ('Failed to fetch user suggestions' on error). */
function UserNameField({ value, onValue }: { value: string; onValue: (v: string) => void }) {
  const listId = useId();
  const search = useDebouncedValue(value.trim(), SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery({
    queryKey: ['user-suggestions', search],
    queryFn: () => fetchUserSuggestions(search),
    enabled: search !== '',
    retry: false,
    staleTime: 30_000,
  });
  const warned = useRef(false);
  useEffect(() => {
    if (suggestions.isError && !warned.current) {
      warned.current = true;
      showErrorToast('Failed to fetch user suggestions');
    }
  }, [suggestions.isError]);
  const names = (suggestions.data?.users ?? []).map((u) => u.username);
  return (
    <label className="field">
      <span>User name</span>
      <input
        name="username"
        list={listId}
        autoComplete="off"
        value={value}
        onChange={(e) => onValue(e.target.value)}
        placeholder="Any"
      />
      <datalist id={listId}>
        {names.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
    </label>
  );
}
