import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketDto, MarketLockTarget } from '@exch/contracts';
import { fetchDownlineWithLocks, setMarketLocks } from '../../../api/admin-betting-calls';
import { errorMessage } from '../../../api/error-message';
import { FormError, TransactionPasswordField } from '../../../ui/fields';
import { Modal } from '../../../ui/Modal';
import { showSuccessToast } from '../../../ui/toasts';
import { marketTitle } from './format';

/**
 * Bet Lock (SPEC.md section 2, Modals): a checkbox per downline player, ticked when betting on this
 * market (or, by choice, the whole match) is locked for them, an all-accounts checkbox, and the
 * transaction password. Saving sends the accounts that changed: one call for the newly locked, one
 * for the newly unlocked.
 */
export function BetLockModal({
  matchId,
  matchName,
  market,
  onClose,
}: {
  matchId: string;
  matchName: string;
  market: MarketDto;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<'market' | 'match'>('market');
  const target: MarketLockTarget = useMemo(
    () =>
      scope === 'market'
        ? { event_id: matchId, market_type: market.marketType, market_id: market.marketId }
        : { event_id: matchId, market_type: null, market_id: null },
    [matchId, market, scope],
  );
  const users = useQuery({
    queryKey: ['downline-with-locks', target],
    queryFn: () => fetchDownlineWithLocks(target),
    retry: false,
  });
  const list = users.data?.data.users ?? [];
  const [locked, setLocked] = useState<Record<string, boolean> | null>(null);
  const [txn, setTxn] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The ticks start from the server's state once it has answered.
  useEffect(() => {
    if (users.data && locked === null)
      setLocked(Object.fromEntries(users.data.data.users.map((u) => [u.userId, u.is_locked])));
  }, [users.data, locked]);

  const ticks = locked ?? {};
  const allTicked = list.length > 0 && list.every((u) => ticks[u.userId] === true);

  // Another scope has its own locks: the ticks start again from the server's.
  const chooseScope = (next: 'market' | 'match'): void => {
    setScope(next);
    setLocked(null);
    setError(null);
  };

  const toggle = (userId: string, value: boolean): void => {
    setLocked({ ...ticks, [userId]: value });
    setError(null);
  };
  const toggleAll = (value: boolean): void => {
    setLocked(Object.fromEntries(list.map((u) => [u.userId, value])));
    setError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const toLock = list.filter((u) => ticks[u.userId] === true && !u.is_locked).map((u) => u.userId);
    const toUnlock = list.filter((u) => ticks[u.userId] !== true && u.is_locked).map((u) => u.userId);
    if (toLock.length === 0 && toUnlock.length === 0) return setError('Tick or untick at least one account');
    if (txn.trim() === '') return setError('Enter your transaction password');
    setBusy(true);
    setError(null);
    try {
      const messages: string[] = [];
      if (toLock.length > 0)
        messages.push(
          (
            await setMarketLocks(matchId, {
              userId: toLock,
              is_locked: true,
              lock_target: target,
              transaction_password: txn,
            })
          ).message,
        );
      if (toUnlock.length > 0)
        messages.push(
          (
            await setMarketLocks(matchId, {
              userId: toUnlock,
              is_locked: false,
              lock_target: target,
              transaction_password: txn,
            })
          ).message,
        );
      showSuccessToast(messages.join(' ') || 'Bet lock saved');
      void queryClient.invalidateQueries({ queryKey: ['downline-with-locks'] });
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
      // What did go through is shown as it now stands.
      void users
        .refetch()
        .then(
          (r) =>
            r.data &&
            setLocked(Object.fromEntries(r.data.data.users.map((u) => [u.userId, ticks[u.userId] ?? u.is_locked]))),
        );
    }
  };

  return (
    <Modal
      title="Bet Lock"
      subtitle={
        <>
          <b>{marketTitle(market.marketName)}</b> <span className="muted">{matchName}</span>
        </>
      }
      onClose={onClose}
    >
      <form className="modal-form ax-lock-form" onSubmit={submit} noValidate>
        <fieldset disabled={busy}>
          <div className="ax-lock-scope" role="radiogroup" aria-label="Lock scope">
            <label className="check">
              <input
                type="radio"
                name="scope"
                value="market"
                checked={scope === 'market'}
                onChange={() => chooseScope('market')}
              />
              <span>This market</span>
            </label>
            <label className="check">
              <input
                type="radio"
                name="scope"
                value="match"
                checked={scope === 'match'}
                onChange={() => chooseScope('match')}
              />
              <span>Whole match</span>
            </label>
          </div>
          <p className="muted modal-note">
            Ticked accounts cannot bet on {scope === 'market' ? 'this market' : 'any market of this match'}. Untick to
            let them bet again.
          </p>
          {users.isPending ? (
            <p className="muted">Loading accounts...</p>
          ) : users.isError ? (
            <p className="form-error" role="alert">
              {errorMessage(users.error)}
            </p>
          ) : list.length === 0 ? (
            <p className="muted">No Result Found</p>
          ) : (
            <div className="ax-lock-list">
              <label className="check ax-lock-all">
                <input
                  type="checkbox"
                  name="allAccounts"
                  checked={allTicked}
                  onChange={(e) => toggleAll(e.target.checked)}
                />
                <span>All accounts</span>
              </label>
              {list.map((u) => (
                <label key={u.userId} className="check ax-lock-user" data-username={u.username}>
                  <input
                    type="checkbox"
                    name={`lock-${u.username}`}
                    checked={ticks[u.userId] === true}
                    onChange={(e) => toggle(u.userId, e.target.checked)}
                  />
                  <span>{u.username}</span>
                  {u.is_locked && <span className="state-badge state-locked">Locked</span>}
                </label>
              ))}
            </div>
          )}
          <TransactionPasswordField value={txn} onValue={(v) => (setTxn(v), setError(null))} />
          <FormError message={error} />
          <div className="modal-actions">
            <button type="button" className="btn btn-outline" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy || list.length === 0}>
              {busy ? 'Saving...' : 'Save'}
            </button>
          </div>
        </fieldset>
      </form>
    </Modal>
  );
}
