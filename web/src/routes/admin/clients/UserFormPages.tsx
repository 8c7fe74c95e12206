import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  canCreateRole,
  CreateUserBody,
  EditUserBody,
  ROLE_NAME,
  ROLE_SLUGS,
  type ClientRow,
  type RoleSlug,
} from '@exch/contracts';
import { createUser, editUser, fetchClient } from '../../../api/account-calls';
import { errorMessage } from '../../../api/error-message';
import { useProfile } from '../../../api/profile-query';
import { AmountField, FormError, PASSWORD_HINT, TextField, TransactionPasswordField } from '../../../ui/fields';
import { showSuccessToast } from '../../../ui/toasts';
import { useFormSubmit } from '../../../ui/use-form-submit';
import { usePageTitle } from '../../../ui/use-page-title';
import { firstProblem } from '../../../ui/validate';

/** What the role picker says: mdl and agent are both Agent by name, so each says what it is for. */
const PICKER_LABEL: Partial<Record<RoleSlug, string>> = {
  mdl: 'Agent (mdl): runs dealers and players',
  agent: 'Agent sub-login (multi login)',
  admin: 'Admin sub-login (multi login)',
};

/** Role names for a select: where two roles share a display name (mdl and agent are both Agent) the label tells them apart. */
export function roleLabel(role: RoleSlug): string {
  return PICKER_LABEL[role] ?? ROLE_NAME[role];
}

/** The partnership share field of a back-office account (docs/reports.md): percent of its downline's results it and its downline carry. */
function ShareField({
  value,
  onValue,
  ceiling,
}: {
  value: string;
  onValue: (v: string) => void;
  ceiling: number | null;
}) {
  return (
    <TextField
      label="Partnership share (%)"
      name="partnership"
      inputMode="decimal"
      autoComplete="off"
      placeholder="0"
      value={value}
      onValue={onValue}
      hint={`The part of its downline's profit and loss it carries${ceiling === null ? '' : `; at most your ${ceiling}%`}.`}
    />
  );
}

/** /admin/add-user: a new account one level (or more) below the logged-in one, created under it. */
export function AddUserPage() {
  usePageTitle('Add user');
  const { data: me } = useProfile('admin');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // An admin's own rank (an admin sub-login) comes last: the form opens on the role below.
  const creatable = me ? ROLE_SLUGS.filter((r) => canCreateRole(me.role.slug, r)) : [];
  const roles = [...creatable.filter((r) => r !== me?.role.slug), ...creatable.filter((r) => r === me?.role.slug)];
  const [form, setForm] = useState({
    username: '',
    fullName: '',
    password: '',
    confirmPassword: '',
    role: '' as RoleSlug | '',
    creditReference: '',
    exposureLimit: '',
    partnership: '',
    transactionPassword: '',
  });
  const { busy, error, edit, submit } = useFormSubmit();
  const set = (key: keyof typeof form) => edit((value: string) => setForm((f) => ({ ...f, [key]: value })));
  const role = form.role === '' ? (roles[0] ?? '') : form.role;
  const myShare =
    useQuery({
      queryKey: ['client', me?.username],
      queryFn: () => fetchClient(me!.username),
      enabled: me !== undefined,
      retry: false,
    }).data?.user.share ?? null;

  const { partnership, ...rest } = form;
  const share = role !== 'user' && partnership.trim() !== '' ? { partnership: partnership.trim() } : {};
  const body = {
    ...rest,
    ...share,
    username: form.username.trim(),
    fullName: form.fullName.trim(),
    role: role as RoleSlug,
    creditReference: form.creditReference.trim() || '0',
    exposureLimit: form.exposureLimit.trim() || '0',
  };
  const send = async (): Promise<void> => {
    const answer = await createUser(body);
    showSuccessToast(answer.message);
    await queryClient.invalidateQueries({ queryKey: ['downline'] });
    await navigate({ to: '/admin/list-clients' });
  };

  return (
    <section className="card form-card user-form-card">
      <header className="card-head">
        <h1>Add user</h1>
      </header>
      {me && roles.length === 0 ? (
        <p className="muted">Your role ({ROLE_NAME[me.role.slug]}) cannot create accounts.</p>
      ) : (
        <form
          className="grid-form"
          onSubmit={(e) =>
            void submit(e, role === '' ? 'Choose a valid role' : firstProblem(CreateUserBody, body), send, {
              leaves: true,
            })
          }
          noValidate
        >
          <fieldset disabled={busy || !me}>
            <TextField
              label="Username"
              name="username"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={form.username}
              onValue={set('username')}
              hint="3 to 20 letters, digits or _"
              autoFocus
            />
            <TextField
              label="Full name"
              name="fullName"
              autoComplete="off"
              value={form.fullName}
              onValue={set('fullName')}
            />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              onValue={set('password')}
              hint={`${PASSWORD_HINT} Changed at first login.`}
            />
            <TextField
              label="Confirm password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={form.confirmPassword}
              onValue={set('confirmPassword')}
            />
            <label className="field">
              <span>Role</span>
              <select name="role" value={role} onChange={(e) => set('role')(e.target.value)}>
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {roleLabel(r)}
                  </option>
                ))}
              </select>
            </label>
            <div className="form-spacer" aria-hidden="true" />
            <AmountField
              label="Credit reference"
              name="creditReference"
              value={form.creditReference}
              onValue={set('creditReference')}
              hint="The credit given; client P&L is measured against it."
            />
            <AmountField
              label="Exposure limit"
              name="exposureLimit"
              value={form.exposureLimit}
              onValue={set('exposureLimit')}
              hint="The most the account may have at risk in open bets."
            />
            {role !== 'user' && <ShareField value={form.partnership} onValue={set('partnership')} ceiling={myShare} />}
            <UserFormEnd
              transactionPassword={form.transactionPassword}
              onTransactionPassword={set('transactionPassword')}
              error={error}
              action={busy ? 'Creating...' : 'Create user'}
            />
          </fieldset>
        </form>
      )}
    </section>
  );
}

