import { formatDateTime } from '@exch/contracts';
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchPartnershipShares } from '../../../api/report-calls';
import { EmptyRow } from '../../../ui/EmptyRow';
import { AsOfForm } from '../../shared/AsOfForm';

const LABELS = { show: 'Show shares', back: 'Back to now', form: 'Partnership shares as of a moment' };

/**
 * The partnership shares of the viewed account's back-office downline, now or as they stood at a
 * past moment (GET /api/partnership?at=): what a disputed period was split by.
 */
export function SharesCard({ parent }: { parent: string | undefined }) {
  const [at, setAt] = useState<string | null>(null);
  const params = { parent, ...(at ? { at } : {}) };
  const shares = useQuery({
    queryKey: ['partnership-shares', params],
    queryFn: () => fetchPartnershipShares(params),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const rows = shares.data?.data ?? [];

  return (
    <section className="card table-card shares-card">
      <header className="card-head">
        <h2>{at ? `Partnership shares as of ${formatDateTime(at)}` : 'Partnership shares now'}</h2>
      </header>
      <AsOfForm value={at} onChange={setAt} labels={LABELS} />
      <div className={shares.isFetching ? 'table-wrap loading' : 'table-wrap'}>
        <table className="data-table stack-table" data-testid="partnership-shares">
          <thead>
            <tr>
              <th>User Name</th>
              <th>Level</th>
              <th>Upline</th>
              <th className="num">Share</th>
              <th className="num">Upline's share</th>
              <th>Set</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.userId}>
                <td data-label="User Name" className="strong-cell">
                  {r.username}
                </td>
                <td data-label="Level">
                  <span className="role-badge">{r.role.name}</span>
                </td>
                <td data-label="Upline">{r.parentUsername ?? <span className="muted">-</span>}</td>
                <td data-label="Share" className="num">{`${r.share.toFixed(2)}%`}</td>
                <td data-label="Upline's share" className="num">{`${r.parentShare.toFixed(2)}%`}</td>
                <td data-label="Set">{r.setAt ? formatDateTime(r.setAt) : <span className="muted">never</span>}</td>
              </tr>
            ))}
            {rows.length === 0 && <EmptyRow span={6} query={shares} />}
          </tbody>
        </table>
      </div>
    </section>
  );
}
