import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { savePermissionsPassword, type PermissionCategory, type SubLogin } from '../../api/account-calls';
import { FormError, PASSWORD_HINT, TextField, TransactionPasswordField } from '../../ui/fields';
import { showSuccessToast } from '../../ui/toasts';
import { useFormSubmit } from '../../ui/use-form-submit';

/** SPEC.md sections 5 and 8 give this wording. */
const MISMATCH = 'New password and confirm password must match';

export type PickedLogin = SubLogin & { role: string };

interface MultiLoginFormProps {
  /** The login picked with U (none yet: the form is disabled). The form is drawn afresh for each pick. */
  selected: PickedLogin | null;
  categories: readonly PermissionCategory[];
  onReset: () => void;
  /** The login's privileges as saved. */
  onSaved: (login: PickedLogin) => void;
}

/** The picked login's privileges ticked by category, a new password if wanted, confirmed with the transaction code. */
export function MultiLoginForm({ selected, categories, onReset, onSaved }: MultiLoginFormProps) {
  const queryClient = useQueryClient();
  const allNames = categories.flatMap((c) => c.permissions.map((p) => p.name));
  const [granted, setGranted] = useState<Set<string>>(() => new Set(selected?.permissions.role_permissions));
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [transactionPass, setTransactionPass] = useState('');
  const { busy, error, edit, submit: sendForm } = useFormSubmit();

  const toggle = (name: string, on: boolean): void =>
    setGranted((g) => {
      const next = new Set(g);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    if (selected === null) {
      event.preventDefault();
      return;
    }
    await sendForm(event, newPassword !== confirmPassword ? MISMATCH : null, async () => {
      const answer = await savePermissionsPassword(selected.id, {
        permissions: allNames.filter((n) => granted.has(n)),
        newPassword: newPassword === '' ? null : newPassword,
        confirmNewPassword: confirmPassword === '' ? null : confirmPassword,
        transactionPass,
      });
      showSuccessToast(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['sub-logins'] });
      onSaved({ ...selected, permissions: { role_permissions: [...granted] } });
      setNewPassword('');
      setConfirmPassword('');
      setTransactionPass('');
    });
  };

  return (
    <section className="card form-card">
      <header className="card-head">
        <h2>Privileges and password</h2>
      </header>
      <form className="multi-login-form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset disabled={busy}>
          <TextField
            label="Username"
            name="username"
            value={selected?.username ?? ''}
            onValue={() => undefined}
            readOnly
            placeholder="Press U on a login above"
          />
          <div className="privileges">
            {categories.map((c) => {
              const names = c.permissions.map((p) => p.name);
              const all = names.every((n) => granted.has(n));
              return (
                <fieldset key={c.category} className="privilege-group" disabled={selected === null}>
                  <legend>
                    <label className="check">
                      <input
                        type="checkbox"
                        checked={selected !== null && all}
                        onChange={(e) => names.forEach((n) => toggle(n, e.target.checked))}
                        aria-label={`All ${c.category} privileges`}
                      />
                      <span>{c.category}</span>
                    </label>
                  </legend>
                  {c.permissions.map((p) => (
                    <label key={p._id} className="check privilege" title={p.name}>
                      <input
                        type="checkbox"
                        name="permissions"
                        value={p.name}
                        checked={granted.has(p.name)}
                        onChange={(e) => toggle(p.name, e.target.checked)}
                      />
                      <span>{p.description}</span>
                    </label>
                  ))}
                </fieldset>
              );
            })}
          </div>
          <div className="password-row">
            <TextField
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onValue={edit(setNewPassword)}
              hint={`Leave empty to keep it. ${PASSWORD_HINT}`}
              disabled={selected === null}
            />
            <TextField
              label="Confirm new password"
              name="confirmNewPassword"
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onValue={edit(setConfirmPassword)}
              disabled={selected === null}
            />
            <TransactionPasswordField
              label="Transaction code"
              name="transactionPass"
              value={transactionPass}
              onValue={edit(setTransactionPass)}
            />
          </div>
          <FormError message={error} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={selected === null}>
              {busy ? 'Saving...' : 'Submit'}
            </button>
            <button type="button" className="btn btn-outline" onClick={onReset}>
              Reset
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
