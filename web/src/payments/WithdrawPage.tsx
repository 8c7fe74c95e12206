import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AMOUNT_REQUIRED, SELECT_PAYOUT } from '@exch/contracts';
import { deleteSavedAccount, fetchSavedAccounts, requestWithdrawal } from '../api/payment-calls';
import { profileKey, useProfile } from '../api/profile-query';
import { AmountField } from '../ui/fields';
import { availablePaise, formatInr, formatRupees } from '../ui/money';
import { showSuccessToast } from '../ui/toasts';
import { usePageTitle } from '../ui/use-page-title';
import { AddAccountModal } from './AddAccountModal';
import { FormOutcome, useRequestSubmit } from './use-request-submit';

/**
 * /withdraw (SPEC.md sections 2 and 5): the amount, one saved bank account or UPI id (radio), delete
 * a saved item, Add New modals. The amount is held at once when asked; success resets the form.
 */
export function WithdrawPage() {
  usePageTitle('Withdraw');
  const queryClient = useQueryClient();
  const { data: me } = useProfile('user');
  const saved = useQuery({ queryKey: ['saved-accounts'], queryFn: fetchSavedAccounts });
  const [amount, setAmount] = useState('');
  const [choice, setChoice] = useState<{ id: string; kind: 'bank' | 'upi' } | null>(null);
  const [adding, setAdding] = useState<'bank' | 'upi' | null>(null);
  const { busy, error, done, setError, touch, send } = useRequestSubmit();

  const bank = saved.data?.data.bank ?? [];
  const upi = saved.data?.data.upi ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['saved-accounts'] });
  const pick = (next: { id: string; kind: 'bank' | 'upi' }) => {
    setChoice(next);
    touch();
  };

  const remove = async (kind: 'bank' | 'upi', id: string): Promise<void> => {
    if (!window.confirm('Are you sure you want to delete?')) return;
    const answer = await deleteSavedAccount(kind, id);
    showSuccessToast(answer.message);
    if (choice?.id === id) setChoice(null);
    await refresh();
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (amount.trim() === '') return setError(AMOUNT_REQUIRED);
    if (!choice) return setError(SELECT_PAYOUT);
    await send(
      (key) => requestWithdrawal({ amount: amount.trim(), bankDetail: choice.id, accountType: choice.kind }, key),
      () => {
        setAmount('');
        setChoice(null);
        void queryClient.invalidateQueries({ queryKey: profileKey('user') });
        void queryClient.invalidateQueries({ queryKey: ['payment-history'] });
      },
    );
  };

  return (
    <section className="card payment-card">
      <header className="card-head">
        <h1>Withdraw</h1>
      </header>
      <form className="payment-form" onSubmit={submit} noValidate>
        {me && (
          <p className="withdraw-figures">
            Available <b data-testid="withdraw-available">{formatInr(availablePaise(me.balance))}</b>
            {me.balance.held > 0 && (
              <span className="muted"> · {formatRupees(me.balance.held)} held for pending withdrawals</span>
            )}
          </p>
        )}
        <AmountField label="Amount" name="amount" value={amount} onValue={(v) => (setAmount(v), touch())} autoFocus />

        <PayoutGroup title="Bank details" empty="No bank account saved yet." onAdd={() => setAdding('bank')}>
          {bank.map((b) => (
            <PayoutOption
              key={b._id}
              id={b._id}
              chosen={choice?.id === b._id}
              onPick={() => pick({ id: b._id, kind: 'bank' })}
              onDelete={() => void remove('bank', b._id)}
              label={`bank account ${b.accountNumber}`}
            >
              <span>
                <b>{b.accountHolderName}</b>
                <span className="mono">
                  {b.accountNumber} · {b.ifscCode}
                </span>
              </span>
            </PayoutOption>
          ))}
        </PayoutGroup>
        <PayoutGroup title="UPI" empty="No UPI id saved yet." onAdd={() => setAdding('upi')}>
          {upi.map((u) => (
            <PayoutOption
              key={u._id}
              id={u._id}
              chosen={choice?.id === u._id}
              onPick={() => pick({ id: u._id, kind: 'upi' })}
              onDelete={() => void remove('upi', u._id)}
              label={`UPI id ${u.upiId}`}
            >
              <span className="mono">{u.upiId}</span>
            </PayoutOption>
          ))}
        </PayoutGroup>

        <FormOutcome error={error} done={done} />
        <div className="form-actions">
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? 'Sending...' : 'Withdraw'}
          </button>
        </div>
      </form>
      {adding && (
        <AddAccountModal
          kind={adding}
          onClose={() => setAdding(null)}
          onAdded={(id) => void refresh().then(() => pick({ id, kind: adding }))}
        />
      )}
    </section>
  );
}

/** Saved items of one kind with their Add New button. */
function PayoutGroup({
  title,
  empty,
  onAdd,
  children,
}: {
  title: string;
  empty: string;
  onAdd: () => void;
  children: ReactNode[];
}) {
  return (
    <fieldset className="payout-group">
      <legend>
        {title}
        <button type="button" className="btn btn-sm btn-outline" onClick={onAdd}>
          Add New
        </button>
      </legend>
      {children.length === 0 && <p className="muted empty-line">{empty}</p>}
      {children}
    </fieldset>
  );
}

/** One saved item: a radio to choose it and a delete button. */
function PayoutOption(p: {
  id: string;
  chosen: boolean;
  onPick: () => void;
  onDelete: () => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className={p.chosen ? 'payout-option selected' : 'payout-option'}>
      <label>
        <input type="radio" name="payout" value={p.id} checked={p.chosen} onChange={p.onPick} />
        {p.children}
      </label>
      <button type="button" className="row-remove" aria-label={`Delete ${p.label}`} onClick={p.onDelete}>
        ×
      </button>
    </div>
  );
}
