import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ROLE_NAME } from '@exch/contracts';
import { fetchPermissionCatalog, fetchSubLogins } from '../../api/account-calls';
import { DataTable, type Column } from '../../ui/DataTable';
import { usePageTitle } from '../../ui/use-page-title';
import { MultiLoginForm, type PickedLogin } from './MultiLoginForm';

function columns(allNames: readonly string[], pick: (login: PickedLogin) => void): Column<PickedLogin>[] {
  const held = (u: PickedLogin): number => u.permissions.role_permissions.filter((p) => allNames.includes(p)).length;
  return [
    { id: 'username', header: 'Username', cellClassName: 'strong-cell', cell: (u) => u.username },
    {
      id: 'role',
      header: 'Role',
      cell: (u) => <span className="role-badge">{ROLE_NAME[u.role as keyof typeof ROLE_NAME] ?? u.role}</span>,
    },
    {
      id: 'privileges',
      header: 'Privileges',
      cell: (u) => (allNames.length > 0 && held(u) === allNames.length ? 'All' : `${held(u)} of ${allNames.length}`),
    },
    {
      id: 'action',
      header: 'Action',
      headClassName: 'actions-head',
      className: 'actions-cell',
      cell: (u) => (
        <button
          type="button"
          className="act act-plain"
          aria-label={`U: ${u.username}`}
          title="Edit privileges and password"
          onClick={() => pick(u)}
        >
          U
        </button>
      ),
    },
  ];
}

/**
 * Multi login (SPEC.md sections 2, 3, 5, 6): the agent and admin logins of the downline with their
 * privileges. Pick one with U, tick its privileges, optionally give it a new password, confirm with
 * the transaction code.
 */
export function MultiLoginPage() {
  usePageTitle('Multi login');
  const catalog = useQuery({ queryKey: ['permission-catalog'], queryFn: fetchPermissionCatalog, staleTime: Infinity });
  const subLogins = useQuery({ queryKey: ['sub-logins'], queryFn: fetchSubLogins });
  const categories = catalog.data?.data ?? [];
  const allNames = categories.flatMap((c) => c.permissions.map((p) => p.name));
  const groups = subLogins.data?.data.users_by_role ?? [];
  const users = groups.flatMap((g) => g.users.map((u) => ({ ...u, role: g.role })));
  // Each press of U draws the form afresh for the login picked (its privileges, empty passwords).
  const [picked, setPicked] = useState<{ login: PickedLogin | null; n: number }>({ login: null, n: 0 });
  const pick = (login: PickedLogin | null): void => setPicked((p) => ({ login, n: p.n + 1 }));
  const selected = picked.login;

  return (
    <div className="multi-login">
      <section className="card table-card">
        <header className="card-head">
          <h1>Multi login</h1>
        </header>
        <p className="muted">
          Agent and admin logins in your downline. Press U to edit a login&apos;s privileges and password.
        </p>
        <DataTable
          columns={columns(allNames, pick)}
          rows={users}
          rowKey={(u) => u.id}
          rowProps={(u) => ({ className: selected?.id === u.id ? 'row-selected' : undefined })}
          query={subLogins}
          className="sublogin-table"
          empty="No agent or admin logins in your downline yet. Create one with Add user."
        />
      </section>
      <MultiLoginForm
        key={picked.n}
        selected={selected}
        categories={categories}
        onReset={() => pick(null)}
        onSaved={(login) => setPicked((p) => ({ ...p, login }))}
      />
    </div>
  );
}
