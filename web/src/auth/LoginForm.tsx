import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { login } from '../api/auth-calls';
import { profileKey } from '../api/profile-query';
import { homePathFor, type AuthContextName } from './auth-context';
import { saveLogin } from './credentials';

/** Username and password for either login page; server errors show inline here, never as toasts (SPEC.md section 8). */
export function LoginForm({ ctx }: { ctx: AuthContextName }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const auth = await login(ctx, username.trim(), password);
      saveLogin(ctx, auth);
      queryClient.setQueryData(profileKey(ctx), auth.user);
      await navigate({ to: auth.user.mustChangePassword ? '/first-time-password-change' : homePathFor(ctx), replace: true });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Login failed, please try again');
      setBusy(false);
    }
  };

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
          onChange={(e) => setUsername(e.target.value)}
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
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {error !== null && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-accent btn-block" disabled={busy || username.trim() === '' || password === ''}>
        {busy ? 'Logging in...' : 'Login'}
      </button>
    </form>
  );
}
