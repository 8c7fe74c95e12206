import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CasinoTableDto } from '@exch/contracts';
import { fetchAllTables, setTableStatus } from '../../api/casino-calls';
import { useProfile } from '../../api/profile-query';
import { hasPrivilege } from '../../auth/privileges';
import { amountColumn, DataTable, type Column } from '../../ui/DataTable';
import { showSuccessToast } from '../../ui/toasts';
import { usePageTitle } from '../../ui/use-page-title';
import '../../styles/casino.css';

const ROUND_WORD = {
  betting: 'Betting',
  closed: 'No more bets',
  dealing: 'Dealing',
  settled: 'Settled',
  void: 'Void',
} as const;

/** The tables' columns; Action (suspend or activate) for those who may. */
function columns(
  canManage: boolean,
  busy: string | null,
  onToggle: (t: CasinoTableDto) => void,
): Column<CasinoTableDto>[] {
  const list: Column<CasinoTableDto>[] = [
    {
      id: 'game',
      header: 'Game',
      cellClassName: 'strong-cell',
      cell: (t) => (
        <span className="casino-admin-game">
          <img src={t.game_image} alt="" width={64} height={40} />
          <Link to="/admin/casino/$gameCode" params={{ gameCode: t._id }}>
            {t.game_name}
          </Link>
        </span>
      ),
    },
    { id: 'code', header: 'Code', cell: (t) => t._id },
    {
      id: 'status',
      header: 'Status',
      cell: (t) => (
        <span
          className={`state-badge ${t.game_status === 'ACTIVE' ? 'state-ok' : 'state-locked'}`}
          data-testid="table-status"
        >
          {t.game_status === 'ACTIVE' ? 'Active' : 'Suspended'}
        </span>
      ),
    },
    {
      id: 'round',
      header: 'Round',
      cell: (t) =>
        t.round ? `${t.round.mid} · ${ROUND_WORD[t.round.status]}` : <span className="muted">Between rounds</span>,
    },
    amountColumn('min', 'Min', (t) => t.min),
    amountColumn('max', 'Max', (t) => t.max),
  ];
  if (!canManage) return list;
  return [
    ...list,
    {
      id: 'action',
      header: 'Action',
      className: 'num',
      cell: (t) => (
        <button
          type="button"
          className={`btn btn-sm ${t.game_status === 'ACTIVE' ? 'btn-danger' : 'btn-success'}`}
          disabled={busy === t._id}
          onClick={() => onToggle(t)}
        >
          {t.game_status === 'ACTIVE' ? 'Suspend' : 'Activate'}
        </button>
      ),
    },
  ];
}

/**
 * The back office's casino list (SPEC.md section 2): every table with its state and round under
 * way; admin and super admin suspend and activate (a suspended table finishes its round and deals
 * no more). Each opens the live table with the downline's bets.
 */
export function CasinoListPage() {
  usePageTitle('Casino list');
  const { data: me } = useProfile('admin');
  const canManage = (me?.role.slug === 'admin' || me?.role.slug === 'super-admin') && hasPrivilege(me, 'manage-casino');
  const queryClient = useQueryClient();
  const tables = useQuery({
    queryKey: ['casino-all-tables', 'admin'],
    queryFn: async () => (await fetchAllTables('admin')).data,
    refetchInterval: 5_000,
  });
  const [busy, setBusy] = useState<string | null>(null);

  const toggle = async (t: CasinoTableDto): Promise<void> => {
    setBusy(t._id);
    try {
      const answer = await setTableStatus(t._id, t.game_status === 'ACTIVE' ? 'SUSPENDED' : 'ACTIVE');
      showSuccessToast(answer.message);
      queryClient.setQueryData(['casino-all-tables', 'admin'], (list: CasinoTableDto[] | undefined) =>
        list?.map((x) => (x._id === t._id ? answer.data : x)),
      );
    } catch {
      // The server's message was toasted.
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card table-card casino-card casino-admin-list">
      <header className="card-head">
        <h1>Casino list</h1>
        <span className="muted">Live Indian tables dealt by the house</span>
      </header>
      {me && !canManage && (
        <p className="note" data-testid="manage-note">
          Only admin and super admin suspend or activate tables.
        </p>
      )}
      <DataTable
        columns={columns(canManage, busy, (t) => void toggle(t))}
        rows={tables.data ?? []}
        rowKey={(t) => t._id}
        rowProps={(t) => ({ 'data-table': t._id })}
        // The list refreshes every 5 s: no fade each time.
        query={{ ...tables, isFetching: false }}
      />
    </section>
  );
}
