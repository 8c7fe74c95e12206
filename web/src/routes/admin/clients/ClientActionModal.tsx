import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { rupeesToPaise, type ClientRow, type UserDto } from '@exch/contracts';
import { ApiRequestError } from '../../../api/api-error';
import { clientAction } from '../../../api/account-calls';
import { errorMessage } from '../../../api/error-message';
import { profileKey } from '../../../api/profile-query';
import { AmountField, FormError, PASSWORD_HINT, TextField, TransactionPasswordField } from '../../../ui/fields';
import { Modal } from '../../../ui/Modal';
import { formatInr, formatRupees, toPaise } from '../../../ui/money';
import { showSuccessToast } from '../../../ui/toasts';
import { newIdempotencyKey } from '../../../api/idempotency-key';
import type { ClientActionKind } from './client-actions';

interface ClientActionModalProps {
  kind: ClientActionKind;
  row: ClientRow;
  me: UserDto | undefined;
  onClose: () => void;
}

const TITLE: Record<ClientActionKind, (row: ClientRow) => string> = {
  deposit: () => 'Deposit chips',
  withdraw: () => 'Withdraw chips',
  credit: () => 'Credit reference',
  exposure: () => 'Exposure limit',
  password: () => 'Reset password',
  'account-lock': (r) => (r.accountLocked ? 'Unlock account' : 'Lock account'),
  'bet-lock': (r) => (r.betLocked ? 'Unlock betting' : 'Lock betting'),
};

/** Paise of a typed amount the server would accept, else null (the preview is only a hint). */
const typedPaise = (text: string): number | null => rupeesToPaise(text);

/**
 * One client-list action: its fields, the actor's transaction password, and the server's message
 * inside the modal when it refuses. Success closes it with a toast and refreshes the list.
 */
