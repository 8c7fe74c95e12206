import { useState } from 'react';
import { deleteBets } from '../../../../api/admin-betting-calls';
import { FormError, TransactionPasswordField } from '../../../../ui/fields';
import { Modal } from '../../../../ui/Modal';
import { showSuccessToast } from '../../../../ui/toasts';
import { useFormSubmit } from '../../../../ui/use-form-submit';

/** Bulk delete, confirmed with the transaction password the server asks for it. */
export function DeleteBetsModal({
  ids,
  onClose,
  onDeleted,
}: {
  ids: string[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [txn, setTxn] = useState('');
  const { busy, error, edit, submit } = useFormSubmit();
  return (
    <Modal title="Delete bets" subtitle={`${ids.length} bet${ids.length === 1 ? '' : 's'} selected`} onClose={onClose}>
      <form
        className="modal-form"
        noValidate
        onSubmit={(e) =>
          void submit(e, txn.trim() === '' ? 'Enter your transaction password' : null, async () => {
            const answer = await deleteBets(ids, txn);
            showSuccessToast(answer.message);
            onDeleted();
          })
        }
      >
        <fieldset disabled={busy}>
          <p className="modal-note">
            The stakes are released and the bets are listed under Deleted. This cannot be undone.
          </p>
          <TransactionPasswordField value={txn} onValue={edit(setTxn)} />
          <FormError message={error} />
          <div className="modal-actions">
            <button type="button" className="btn btn-outline" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-danger">
              {busy ? 'Deleting...' : 'Delete'}
            </button>
          </div>
        </fieldset>
      </form>
    </Modal>
  );
}

export function TrashIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
      <path d="M10 11v6M14 11v6" />
    </svg>
  );
}
