import { createRoute } from '@tanstack/react-router';
import { ComingCard } from '../../ui/ComingCard';
import { PublicShell } from '../../ui/PublicShell';
import { usePageTitle } from '../../ui/use-page-title';
import { rootRoute } from '../root-route';

/** Where a login with mustChangePassword lands. */
export const firstTimePasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/first-time-password-change',
  component: FirstTimePasswordPage,
});

export const transactionPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/transaction-password',
  component: TransactionPasswordPage,
});

export const adminTransactionPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/transaction-password',
  component: TransactionPasswordPage,
});

function FirstTimePasswordPage() {
  usePageTitle('Change password');
  return (
    <PublicShell>
      <section className="card public-card login-card">
        <h1>Change your password</h1>
        <p className="muted">Your account was created with a temporary password. Choose your own before you continue.</p>
        <form className="login-form" aria-disabled="true" onSubmit={(e) => e.preventDefault()}>
          <fieldset disabled>
            <label className="field">
              <span>Current password</span>
              <input name="oldPassword" type="password" autoComplete="current-password" />
            </label>
            <label className="field">
              <span>New password</span>
              <input name="newPassword" type="password" autoComplete="new-password" />
            </label>
            <label className="field">
              <span>Confirm new password</span>
              <input name="confirmPassword" type="password" autoComplete="new-password" />
            </label>
            <button type="submit" className="btn btn-primary btn-block">
              Change password
            </button>
          </fieldset>
        </form>
        <p className="note">Changing the password here opens in a coming release. Until then please ask your upline to reset it.</p>
      </section>
    </PublicShell>
  );
}

function TransactionPasswordPage() {
  usePageTitle('Transaction password');
  return (
    <PublicShell>
      <ComingCard
        title="Transaction password"
        blurb="Set the transaction password that confirms transfers, bet locks and other sensitive actions."
      />
    </PublicShell>
  );
}
