import { useState, type FormEvent } from 'react';
import { ChangePasswordBody } from '@exch/contracts';
import { changePassword } from '../../api/account-calls';
import { errorMessage } from '../../api/error-message';
import type { AuthContextName } from '../../auth/auth-context';
import { FormError, PASSWORD_HINT, TextField } from '../../ui/fields';
import { showSuccessToast } from '../../ui/toasts';
import { usePageTitle } from '../../ui/use-page-title';
import { firstProblem } from '../../ui/validate';

/** Change one's own login password: the player's /changepassword and the back office's /admin/change-password. */
export function ChangePasswordPage({ ctx }: { ctx: AuthContextName }) {
  usePageTitle('Change password');
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const edit = (setter: (v: string) => void) => (value: string) => {
    setter(value);
    setError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const body = { currentPassword, newPassword, confirmPassword };
    const problem = firstProblem(ChangePasswordBody, body);
    if (problem !== null) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await changePassword(ctx, body);
      showSuccessToast(answer.message);
      setCurrent('');
      setNew('');
      setConfirm('');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card form-card">
      <header className="card-head">
        <h1>Change password</h1>
      </header>
      <p className="muted">
        {ctx === 'admin' ? 'The password you log in to the back office with.' : 'The password you log in with.'}
      </p>
      <form className="stack-form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset disabled={busy}>
          <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" value={currentPassword} onValue={edit(setCurrent)} />
          <TextField label="New password" name="newPassword" type="password" autoComplete="new-password" value={newPassword} onValue={edit(setNew)} hint={PASSWORD_HINT} />
          <TextField label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" value={confirmPassword} onValue={edit(setConfirm)} />
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
