import { useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AMOUNT_REQUIRED,
  DEPOSIT_RANGE_HINT,
  FILL_THIS_FIELD,
  IMAGE_REQUIRED,
  rupeesToPaise,
  upiPayLink,
  utrProblem,
  type DepositMethod,
  type PayeeDto,
} from '@exch/contracts';
import { fetchPayee, requestDeposit } from '../api/payment-calls';
import { useProfile } from '../api/profile-query';
import { AmountField, TextField } from '../ui/fields';
import { formatInr } from '../ui/money';
import { usePageTitle } from '../ui/use-page-title';
import { CopyRow } from './CopyRow';
import { screenshotProblem } from './screenshot-file';
import { UpiQr } from './UpiQr';
import { useObjectUrl } from './use-object-url';
import { FormOutcome, useRequestSubmit } from './use-request-submit';

const METHOD_LABEL: Record<DepositMethod, string> = { upi: 'UPI Payment', bank: 'Account Transfer' };

/** What a UTR field keeps of what is typed: a UPI UTR is digits only, a bank reference letters and digits. */
const utrTyped = (method: DepositMethod, typed: string): string =>
  method === 'upi' ? typed.replace(/\D/g, '') : typed.toUpperCase().replace(/[^A-Z0-9]/g, '');

const offered = (payee: PayeeDto): DepositMethod[] => [
  ...(payee.upiId ? (['upi'] as const) : []),
  ...(payee.accountNumber ? (['bank'] as const) : []),
];

/**
 * /deposit (SPEC.md sections 2, 4 and 5): the amount, the payee details of the nearest upline with
 * copy buttons (a QR code for UPI, made here from a upi://pay link), the UTR and the payment
 * screenshot. The UTR and the screenshot open once an amount is typed; Pay Now once a screenshot is
 * chosen. Success shows the server's message and clears the form.
 */
export function DepositPage() {
  usePageTitle('Deposit');
  const queryClient = useQueryClient();
  const { data: me } = useProfile('user');
  const payee = useQuery({ queryKey: ['payee'], queryFn: fetchPayee });
  const [method, setMethod] = useState<DepositMethod>('upi');
  const [amount, setAmount] = useState('');
  const [utr, setUtr] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useObjectUrl(file);
  const { busy, error, done, setError, touch, send } = useRequestSubmit();
  const fileInput = useRef<HTMLInputElement>(null);

  const details = payee.data?.data ?? null;
  const methods = details ? offered(details) : [];
  const chosen = methods.includes(method) ? method : (methods[0] ?? 'upi');
  const paise = rupeesToPaise(amount.trim());
  const hasAmount = paise !== null && paise > 0;

  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      touch();
    };

  const choose = async (picked: File | null): Promise<void> => {
    touch();
    const problem = picked ? await screenshotProblem(picked) : null;
    setFileError(problem);
    setFile(problem ? null : picked);
    if (problem && fileInput.current) fileInput.current.value = '';
  };

  const problem = (): string | null => {
    if (amount.trim() === '') return AMOUNT_REQUIRED;
    if (!hasAmount) return 'Amount must be a number greater than zero, with at most 2 decimals';
    if (utr.trim() === '') return FILL_THIS_FIELD;
    if (!file) return IMAGE_REQUIRED;
    return utrProblem(chosen, utr);
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const found = problem();
    if (found) return setError(found);
    const form = new FormData();
    form.append('amount', amount.trim());
    form.append('accountType', chosen);
    form.append('utrno', utr.trim());
    form.append('imageUrl', file!, file!.name);
    await send(
      (key) => requestDeposit(form, key),
      () => {
        setAmount('');
        setUtr('');
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
        void queryClient.invalidateQueries({ queryKey: ['payment-history'] });
      },
    );
  };

  if (payee.isPending)
    return (
      <section className="card payment-card">
        <p className="muted">Loading...</p>
      </section>
    );
  if (!details) {
    return (
      <section className="card payment-card">
        <header className="card-head">
          <h1>Deposit</h1>
        </header>
        <p className="muted">No payment method is set up for your account yet. Please contact your upline.</p>
      </section>
    );
  }

  const link =
    details.upiId && hasAmount
      ? upiPayLink({
          upiId: details.upiId,
          name: details.upiName ?? details.payee,
          amount: paise,
          note: `Deposit ${me?.username ?? ''}`.trim(),
        })
      : null;

  return (
    <section className="card payment-card">
      <header className="card-head">
        <h1>Deposit</h1>
      </header>
      <form className="payment-form" onSubmit={submit} noValidate>
        <AmountField label="Amount" name="amount" value={amount} onValue={edit(setAmount)} autoFocus />

        <div className="method-tabs" role="radiogroup" aria-label="Payment method">
          {methods.map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={chosen === m}
              className={chosen === m ? 'method-tab active' : 'method-tab'}
              onClick={() => edit(setMethod)(m)}
            >
              {METHOD_LABEL[m]}
            </button>
          ))}
        </div>

        <div className="payee-box">
          {chosen === 'upi' ? (
            <div className="payee-upi">
              <div className="qr-slot">
                {link ? (
                  <>
                    <UpiQr link={link} label={`UPI QR code: pay ${formatInr(paise!)} to ${details.upiId}`} />
                    <a className="btn btn-sm btn-outline upi-app-link" href={link}>
                      Open in UPI app
                    </a>
                  </>
                ) : (
                  <p className="qr-placeholder">Enter the amount to see the QR code</p>
                )}
              </div>
              <dl className="copy-list">
                <CopyRow label="UPI Id" value={details.upiId!} />
                <CopyRow label="UPI Name" value={details.upiName!} />
              </dl>
            </div>
          ) : (
            <dl className="copy-list">
              <CopyRow label="Account Holder Name" value={details.accountHolderName!} />
              <CopyRow label="Account Number" value={details.accountNumber!} />
              <CopyRow label="IFSC Code" value={details.ifscCode!} />
            </dl>
          )}
        </div>

        <TextField
          label="UTR number"
          name="utrno"
          value={utr}
          onValue={(typed) => edit(setUtr)(utrTyped(chosen, typed))}
          disabled={!hasAmount}
          autoComplete="off"
          inputMode={chosen === 'upi' ? 'numeric' : 'text'}
          maxLength={chosen === 'upi' ? 12 : 22}
          hint={
            chosen === 'upi'
              ? 'The 12-digit UTR your UPI app shows after paying'
              : '12-digit IMPS UTR, or the 16 to 22 character NEFT/RTGS reference'
          }
        />
        <label className="field screenshot-field">
          <span>Payment screenshot</span>
          <input
            ref={fileInput}
            type="file"
            name="imageUrl"
            accept=".png,.jpg,.jpeg,image/png,image/jpeg"
            disabled={!hasAmount}
            onChange={(e) => void choose(e.target.files?.[0] ?? null)}
          />
          <small className={fileError || (hasAmount && !file) ? 'field-hint field-problem' : 'field-hint'}>
            {fileError ?? (hasAmount && !file ? IMAGE_REQUIRED : 'png, jpg or jpeg, at most 4 MB')}
          </small>
        </label>
        {preview && <img className="screenshot-preview" src={preview} alt="The chosen payment screenshot" />}

        <FormOutcome error={error} done={done} />
        <div className="form-actions">
          <button type="submit" className="btn btn-success" disabled={busy || !file}>
            {busy ? 'Sending...' : 'Pay Now'}
          </button>
          <span className="muted range-hint">{DEPOSIT_RANGE_HINT}</span>
        </div>
      </form>
    </section>
  );
}
