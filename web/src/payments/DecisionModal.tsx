import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PaymentRequestDto } from '@exch/contracts';
import { decideRequest } from '../api/payment-calls';
import { profileKey } from '../api/profile-query';
import { FormError, TextField, TransactionPasswordField } from '../ui/fields';
import { Modal } from '../ui/Modal';
import { formatRupees } from '../ui/money';
import { showSuccessToast } from '../ui/toasts';
import { useFormSubmit } from '../ui/use-form-submit';

/**
 * Approve or reject a request, confirmed with the transaction password; a rejection needs a remark.
 * An approval may name another wallet of the chain (an agent whose account was paid); the approver's own by default.
 */
export function DecisionModal({
  request,
  decision,
  onClose,
}: {
  request: PaymentRequestDto;
  decision: 'approve' | 'reject';
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [remark, setRemark] = useState('');
  const [wallet, setWallet] = useState('');
  const [txn, setTxn] = useState('');
  const { busy, error, edit, submit } = useFormSubmit();
  const deposit = request.type === 'deposit';
  const title = `${decision === 'approve' ? 'Approve' : 'Reject'} ${deposit ? 'deposit' : 'withdrawal'}`;

  const send = (event: FormEvent<HTMLFormElement>) => {
    const problem =
      decision === 'reject' && remark.trim() === ''
        ? 'Remark is required'
        : txn === ''
          ? 'Transaction password is required'
          : null;
    return submit(
      event,
      problem,
      async () => {
        const answer = await decideRequest(request._id, decision, {
          transactionPassword: txn,
          remark: remark.trim(),
          ...(wallet.trim() === '' ? {} : { walletUserId: wallet.trim() }),
        });
        showSuccessToast(answer.message);
        void queryClient.invalidateQueries({ queryKey: ['payment-requests'] });
        void queryClient.invalidateQueries({ queryKey: ['pending-payments'] });
        void queryClient.invalidateQueries({ queryKey: profileKey('admin') });
        onClose();
      },
      { leaves: true },
    );
  };

  return (
    <Modal
      title={title}
      onClose={onClose}
      subtitle={
        <>
          <b>{request.user.username}</b> · {formatRupees(request.amount)}
          {request.utrno && <span className="mono"> · UTR {request.utrno}</span>}
        </>
      }
    >
      <form className="modal-form" onSubmit={(e) => void send(e)} noValidate>
        <fieldset disabled={busy} className="stack-fields">
          {decision === 'approve' && (
            <p className="modal-note">
              {deposit
                ? `${formatRupees(request.amount)} moves from the wallet below to ${request.user.username}.`
                : `The ${formatRupees(request.amount)} held moves up to the wallet below. Pay the player first.`}
            </p>
          )}
          {decision === 'approve' && (
            <TextField
              label={deposit ? 'Pay from wallet' : 'Credit to wallet'}
              name="walletUserId"
              value={wallet}
              onValue={edit(setWallet)}
              placeholder="Your own wallet"
              hint={
                deposit
                  ? `Leave empty to pay from your own wallet. If the money was paid into the account of an agent between you and ${request.user.username}, type that agent's username: their wallet pays.`
                  : `Leave empty to credit your own wallet. If an agent between you and ${request.user.username} pays the player, type that agent's username: their wallet is credited.`
              }
              autoComplete="off"
              maxLength={50}
            />
          )}
          <TextField
            label="Remark"
            name="remark"
            value={remark}
            onValue={edit(setRemark)}
            placeholder={decision === 'reject' ? 'Why it is rejected' : 'Optional'}
            maxLength={200}
            autoComplete="off"
            autoFocus
          />
          <TransactionPasswordField value={txn} onValue={edit(setTxn)} />
        </fieldset>
        <FormError message={error} />
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={decision === 'approve' ? 'btn btn-success' : 'btn btn-danger'}
            disabled={busy}
          >
            {busy ? 'Sending...' : decision === 'approve' ? 'Approve' : 'Reject'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
