import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLE_NAME } from '@exch/contracts';
import {
  fetchPermissionCatalog,
  fetchSubLogins,
  savePermissionsPassword,
  type SubLogin,
} from '../../api/account-calls';
import { EmptyRow } from '../../ui/EmptyRow';
import { FormError, PASSWORD_HINT, TextField, TransactionPasswordField } from '../../ui/fields';
import { showSuccessToast } from '../../ui/toasts';
import { useFormSubmit } from '../../ui/use-form-submit';
import { usePageTitle } from '../../ui/use-page-title';

/** SPEC.md sections 5 and 8 give this wording. */
const MISMATCH = 'New password and confirm password must match';

/**
 * Multi login (SPEC.md sections 2, 3, 5, 6): the agent and admin logins of the downline with their
 * privileges. Pick one with U, tick its privileges, optionally give it a new password, confirm with
 * the transaction code.
 */
export function MultiLoginPage() {
  usePageTitle('Multi login');
  const queryClient = useQueryClient();
  const catalog = useQuery({ queryKey: ['permission-catalog'], queryFn: fetchPermissionCatalog, staleTime: Infinity });
  const subLogins = useQuery({ queryKey: ['sub-logins'], queryFn: fetchSubLogins });
  const categories = catalog.data?.data ?? [];
  const allNames = categories.flatMap((c) => c.permissions.map((p) => p.name));
  const groups = subLogins.data?.data.users_by_role ?? [];
  const users = groups.flatMap((g) => g.users.map((u) => ({ ...u, role: g.role })));

  const [selected, setSelected] = useState<(SubLogin & { role: string }) | null>(null);
  const [granted, setGranted] = useState<Set<string>>(new Set());
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [transactionPass, setTransactionPass] = useState('');
  const { busy, error, setError, edit, submit: sendForm } = useFormSubmit();

  const pick = (user: SubLogin & { role: string }): void => {
    setSelected(user);
    setGranted(new Set(user.permissions.role_permissions));
    setNewPassword('');
    setConfirmPassword('');
    setError(null);
  };

  const reset = (): void => {
    setSelected(null);
    setGranted(new Set());
    setNewPassword('');
    setConfirmPassword('');
    setTransactionPass('');
    setError(null);
  };

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
      setSelected({ ...selected, permissions: { role_permissions: [...granted] } });
      setNewPassword('');
      setConfirmPassword('');
      setTransactionPass('');
    });
  };

  return (
    <div className="multi-login">
      <section className="card table-card">
        <header className="card-head">
          <h1>Multi login</h1>
        </header>
        <p className="muted">
          Agent and admin logins in your downline. Press U to edit a login&apos;s privileges and password.
        </p>
        <div className="table-wrap">
          <table className="data-table stack-table sublogin-table">
            <thead>
              <tr>
                <th>Username</th>
                <th>Role</th>
                <th>Privileges</th>
                <th className="actions-head">Action</th>
              </tr>
            </thead>
            <tbody>
              {users.map((u) => {
                const held = u.permissions.role_permissions.filter((p) => allNames.includes(p)).length;
                return (
                  <tr key={u.id} className={selected?.id === u.id ? 'row-selected' : undefined}>
                    <td data-label="Username" className="strong-cell">
                      {u.username}
                    </td>
                    <td data-label="Role">
                      <span className="role-badge">{ROLE_NAME[u.role as keyof typeof ROLE_NAME] ?? u.role}</span>
                    </td>
                    <td data-label="Privileges">
                      {allNames.length > 0 && held === allNames.length ? 'All' : `${held} of ${allNames.length}`}
                    </td>
                    <td data-label="Action" className="actions-cell">
                      <button
                        type="button"
                        className="act act-plain"
                        aria-label={`U: ${u.username}`}
                        title="Edit privileges and password"
                        onClick={() => pick(u)}
                      >
                        U
                      </button>
                    </td>
                  </tr>
                );
              })}
              {users.length === 0 && (
                <EmptyRow
                  span={4}
                  query={subLogins}
                  empty="No agent or admin logins in your downline yet. Create one with Add user."
                />
              )}
            </tbody>
          </table>
        </div>
      </section>

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
              <button type="button" className="btn btn-outline" onClick={reset}>
                Reset
              </button>
            </div>
          </fieldset>
        </form>
      </section>
    </div>
  );
}
