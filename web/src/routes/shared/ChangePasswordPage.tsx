import { useState } from 'react';
import { ChangePasswordBody } from '@exch/contracts';
import { changePassword } from '../../api/account-calls';
import type { AuthContextName } from '../../auth/auth-context';
import { FormError, TextField } from '../../ui/fields';
import { showSuccessToast } from '../../ui/toasts';
import { useFormSubmit } from '../../ui/use-form-submit';
import { usePageTitle } from '../../ui/use-page-title';
import { firstProblem } from '../../ui/validate';
import { NewPasswordFields } from './NewPasswordFields';

/** Change one's own login password: the player's /changepassword and the back office's /admin/change-password. */
export function ChangePasswordPage({ ctx }: { ctx: AuthContextName }) {
  usePageTitle('Change password');
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const { busy, error, edit, submit } = useFormSubmit();

  const body = { currentPassword, newPassword, confirmPassword };
  const send = async (): Promise<void> => {
    const answer = await changePassword(ctx, body);
    showSuccessToast(answer.message);
    setCurrent('');
    setNew('');
    setConfirm('');
  };

  return (
    <section className="card form-card">
      <header className="card-head">
        <h1>Change password</h1>
      </header>
      <p className="muted">
        {ctx === 'admin' ? 'The password you log in to the back office with.' : 'The password you log in with.'}
      </p>
      <form
        className="stack-form"
        onSubmit={(e) => void submit(e, firstProblem(ChangePasswordBody, body), send)}
        noValidate
      >
        <fieldset disabled={busy}>
          <TextField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onValue={edit(setCurrent)}
          />
          <NewPasswordFields
            newPassword={newPassword}
            confirmPassword={confirmPassword}
            onNewPassword={edit(setNew)}
            onConfirmPassword={edit(setConfirm)}
          />
          <FormError message={error} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              {busy ? 'Saving...' : 'Change password'}
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
