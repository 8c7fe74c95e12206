import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalLimitsDto, PaymentMethodDto } from '@exch/contracts';
import { fetchApprovalLimits, fetchPaymentMethod, saveApprovalLimits, savePaymentMethod } from '../api/payment-calls';
import { AmountField, FormError, TextField, TransactionPasswordField } from '../ui/fields';
import { formatRupees } from '../ui/money';
import { showSuccessToast } from '../ui/toasts';
import { useFormSubmit } from '../ui/use-form-submit';
import { usePageTitle } from '../ui/use-page-title';

type Fields = Record<keyof PaymentMethodDto, string>;
const EMPTY: Fields = { upiId: '', upiName: '', accountHolderName: '', accountNumber: '', ifscCode: '' };
const fieldsOf = (m: PaymentMethodDto | null | undefined): Fields =>
  m
    ? {
        upiId: m.upiId ?? '',
        upiName: m.upiName ?? '',
        accountHolderName: m.accountHolderName ?? '',
        accountNumber: m.accountNumber ?? '',
        ifscCode: m.ifscCode ?? '',
      }
    : EMPTY;

/** /admin/payment-method: what this upline's downline pays deposits to (the nearest upline's applies to a player). */
export function PaymentMethodPage() {
  usePageTitle('Payment method');
  const current = useQuery({ queryKey: ['payment-method'], queryFn: fetchPaymentMethod });
  const limits = useQuery({ queryKey: ['approval-limits'], queryFn: fetchApprovalLimits });
  if (current.isPending)
    return (
      <section className="card form-card">
        <p className="muted">Loading...</p>
      </section>
    );
  return (
    <>
      <PaymentMethodForm initial={fieldsOf(current.data?.data)} isSet={current.data?.data != null} />
      {limits.data && <ApprovalLimitsCard limits={limits.data.data} />}
    </>
  );
}

/** "Deposits above ₹X and withdrawals above ₹Y need admin's approval after an upline's", or that one is enough. */
function limitsText({ depositAbove, withdrawalAbove, setBy }: ApprovalLimitsDto): string {
  const parts = [
    depositAbove !== null && `deposits above ${formatRupees(depositAbove)}`,
    withdrawalAbove !== null && `withdrawals above ${formatRupees(withdrawalAbove)}`,
  ].filter((p): p is string => p !== false);
  if (parts.length === 0) return `One upline's approval is enough: ${setBy} has set no second approval.`;
  const text = parts.join(' and ');
  return `${text[0]!.toUpperCase()}${text.slice(1)} need ${setBy}'s approval after an upline's.`;
}

/** The optional second level: set by the top admin, shown to every upline it applies to. */
function ApprovalLimitsCard({ limits }: { limits: ApprovalLimitsDto }) {
  const queryClient = useQueryClient();
  const [deposit, setDeposit] = useState(limits.depositAbove === null ? '' : String(limits.depositAbove));
  const [withdrawal, setWithdrawal] = useState(limits.withdrawalAbove === null ? '' : String(limits.withdrawalAbove));
  const [txn, setTxn] = useState('');
  const { busy, error, edit, submit } = useFormSubmit();
  const send = (event: FormEvent<HTMLFormElement>) =>
    submit(event, txn === '' ? 'Transaction password is required' : null, async () => {
      const answer = await saveApprovalLimits({
        depositAbove: deposit.trim(),
        withdrawalAbove: withdrawal.trim(),
        transactionPassword: txn,
      });
      showSuccessToast(answer.message);
      setTxn('');
      void queryClient.invalidateQueries({ queryKey: ['approval-limits'] });
    });
  return (
    <section className="card form-card">
      <header className="card-head">
        <h2>Second approval</h2>
      </header>
      <p className="muted statement-intro">{limitsText(limits)}</p>
      {limits.canSet && (
        <form className="grid-form" onSubmit={(e) => void send(e)} noValidate>
          <fieldset disabled={busy}>
            <AmountField
              label="Deposits above"
              name="depositAbove"
              value={deposit}
              onValue={edit(setDeposit)}
              placeholder="No limit"
              hint="Empty: one approval is enough"
            />
            <AmountField
              label="Withdrawals above"
              name="withdrawalAbove"
              value={withdrawal}
              onValue={edit(setWithdrawal)}
              placeholder="No limit"
              hint="Empty: one approval is enough"
            />
            <SaveWithTxn txn={txn} onTxn={edit(setTxn)} busy={busy} error={error} />
          </fieldset>
        </form>
      )}
    </section>
  );
}

function PaymentMethodForm({ initial, isSet }: { initial: Fields; isSet: boolean }) {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState(initial);
  const [txn, setTxn] = useState('');
  const { busy, error, edit, submit } = useFormSubmit();
  const field = (key: keyof Fields) => edit((value: string) => setFields((f) => ({ ...f, [key]: value })));

  const send = (event: FormEvent<HTMLFormElement>) =>
    submit(event, txn === '' ? 'Transaction password is required' : null, async () => {
      const answer = await savePaymentMethod({
        ...fields,
        ifscCode: fields.ifscCode.trim().toUpperCase(),
        transactionPassword: txn,
      });
      showSuccessToast(answer.message);
      setTxn('');
      void queryClient.invalidateQueries({ queryKey: ['payment-method'] });
    });

  return (
    <section className="card form-card">
      <header className="card-head">
        <h1>Payment method</h1>
      </header>
      <p className="muted statement-intro">
        {isSet ? 'Players of your downline' : 'Nothing set yet: players of your downline'} pay deposits to the nearest
        upline that has a payment method. Give a UPI id, a bank account, or both.
      </p>
      <form className="grid-form" onSubmit={(e) => void send(e)} noValidate>
        <fieldset disabled={busy}>
          <TextField
            label="UPI Id"
            name="upiId"
            value={fields.upiId}
            onValue={field('upiId')}
            placeholder="name@bank"
            autoComplete="off"
            maxLength={100}
          />
          <TextField
            label="UPI Name"
            name="upiName"
            value={fields.upiName}
            onValue={field('upiName')}
            placeholder="Shown to the payer"
            autoComplete="off"
            maxLength={50}
          />
          <TextField
            label="Account Holder Name"
            name="accountHolderName"
            value={fields.accountHolderName}
            onValue={field('accountHolderName')}
            autoComplete="off"
            maxLength={100}
          />
          <TextField
            label="Account Number"
            name="accountNumber"
            value={fields.accountNumber}
            onValue={field('accountNumber')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={18}
          />
          <TextField
            label="IFSC Code"
            name="ifscCode"
            value={fields.ifscCode}
            onValue={field('ifscCode')}
            autoComplete="off"
            maxLength={11}
            hint="e.g. SBIN0001234"
          />
          <SaveWithTxn txn={txn} onTxn={edit(setTxn)} busy={busy} error={error} />
        </fieldset>
      </form>
    </section>
  );
}

/** The end of a back-office settings form: the transaction password, the refusal, Save. */
function SaveWithTxn({
  txn,
  onTxn,
  busy,
  error,
}: {
  txn: string;
  onTxn: (v: string) => void;
  busy: boolean;
  error: string | null;
}) {
  return (
    <>
      <div className="txn-row">
        <TransactionPasswordField value={txn} onValue={onTxn} />
      </div>
      <FormError message={error} />
      <div className="form-actions form-wide">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </button>
      </div>
    </>
  );
}
