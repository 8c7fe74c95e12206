import { useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ApiRequestError } from '../../api/api-error';
import { login } from '../../api/auth-calls';
import { profileKey } from '../../api/profile-query';
import { homePathFor, type AuthContextName } from '../../auth/auth-context';
import { saveLogin } from '../../auth/credentials';
import { pendingSetup } from '../../auth/session-rules';

/**
 * Username and password for either login page; server errors show inline here, never as toasts
 * (SPEC.md section 8). An account with two-factor authentication on is answered OTP_REQUIRED: the
 * form then asks for the 6-digit code and sends it with the same username and password.
 */
export function LoginForm({ ctx }: { ctx: AuthContextName }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [otpPrompt, setOtpPrompt] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const otpInput = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const auth = await login(ctx, username.trim(), password, otpPrompt === null ? undefined : otp.trim());
      saveLogin(ctx, auth);
      queryClient.setQueryData(profileKey(ctx), auth.user);
      const setup = pendingSetup(ctx, auth.user);
      if (setup === '/first-time-password-change') await navigate({ to: setup, search: { ctx }, replace: true });
      else if (setup !== null) await navigate({ to: setup, replace: true });
      else await navigate({ to: homePathFor(ctx), replace: true });
    } catch (e) {
      if (e instanceof ApiRequestError && e.code === 'OTP_REQUIRED') {
        setOtpPrompt(e.message);
        setTimeout(() => otpInput.current?.focus(), 0);
      } else {
        setError(e instanceof Error ? e.message : 'Login failed, please try again');
        if (e instanceof ApiRequestError && e.code === 'BAD_OTP') setOtp('');
      }
      setBusy(false);
    }
  };

  /** Another username or password starts over: the code belongs to the account that asked for it. */
  const resetOtp = (): void => {
    setOtpPrompt(null);
    setOtp('');
  };

  const otpReady = otpPrompt === null || /^\d{6}$/.test(otp.trim());

  return (
    <form className="login-form" onSubmit={(e) => void submit(e)} noValidate>
      <label className="field">
        <span>Username</span>
        <input
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(e) => {
            setUsername(e.target.value);
            resetOtp();
          }}
        />
      </label>
      <label className="field">
        <span>Password</span>
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            resetOtp();
          }}
        />
      </label>
      {otpPrompt !== null && (
        <div className="otp-step">
          <p className="note otp-note">{otpPrompt}</p>
          <label className="field">
            <span>Authentication code</span>
            <input
              ref={otpInput}
              name="otp"
              className="otp-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="000000"
              required
              value={otp}
              onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, 6))}
            />
          </label>
        </div>
      )}
      {error !== null && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-accent btn-block"
        disabled={busy || username.trim() === '' || password === '' || !otpReady}
      >
        {busy ? 'Logging in...' : otpPrompt === null ? 'Login' : 'Verify and login'}
      </button>
    </form>
  );
}
