import { useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AMOUNT_REQUIRED, SELECT_PAYOUT } from '@exch/contracts';
import { ApiRequestError } from '../api/api-error';
import { errorMessage } from '../api/error-message';
import { deleteSavedAccount, fetchSavedAccounts, requestWithdrawal } from '../api/payment-calls';
import { profileKey, useProfile } from '../api/profile-query';
import { newIdempotencyKey } from '../routes/admin/clients/client-actions';
import { AmountField, FormError } from '../ui/fields';
import { availablePaise, formatInr, formatRupees } from '../ui/money';
import { showSuccessToast } from '../ui/toasts';
import { usePageTitle } from '../ui/use-page-title';
import { AddAccountModal } from './AddAccountModal';

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const idempotencyKey = useRef(newIdempotencyKey());

  const bank = saved.data?.data.bank ?? [];
  const upi = saved.data?.data.upi ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['saved-accounts'] });
  const pick = (next: { id: string; kind: 'bank' | 'upi' }) => {
    setChoice(next);
    setError(null);
    setDone(null);
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
    setBusy(true);
    setError(null);
    try {
      const answer = await requestWithdrawal({ amount: amount.trim(), bankDetail: choice.id, accountType: choice.kind }, idempotencyKey.current);
      idempotencyKey.current = newIdempotencyKey();
      showSuccessToast(answer.message);
      setDone(answer.message);
      setAmount('');
      setChoice(null);
      void queryClient.invalidateQueries({ queryKey: profileKey('user') });
      void queryClient.invalidateQueries({ queryKey: ['payment-history'] });
    } catch (e) {
      if (!(e instanceof ApiRequestError && e.statusCode === 0)) idempotencyKey.current = newIdempotencyKey();
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
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
              <span className="muted">
                {' '}
                · {formatRupees(me.balance.held)} held for pending withdrawals
              </span>
            )}
          </p>
        )}
        <AmountField label="Amount" name="amount" value={amount} onValue={(v) => (setAmount(v), setError(null), setDone(null))} autoFocus />

        <fieldset className="payout-group">
          <legend>
            Bank details
            <button type="button" className="btn btn-sm btn-outline" onClick={() => setAdding('bank')}>
              Add New
            </button>
          </legend>
          {bank.length === 0 && <p className="muted empty-line">No bank account saved yet.</p>}
          {bank.map((b) => (
            <div key={b._id} className={choice?.id === b._id ? 'payout-option selected' : 'payout-option'}>
              <label>
                <input type="radio" name="payout" value={b._id} checked={choice?.id === b._id} onChange={() => pick({ id: b._id, kind: 'bank' })} />
                <span>
                  <b>{b.accountHolderName}</b>
                  <span className="mono">
                    {b.accountNumber} · {b.ifscCode}
                  </span>
                </span>
              </label>
              <button type="button" className="row-remove" aria-label={`Delete bank account ${b.accountNumber}`} onClick={() => void remove('bank', b._id)}>
                ×
              </button>
            </div>
          ))}
        </fieldset>

        <fieldset className="payout-group">
          <legend>
            UPI
            <button type="button" className="btn btn-sm btn-outline" onClick={() => setAdding('upi')}>
              Add New
            </button>
          </legend>
          {upi.length === 0 && <p className="muted empty-line">No UPI id saved yet.</p>}
          {upi.map((u) => (
            <div key={u._id} className={choice?.id === u._id ? 'payout-option selected' : 'payout-option'}>
              <label>
                <input type="radio" name="payout" value={u._id} checked={choice?.id === u._id} onChange={() => pick({ id: u._id, kind: 'upi' })} />
                <span className="mono">{u.upiId}</span>
              </label>
              <button type="button" className="row-remove" aria-label={`Delete UPI id ${u.upiId}`} onClick={() => void remove('upi', u._id)}>
                ×
              </button>
            </div>
          ))}
        </fieldset>

        <FormError message={error} />
        {done && (
          <p className="form-success" role="status">
            {done}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? 'Sending...' : 'Withdraw'}
          </button>
        </div>
      </form>
      {adding && <AddAccountModal kind={adding} onClose={() => setAdding(null)} onAdded={(id) => void refresh().then(() => pick({ id, kind: adding }))} />}
    </section>
  );
}
