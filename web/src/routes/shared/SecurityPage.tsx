import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { disableTotp, enableTotp, fetchTotpStatus, startTotpSetup } from '../../api/account-calls';
import { errorMessage } from '../../api/error-message';
import { profileKey } from '../../api/profile-query';
import type { AuthContextName } from '../../auth/auth-context';
import { copyText } from '../../ui/clipboard';
import { FormError } from '../../ui/fields';
import { QrCode } from '../../ui/QrCode';
import { showSuccessToast } from '../../ui/toasts';
import { usePageTitle } from '../../ui/use-page-title';

type Step = { kind: 'idle' } | { kind: 'setup'; secret: string; otpauthUrl: string } | { kind: 'disable' };

/** Groups a base32 key in fours so it can be typed into an authenticator app by hand. */
const groupKey = (secret: string): string => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Two-step verification with an authenticator app (TOTP): shows whether it is on, sets it up with a
 * QR code or the key, and turns it off with a current code. Logins then ask for the code.
 */
export function SecurityPage({ ctx }: { ctx: AuthContextName }) {
  usePageTitle('Security');
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: ['2fa', ctx], queryFn: () => fetchTotpStatus(ctx) });
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enabled = status.data?.enabled === true;

  const begin = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const setup = await startTotpSetup(ctx);
      setStep({ kind: 'setup', ...setup });
      setCode('');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError('Enter the 6-digit code');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = step.kind === 'disable' ? await disableTotp(ctx, code) : await enableTotp(ctx, code);
      queryClient.setQueryData(['2fa', ctx], { enabled: answer.enabled });
      void queryClient.invalidateQueries({ queryKey: profileKey(ctx) });
      showSuccessToast(answer.message);
      setStep({ kind: 'idle' });
      setCode('');
    } catch (e) {
      setError(errorMessage(e));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const cancel = (): void => {
    setStep({ kind: 'idle' });
    setCode('');
    setError(null);
  };

  return (
    <section className="card form-card security-card">
      <header className="card-head">
        <h1>Security</h1>
      </header>
      <div className="security-status">
        <div className={enabled ? 'shield shield-on' : 'shield'} aria-hidden="true">
          {enabled ? '✔' : '!'}
        </div>
        <div>
          <h2>
            Two-step verification{' '}
            {status.data !== undefined && (
              <span className={enabled ? 'state-badge state-ok' : 'state-badge state-off'} data-testid="totp-state">
                {enabled ? 'On' : 'Off'}
              </span>
            )}
          </h2>
          <p className="muted">
            {enabled
              ? 'Logging in asks for a 6-digit code from your authenticator app as well as your password.'
              : 'Add a 6-digit code from an authenticator app (Google Authenticator, Microsoft Authenticator, Authy) to your password, so a stolen password alone cannot open your account.'}
          </p>
          {step.kind === 'idle' && status.data !== undefined && (
            <button
              type="button"
              className={enabled ? 'btn btn-danger' : 'btn btn-primary'}
              disabled={busy}
              onClick={() => (enabled ? (setStep({ kind: 'disable' }), setError(null)) : void begin())}
            >
              {enabled ? 'Disable' : busy ? 'Starting...' : 'Enable'}
            </button>
          )}
          {step.kind === 'idle' && <FormError message={error} />}
        </div>
      </div>

      {step.kind === 'setup' && (
        <div className="totp-setup">
          <ol className="totp-steps">
            <li>
              <h3>Scan the QR code</h3>
              <p className="muted">Open your authenticator app, add an account and scan this code.</p>
              <div className="qr-frame">
                <QrCode value={step.otpauthUrl} label="QR code for your authenticator app" />
              </div>
            </li>
            <li>
              <h3>Or type the key</h3>
              <p className="muted">If you cannot scan, enter this key in the app (time based).</p>
              <div className="secret-box">
                <code data-testid="totp-secret">{groupKey(step.secret)}</code>
                <button type="button" className="btn btn-sm btn-outline" onClick={() => void copyText(step.secret)}>
                  Copy
                </button>
              </div>
            </li>
            <li>
              <h3>Enter the code</h3>
              <p className="muted">Type the 6-digit code the app shows now to switch verification on.</p>
              <CodeForm
                code={code}
                setCode={setCode}
                busy={busy}
                error={error}
                onSubmit={confirm}
                onCancel={cancel}
                submitLabel="Confirm and enable"
              />
            </li>
          </ol>
        </div>
      )}

      {step.kind === 'disable' && (
        <div className="totp-setup">
          <h3>Turn two-step verification off</h3>
          <p className="muted">Enter the code your authenticator app shows now.</p>
          <CodeForm
            code={code}
            setCode={setCode}
            busy={busy}
            error={error}
            onSubmit={confirm}
            onCancel={cancel}
            submitLabel="Disable"
            danger
          />
        </div>
      )}
    </section>
  );
}

interface CodeFormProps {
  code: string;
  setCode: (code: string) => void;
  busy: boolean;
  error: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onCancel: () => void;
  submitLabel: string;
  danger?: boolean;
}

function CodeForm({ code, setCode, busy, error, onSubmit, onCancel, submitLabel, danger = false }: CodeFormProps) {
  return (
    <form className="code-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <label className="field">
        <span>Authentication code</span>
        <input
          name="code"
          className="otp-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="000000"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          autoFocus
        />
      </label>
      <FormError message={error} />
      <div className="form-actions">
        <button
          type="submit"
          className={danger ? 'btn btn-danger' : 'btn btn-primary'}
          disabled={busy || code.length !== 6}
        >
          {busy ? 'Checking...' : submitLabel}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
