import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CasinoTableDto } from '@exch/contracts';
import { fetchAllTables, setTableStatus } from '../../api/casino-calls';
import { useProfile } from '../../api/profile-query';
import { hasPrivilege } from '../../auth/privileges';
import { EmptyRow } from '../../ui/EmptyRow';
import { formatRupees } from '../../ui/money';
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

  const rows = tables.data ?? [];
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
      <div className="table-wrap">
        <table className="data-table stack-table">
          <thead>
            <tr>
              <th>Game</th>
              <th>Code</th>
              <th>Status</th>
              <th>Round</th>
              <th className="num">Min</th>
              <th className="num">Max</th>
              {canManage && <th className="num">Action</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((t) => (
              <tr key={t._id} data-table={t._id}>
                <td data-label="Game" className="strong-cell">
                  <span className="casino-admin-game">
                    <img src={t.game_image} alt="" width={64} height={40} />
                    <Link to="/admin/casino/$gameCode" params={{ gameCode: t._id }}>
                      {t.game_name}
                    </Link>
                  </span>
                </td>
                <td data-label="Code">{t._id}</td>
                <td data-label="Status">
                  <span
                    className={`state-badge ${t.game_status === 'ACTIVE' ? 'state-ok' : 'state-locked'}`}
                    data-testid="table-status"
                  >
                    {t.game_status === 'ACTIVE' ? 'Active' : 'Suspended'}
                  </span>
                </td>
                <td data-label="Round">
                  {t.round ? (
                    `${t.round.mid} · ${ROUND_WORD[t.round.status]}`
                  ) : (
                    <span className="muted">Between rounds</span>
                  )}
                </td>
                <td data-label="Min" className="num">
                  {formatRupees(t.min)}
                </td>
                <td data-label="Max" className="num">
                  {formatRupees(t.max)}
                </td>
                {canManage && (
                  <td data-label="Action" className="num">
                    <button
                      type="button"
                      className={`btn btn-sm ${t.game_status === 'ACTIVE' ? 'btn-danger' : 'btn-success'}`}
                      disabled={busy === t._id}
                      onClick={() => void toggle(t)}
                    >
                      {t.game_status === 'ACTIVE' ? 'Suspend' : 'Activate'}
                    </button>
                  </td>
                )}
              </tr>
            ))}
            {rows.length === 0 && <EmptyRow span={canManage ? 7 : 6} query={tables} />}
          </tbody>
        </table>
      </div>
    </section>
  );
}