/** /admin/add-user/{username}: a downline account's name, credit reference and exposure limit. */
export function EditUserPage({ username }: { username: string }) {
  usePageTitle(`Edit ${username}`);
  const client = useQuery({ queryKey: ['client', username], queryFn: () => fetchClient(username), retry: false });
  return (
    <section className="card form-card user-form-card">
      <header className="card-head">
        <h1>Edit user</h1>
      </header>
      {client.data ? (
        <EditUserForm key={client.data.user._id} row={client.data.user} />
      ) : client.isError ? (
        <>
          <FormError message={errorMessage(client.error)} />
          <p>
            <Link to="/admin/list-clients">Back to the client list</Link>
          </p>
        </>
      ) : (
        <p className="muted">Loading...</p>
      )}
    </section>
  );
}

function EditUserForm({ row }: { row: ClientRow }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form, setForm] = useState({
    fullName: row.fullName,
    creditReference: String(row.creditReference),
    exposureLimit: String(row.exposureLimit),
    partnership: row.share === null ? '' : String(row.share),
    transactionPassword: '',
  });
  const { busy, error, edit, submit } = useFormSubmit();
  const set = (key: keyof typeof form) => edit((value: string) => setForm((f) => ({ ...f, [key]: value })));

  const { partnership, ...rest } = form;
  const body = {
    ...rest,
    ...(row.share === null ? {} : { partnership: partnership.trim() || '0' }),
    fullName: form.fullName.trim(),
    creditReference: form.creditReference.trim(),
    exposureLimit: form.exposureLimit.trim(),
  };
  const send = async (): Promise<void> => {
    const answer = await editUser(row._id, body);
    showSuccessToast(answer.message);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['downline'] }),
      queryClient.invalidateQueries({ queryKey: ['client'] }),
    ]);
    await navigate({ to: '/admin/list-clients' });
  };

  return (
    <form
      className="grid-form"
      onSubmit={(e) => void submit(e, firstProblem(EditUserBody, body), send, { leaves: true })}
      noValidate
    >
      <fieldset disabled={busy}>
        <TextField label="Username" name="username" value={row.username} onValue={() => undefined} readOnly />
        <TextField label="Role" name="role" value={row.role.name} onValue={() => undefined} readOnly />
        <TextField
          label="Full name"
          name="fullName"
          autoComplete="off"
          value={form.fullName}
          onValue={set('fullName')}
          autoFocus
        />
        <div className="form-spacer" aria-hidden="true" />
        <AmountField
          label="Credit reference"
          name="creditReference"
          value={form.creditReference}
          onValue={set('creditReference')}
        />
        <AmountField
          label="Exposure limit"
          name="exposureLimit"
          value={form.exposureLimit}
          onValue={set('exposureLimit')}
        />
        {row.share !== null && <ShareField value={form.partnership} onValue={set('partnership')} ceiling={null} />}
        <UserFormEnd
          transactionPassword={form.transactionPassword}
          onTransactionPassword={set('transactionPassword')}
          error={error}
          action={busy ? 'Saving...' : 'Save changes'}
        />
      </fieldset>
    </form>
  );
}

/** How both user forms end: the actor's transaction password, the form's message, then send or back to the list. */
function UserFormEnd({
  transactionPassword,
  onTransactionPassword,
  error,
  action,
}: {
  transactionPassword: string;
  onTransactionPassword: (v: string) => void;
  error: string | null;
  action: string;
}) {
  return (
    <>
      <div className="txn-row">
        <TransactionPasswordField value={transactionPassword} onValue={onTransactionPassword} />
      </div>
      <div className="form-wide">
        <FormError message={error} />
      </div>
      <div className="form-actions form-wide">
        <button type="submit" className="btn btn-primary">
          {action}
        </button>
        <Link to="/admin/list-clients" className="btn btn-outline">
          Cancel
        </Link>
      </div>
    </>
  );
}
