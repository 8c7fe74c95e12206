import { useState, type FormEvent } from 'react';
import { ACCOUNT_ADDED, BankAccountBody, UPI_ADDED, UpiBody } from '@exch/contracts';
import { addBankAccount, addUpiId } from '../api/payment-calls';
import { FormError, TextField } from '../ui/fields';
import { Modal, ModalActions } from '../ui/Modal';
import { showSuccessToast } from '../ui/toasts';
import { useFormSubmit } from '../ui/use-form-submit';
import { firstProblem } from '../ui/validate';

/** Add New: a bank detail (Account Holder Name, Account Number, IFSC Code) or a UPI detail, checked as the server checks. */
export function AddAccountModal({
  kind,
  onClose,
  onAdded,
}: {
  kind: 'bank' | 'upi';
  onClose: () => void;
  onAdded: (id: string) => void;
}) {
  const [holder, setHolder] = useState('');
  const [number, setNumber] = useState('');
  const [ifsc, setIfsc] = useState('');
  const [upi, setUpi] = useState('');
  const { busy, error, edit, submit } = useFormSubmit();

  const send = (event: FormEvent<HTMLFormElement>) => {
    const bank = { accountHolderName: holder, accountNumber: number.trim(), ifscCode: ifsc.trim().toUpperCase() };
    const problem = kind === 'bank' ? firstProblem(BankAccountBody, bank) : firstProblem(UpiBody, { upiId: upi });
    return submit(
      event,
      problem,
      async () => {
        const answer = kind === 'bank' ? await addBankAccount(bank) : await addUpiId({ upiId: upi.trim() });
        showSuccessToast(kind === 'bank' ? ACCOUNT_ADDED : UPI_ADDED);
        onAdded(answer.data._id);
        onClose();
      },
      { leaves: true },
    );
  };

  return (
    <Modal title={kind === 'bank' ? 'Add bank detail' : 'Add UPI detail'} onClose={onClose}>
      <form className="modal-form" onSubmit={(e) => void send(e)} noValidate>
        <fieldset disabled={busy} className="stack-fields">
          {kind === 'bank' ? (
            <>
              <TextField
                label="Account Holder Name"
                name="accountHolderName"
                value={holder}
                onValue={edit(setHolder)}
                autoComplete="name"
                maxLength={100}
                autoFocus
              />
              <TextField
                label="Account Number"
                name="accountNumber"
                value={number}
                onValue={edit(setNumber)}
                inputMode="numeric"
                autoComplete="off"
                maxLength={18}
              />
              <TextField
                label="IFSC Code"
                name="ifscCode"
                value={ifsc}
                onValue={edit(setIfsc)}
                autoComplete="off"
                maxLength={11}
                hint="11 characters, e.g. SBIN0001234"
              />
            </>
          ) : (
            <TextField
              label="UPI Id"
              name="upiId"
              value={upi}
              onValue={edit(setUpi)}
              autoComplete="off"
              maxLength={100}
              placeholder="name@bank"
              autoFocus
            />
          )}
        </fieldset>
        <FormError message={error} />
        <ModalActions onCancel={onClose} busy={busy} label="Save" busyLabel="Saving..." />
      </form>
    </Modal>
  );
}
