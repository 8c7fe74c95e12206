import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, createRoute, useNavigate } from '@tanstack/react-router';
import { FirstPasswordBody, SetTransactionPasswordBody, type UserDto } from '@exch/contracts';
import { setFirstPassword, setTransactionPassword } from '../../api/account-calls';
import { fetchProfile, profileKey, useProfile } from '../../api/profile-query';
import { homePathFor, loginPathFor, type AuthContextName } from '../../auth/auth-context';
import { readCredentials, saveRecord } from '../../auth/credentials';
import { pendingSetup } from '../../auth/session-rules';
import { useLogout } from '../../layout/use-logout';
import { FormError, TextField } from '../../ui/fields';
import { PublicShell } from '../../ui/PublicShell';
import { showSuccessToast } from '../../ui/toasts';
import { useFormSubmit } from '../../ui/use-form-submit';
import { usePageTitle } from '../../ui/use-page-title';
import { firstProblem } from '../../ui/validate';
import { rootRoute } from '../root-route';
import { NewPasswordFields } from '../shared/NewPasswordFields';

const isContext = (value: unknown): value is AuthContextName => value === 'user' || value === 'admin';

/** Where a login with mustChangePassword lands; `ctx` says which session (player or back office) it is for. */
export const firstTimePasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/first-time-password-change',
  validateSearch: (search: Record<string, unknown>): { ctx?: AuthContextName } =>
    isContext(search.ctx) ? { ctx: search.ctx } : {},
  component: FirstTimePasswordPage,
});

export const transactionPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/transaction-password',
  component: () => <TransactionPasswordPage ctx={storedContext(undefined)} />,
});

export const adminTransactionPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/transaction-password',
  component: () => <TransactionPasswordPage ctx={storedContext('admin')} />,
});

/**
 * The session a public password page works on: the one named, else the one that must change its
 * password, else any logged-in one (the player's first). Null without a session.
 */
function storedContext(hint: AuthContextName | undefined, preferPending = false): AuthContextName | null {
  if (hint !== undefined) return readCredentials(hint).token !== null ? hint : null;
  const loggedIn = (['user', 'admin'] as const).filter((c) => readCredentials(c).token !== null);
  if (preferPending) {
    const pending = loggedIn.find((c) => readCredentials(c).record?.mustChangePassword === true);
    if (pending !== undefined) return pending;
  }
  return loggedIn[0] ?? null;
}

/** Keeps the stored record (which the route guards read) in step after a change, even if the refresh fails. */
async function refreshRecord(ctx: AuthContextName, patch: Partial<UserDto>): Promise<UserDto | null> {
  try {
    return await fetchProfile(ctx);
  } catch {
    const { record } = readCredentials(ctx);
    if (record === null) return null;
    const next = { ...record, ...patch };
    saveRecord(ctx, next);
    return next;
  }
}

function FirstTimePasswordPage() {
  const { ctx: hint } = firstTimePasswordRoute.useSearch();
  usePageTitle('Change password');
  const [ctx] = useState(() => storedContext(hint, true));
  return (
    <PublicShell>
      <section className="card public-card login-card">
        <h1>Change your password</h1>
        {ctx === null ? (
          <NoSession what="change your password" ctx={hint ?? 'user'} />
        ) : (
          <FirstPasswordForm ctx={ctx} />
        )}
      </section>
    </PublicShell>
  );
}

function NoSession({ what, ctx }: { what: string; ctx: AuthContextName }) {
  return (
    <>
      <p className="muted">Log in first to {what}.</p>
      <Link to={loginPathFor(ctx)} className="btn btn-primary btn-block">
        Go to login
      </Link>
    </>
  );
}

/**
 * The new password for an account whose password the upline set. The form opens once the server
 * has confirmed the account really must change it; the stored copy may be old.
 */
