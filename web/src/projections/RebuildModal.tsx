import { useState } from 'react';
import type { ProjectionStatus, RebuildAnswer } from '@exch/contracts';
import { formatCount } from '../ui/count';
import { FormError, TransactionPasswordField } from '../ui/fields';
import { Modal, ModalActions } from '../ui/Modal';
import { useFormSubmit } from '../ui/use-form-submit';
import { rebuildProjection } from './projection-calls';

/** A rebuild asked for one read model, confirmed with the transaction password; a refusal (409, 400) stays in the dialog. */
export function RebuildModal({
  projection,
  onClose,
  onStarted,
}: {
  projection: ProjectionStatus;
  onClose: () => void;
  onStarted: (answer: RebuildAnswer) => void;
}) {
  const [txn, setTxn] = useState('');
  const { busy, error, edit, submit } = useFormSubmit();
  return (
    <Modal
      title={`Rebuild ${projection.name}`}
      subtitle={`Version ${projection.version} · checkpoint ${formatCount(projection.checkpoint)}`}
      onClose={onClose}
    >
      <form
        className="modal-form"
        noValidate
        onSubmit={(e) =>
          void submit(e, txn.trim() === '' ? 'Enter your transaction password' : null, async () =>
            onStarted(await rebuildProjection(projection.name, txn)),
          )
        }
      >
        <fieldset disabled={busy}>
          <p className="modal-note">
            The read model is folded again from the first event into tables beside the live ones, which keep answering
            every read until the new ones have caught up with the log; then the new ones take over at once. It costs the
            database time while it runs.
          </p>
          <TransactionPasswordField value={txn} onValue={edit(setTxn)} />
          <FormError message={error} />
          <ModalActions onCancel={onClose} busy={busy} label="Rebuild" busyLabel="Starting..." />
        </fieldset>
      </form>
    </Modal>
  );
}