export function ClientActionModal({ kind, row, me, onClose }: ClientActionModalProps) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [remark, setRemark] = useState('');
  const [limit, setLimit] = useState(() => String(kind === 'credit' ? row.creditReference : row.exposureLimit));
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [transactionPassword, setTxn] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Kept while the server has not answered, so a retry after a lost reply moves the chips once.
  const idempotencyKey = useRef(newIdempotencyKey());

  const body = (): { action: Parameters<typeof clientAction>[1]; body: Record<string, unknown> } => {
    switch (kind) {
      case 'deposit':
      case 'withdraw':
        return {
          action: kind,
          body: {
            amount: amount.trim(),
            ...(remark.trim() === '' ? {} : { remark: remark.trim() }),
            transactionPassword,
          },
        };
      case 'credit':
        return { action: 'credit-reference', body: { creditReference: limit.trim(), transactionPassword } };
      case 'exposure':
        return { action: 'exposure-limit', body: { exposureLimit: limit.trim(), transactionPassword } };
      case 'password':
        return { action: 'password', body: { newPassword, confirmPassword, transactionPassword } };
      case 'account-lock':
        return { action: 'lock', body: { accountLocked: !row.accountLocked, transactionPassword } };
      case 'bet-lock':
        return { action: 'lock', body: { betLocked: !row.betLocked, transactionPassword } };
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const request = body();
    try {
      const money = kind === 'deposit' || kind === 'withdraw';
      const answer = await clientAction(
        row._id,
        request.action,
        request.body,
        money ? idempotencyKey.current : undefined,
      );
      showSuccessToast(answer.message);
      void queryClient.invalidateQueries({ queryKey: ['downline'] });
      void queryClient.invalidateQueries({ queryKey: ['client'] });
      void queryClient.invalidateQueries({ queryKey: profileKey('admin') });
      onClose();
    } catch (e) {
      // The server answered: whatever is sent next is a new request. Only a lost reply keeps the key.
      if (!(e instanceof ApiRequestError && e.statusCode === 0)) idempotencyKey.current = newIdempotencyKey();
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  const subtitle = (
    <>
      <b>{row.username}</b> <span className="role-badge">{row.role.name}</span>
      {row.fullName && <span className="muted"> {row.fullName}</span>}
    </>
  );

  let fields: ReactNode;
  let submitLabel: string;
  let danger = false;
  switch (kind) {
    case 'deposit':
    case 'withdraw': {
      const deposit = kind === 'deposit';
      const typed = typedPaise(amount);
      const mine = me === undefined ? null : toPaise(me.balance.balance);
      const theirs = toPaise(row.balance);
      const after = (paise: number | null, sign: 1 | -1): number | null =>
        paise === null || typed === null || typed === 0 ? null : paise + sign * typed;
      fields = (
        <>
          <dl className="modal-figures">
            <Figure
              label="Your balance"
              value={me === undefined ? '-' : formatRupees(me.balance.balance)}
              after={after(mine, deposit ? -1 : 1)}
            />
            <Figure
              label={`${row.username} balance`}
              value={formatRupees(row.balance)}
              after={after(theirs, deposit ? 1 : -1)}
              testId="modal-client-balance"
            />
          </dl>
          <AmountField label="Amount" name="amount" value={amount} onValue={setAmount} autoFocus />
          <TextField
            label="Remark"
            name="remark"
            value={remark}
            onValue={setRemark}
            placeholder="Optional"
            maxLength={200}
            autoComplete="off"
          />
        </>
      );
      submitLabel = deposit ? 'Deposit' : 'Withdraw';
      break;
    }
    case 'credit':
    case 'exposure': {
      const credit = kind === 'credit';
      fields = (
        <>
          <dl className="modal-figures">
            <Figure
              label={credit ? 'Current credit reference' : 'Current exposure limit'}
              value={formatRupees(credit ? row.creditReference : row.exposureLimit)}
            />
            <Figure
              label={credit ? 'Balance' : 'Exposure now'}
              value={formatRupees(credit ? row.balance : row.exposure)}
            />
          </dl>
          <AmountField
            label={credit ? 'New credit reference' : 'New exposure limit'}
            name={credit ? 'creditReference' : 'exposureLimit'}
            value={limit}
            onValue={setLimit}
            autoFocus
          />
        </>
      );
      submitLabel = 'Save';
      break;
    }
    case 'password':
      fields = (
        <>
          <p className="muted modal-note">
            {row.username} will have to choose a new password at the next login, and is logged out everywhere now.
          </p>
          <TextField
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onValue={setNewPassword}
            hint={PASSWORD_HINT}
            autoFocus
          />
          <TextField
            label="Confirm password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onValue={setConfirmPassword}
          />
        </>
      );
      submitLabel = 'Reset password';
      break;
    case 'account-lock':
      danger = !row.accountLocked;
      fields = (
        <p className="modal-note">
          {row.accountLocked
            ? `${row.username} will be able to log in again.`
            : `${row.username} is logged out at once and cannot log in until the account is unlocked.`}
        </p>
      );
      submitLabel = row.accountLocked ? 'Unlock account' : 'Lock account';
      break;
    case 'bet-lock':
      danger = !row.betLocked;
      fields = (
        <p className="modal-note">
          {row.betLocked
            ? `${row.username} will be able to place bets again.`
            : `${row.username} can still log in but cannot place bets until betting is unlocked.`}
        </p>
      );
      submitLabel = row.betLocked ? 'Unlock betting' : 'Lock betting';
      break;
  }

  return (
    <Modal title={TITLE[kind](row)} subtitle={subtitle} onClose={onClose}>
      <form className="modal-form" onSubmit={(e) => void submit(e)} noValidate data-action={kind}>
        <fieldset disabled={busy}>
          {fields}
          <TransactionPasswordField value={transactionPassword} onValue={setTxn} />
          <FormError message={error} />
          <div className="modal-actions">
            <button type="button" className="btn btn-outline" onClick={onClose}>
              Cancel
            </button>
            <button
              type="submit"
              className={
                danger || kind === 'withdraw'
                  ? 'btn btn-danger'
                  : kind === 'deposit'
                    ? 'btn btn-success'
                    : 'btn btn-primary'
              }
              disabled={
                transactionPassword === '' || ((kind === 'deposit' || kind === 'withdraw') && amount.trim() === '')
              }
            >
              {busy ? 'Saving...' : submitLabel}
            </button>
          </div>
        </fieldset>
      </form>
    </Modal>
  );
}

/** A figure of the modal; `after` (paise) previews it once the typed amount is applied. */
function Figure({
  label,
  value,
  after = null,
  testId,
}: {
  label: string;
  value: string;
  after?: number | null;
  testId?: string;
}) {
  return (
    <div className="modal-figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
      {after !== null && (
        <dd className={after < 0 ? 'figure-after negative' : 'figure-after'}>
          after: <span className="nowrap">{formatInr(after)}</span>
        </dd>
      )}
    </div>
  );
}