function FirstPasswordForm({ ctx }: { ctx: AuthContextName }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout(ctx);
  const profile = useProfile(ctx);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { busy, error, edit, submit } = useFormSubmit();

  const checked = profile.isFetchedAfterMount;
  const user = profile.data;
  const needed = user?.mustChangePassword === true;

  const body = { newPassword, confirmPassword };
  const send = async (): Promise<void> => {
    const answer = await setFirstPassword(ctx, body);
    const fresh = await refreshRecord(ctx, { mustChangePassword: false });
    if (fresh !== null) queryClient.setQueryData(profileKey(ctx), fresh);
    showSuccessToast(answer.message);
    if (ctx === 'admin' && (answer.needsTransactionPassword || fresh?.hasTransactionPassword === false)) {
      await navigate({ to: '/admin/transaction-password', replace: true });
    } else {
      await navigate({ to: homePathFor(ctx), replace: true });
    }
  };

  const next = pendingSetup(ctx, user);
  const locked = !checked || !needed || busy;
  return (
    <>
      {user !== undefined && (
        <p className="muted">
          {needed || !checked
            ? 'Your account was created or reset with a temporary password. Choose your own before you continue.'
            : 'Your password is already your own.'}{' '}
          Logged in as <b>{user.username}</b>.
        </p>
      )}
      <form
        className="login-form"
        onSubmit={(e) => void submit(e, firstProblem(FirstPasswordBody, body), send, { leaves: true })}
        noValidate
      >
        {/* Closed (and said to be, for assistive technology) until the server confirms the change is due. */}
        <fieldset disabled={locked} aria-disabled={locked}>
          <NewPasswordFields
            newPassword={newPassword}
            confirmPassword={confirmPassword}
            onNewPassword={edit(setNewPassword)}
            onConfirmPassword={edit(setConfirmPassword)}
          />
          <FormError message={error} />
          <button type="submit" className="btn btn-primary btn-block">
            {busy ? 'Saving...' : 'Change password'}
          </button>
        </fieldset>
      </form>
      {!checked && <p className="note">Checking your account...</p>}
      {checked && !needed && (
        <p className="note">
          Nothing to change here.{' '}
          {next === '/admin/transaction-password' ? (
            <Link to="/admin/transaction-password">Set your transaction password</Link>
          ) : (
            <Link to={homePathFor(ctx)}>Continue</Link>
          )}
          {' · '}
          <Link to={ctx === 'admin' ? '/admin/change-password' : '/changepassword'}>Change password</Link>
        </p>
      )}
      <button type="button" className="link-button below" onClick={() => void logout()}>
        Log out instead
      </button>
    </>
  );
}

function TransactionPasswordPage({ ctx }: { ctx: AuthContextName | null }) {
  usePageTitle('Transaction password');
  return (
    <PublicShell tagline={ctx === 'admin' ? 'Back office' : undefined}>
      <section className="card public-card login-card">
        {ctx === null ? (
          <>
            <h1>Transaction password</h1>
            <NoSession what="set your transaction password" ctx="admin" />
          </>
        ) : (
          <TransactionPasswordForm ctx={ctx} />
        )}
      </section>
    </PublicShell>
  );
}

/** Sets (or changes) the password that confirms transfers, limits, locks and other sensitive actions. */
function TransactionPasswordForm({ ctx }: { ctx: AuthContextName }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout(ctx);
  const { data: user } = useProfile(ctx);
  const [password, setPassword] = useState('');
  const [transactionPassword, setTxn] = useState('');
  const [confirmTransactionPassword, setConfirm] = useState('');
  const { busy, error, edit, submit } = useFormSubmit();
  const isSet = user?.hasTransactionPassword === true;

  const body = { password, transactionPassword, confirmTransactionPassword };
  const send = async (): Promise<void> => {
    const answer = await setTransactionPassword(ctx, body);
    const fresh = await refreshRecord(ctx, { hasTransactionPassword: true });
    if (fresh !== null) queryClient.setQueryData(profileKey(ctx), fresh);
    showSuccessToast(answer.message);
    await navigate({ to: homePathFor(ctx), replace: true });
  };

  return (
    <>
      <h1>{isSet ? 'Change transaction password' : 'Set your transaction password'}</h1>
      <p className="muted">
        It confirms deposits, withdrawals, limits, locks and other changes you make to your downline. Keep it different
        from your login password.
        {user !== undefined && (
          <>
            {' '}
            Logged in as <b>{user.username}</b>.
          </>
        )}
      </p>
      <form
        className="login-form"
        onSubmit={(e) => void submit(e, firstProblem(SetTransactionPasswordBody, body), send, { leaves: true })}
        noValidate
      >
        <fieldset disabled={busy}>
          <TextField
            label="Login password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onValue={edit(setPassword)}
          />
          <TextField
            label="Transaction password"
            name="transactionPassword"
            type="password"
            autoComplete="off"
            value={transactionPassword}
            onValue={edit(setTxn)}
            hint="At least 6 characters."
          />
          <TextField
            label="Confirm transaction password"
            name="confirmTransactionPassword"
            type="password"
            autoComplete="off"
            value={confirmTransactionPassword}
            onValue={edit(setConfirm)}
          />
          <FormError message={error} />
          <button type="submit" className="btn btn-primary btn-block">
            {busy ? 'Saving...' : isSet ? 'Change transaction password' : 'Set transaction password'}
          </button>
        </fieldset>
      </form>
      {isSet && (
        <p className="note">
          <Link to={homePathFor(ctx)}>Back to {ctx === 'admin' ? 'the back office' : 'the site'}</Link>
        </p>
      )}
      <button type="button" className="link-button below" onClick={() => void logout()}>
        Log out instead
      </button>
    </>
  );
}
