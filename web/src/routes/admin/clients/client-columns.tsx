import { Link } from '@tanstack/react-router';
import type { ClientRow, UserDto } from '@exch/contracts';
import { hasPrivilege } from '../../../auth/privileges';
import type { Column } from '../../../ui/DataTable';
import { formatRupees, pnlClass } from '../../../ui/money';
import { CLIENT_ACTIONS, type ClientActionKind } from './client-actions';

interface ClientColumnsProps {
  me: UserDto | undefined;
  /** Whose downline is shown: only an account's direct upline moves its chips. */
  parentName: string;
  onAction: (kind: ClientActionKind, row: ClientRow) => void;
}

/** A rupee column, its amount coloured by `tone` (a class or none). */
const money = (
  id: string,
  header: string,
  value: (r: ClientRow) => number,
  tone: (v: number) => string | undefined = () => undefined,
): Column<ClientRow> => ({
  id,
  header,
  className: 'num',
  cell: (r) => <span className={tone(value(r)) || undefined}>{formatRupees(value(r))}</span>,
});

/** The client list's columns: the figures of SPEC.md's client list and its per-row actions. */
export function clientColumns({ me, parentName, onAction }: ClientColumnsProps): Column<ClientRow>[] {
  return [
    {
      id: 'username',
      header: 'Username',
      cellClassName: 'user-cell',
      serverSort: true,
      cell: (r) => <UserCell row={r} />,
    },
    { ...money('creditReference', 'Credit ref.', (r) => r.creditReference), serverSort: true },
    {
      id: 'balance',
      header: 'Balance',
      className: 'num',
      cellClassName: 'strong-cell',
      serverSort: true,
      cell: (r) => <span data-testid="client-balance">{formatRupees(r.balance)}</span>,
    },
    {
      ...money(
        'exposure',
        'Exposure',
        (r) => r.exposure,
        (v) => (v > 0 ? 'negative' : undefined),
      ),
      serverSort: true,
    },
    money(
      'available',
      'Avail. bal.',
      (r) => r.availableBalance,
      (v) => (v < 0 ? 'negative' : undefined),
    ),
    { ...money('pnl', 'Client P&L', (r) => r.clientPnl, pnlClass), cellClassName: 'strong-cell' },
    { id: 'status', header: 'Status', cell: (r) => <StatusCell row={r} /> },
    {
      id: 'actions',
      header: 'Actions',
      headClassName: 'actions-head',
      className: 'actions-cell',
      cell: (r) => <ActionsCell row={r} me={me} parentName={parentName} onAction={(kind) => onAction(kind, r)} />,
    },
  ];
}

function UserCell({ row }: { row: ClientRow }) {
  return (
    <>
      <div className="user-line">
        {row.downlineCount > 0 ? (
          <Link
            to="/admin/list-clients/$username"
            params={{ username: row.username }}
            className="user-link"
            title={`Open the ${row.downlineCount} account(s) below ${row.username}`}
          >
            {row.username}
          </Link>
        ) : (
          <span className="user-name">{row.username}</span>
        )}
        <span className="role-badge">{row.role.name}</span>
        {row.downlineCount > 0 && (
          <span className="downline-count" title="Accounts below">
            {row.downlineCount}
          </span>
        )}
      </div>
      {row.fullName && <div className="user-full muted">{row.fullName}</div>}
    </>
  );
}

function StatusCell({ row }: { row: ClientRow }) {
  return (
    <div className="state-stack">
      <span
        className={row.accountLocked ? 'state-badge state-locked' : 'state-badge state-ok'}
        data-testid="account-state"
        title="Account"
      >
        {row.accountLocked ? 'Locked' : 'Active'}
      </span>
      <span
        className={row.betLocked ? 'state-badge state-locked' : 'state-badge state-ok'}
        data-testid="bet-state"
        title="Betting"
      >
        {row.betLocked ? 'Bet locked' : 'Bet open'}
      </span>
    </div>
  );
}

function ActionsCell({
  row,
  me,
  parentName,
  onAction,
}: Omit<ClientColumnsProps, 'onAction'> & { row: ClientRow; onAction: (kind: ClientActionKind) => void }) {
  return (
    <div className="row-actions">
      {CLIENT_ACTIONS.filter((a) => hasPrivilege(me, a.privilege)).map((a) => {
        const chips = a.kind === 'deposit' || a.kind === 'withdraw';
        const blocked = chips && me !== undefined && row.parentId !== me._id;
        const pressed =
          a.kind === 'account-lock' ? row.accountLocked : a.kind === 'bet-lock' ? row.betLocked : undefined;
        const name = a.name(row);
        return (
          <button
            key={a.kind}
            type="button"
            className={`act act-${a.tone}${pressed ? ' act-on' : ''}`}
            aria-label={`${name}: ${row.username}`}
            title={blocked ? `Only ${parentName}, the direct upline, moves chips to and from ${row.username}` : name}
            aria-pressed={pressed}
            disabled={blocked}
            onClick={() => onAction(a.kind)}
          >
            {a.short}
          </button>
        );
      })}
      {hasPrivilege(me, 'account-statement') && (
        <Link
          to="/admin/user-transactions/$userId"
          params={{ userId: row._id }}
          className="act act-plain"
          aria-label={`Statement: ${row.username}`}
          title="Statement"
        >
          S
        </Link>
      )}
      {hasPrivilege(me, 'create-client') && (
        <Link
          to="/admin/add-user/$username"
          params={{ username: row.username }}
          className="act act-plain"
          aria-label={`Edit: ${row.username}`}
          title="Edit details"
        >
          E
        </Link>
      )}
    </div>
  );
}
