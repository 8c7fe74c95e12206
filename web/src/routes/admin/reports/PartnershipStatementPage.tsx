import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OwedRow } from '@exch/contracts';
import { fetchPartnershipStatement } from '../../../api/report-calls';
import { CsvButton } from '../../../reports/CsvButton';
import { DateRangeFilter } from '../../../ui/DateRangeFilter';
import { lastSevenDays } from '../../../ui/dates';
import { EmptyRow } from '../../../ui/EmptyRow';
import { formatRupees } from '../../../ui/money';
import { TableFoot } from '../../../ui/TableFoot';
import { useDateRange } from '../../../ui/use-date-range';
import { usePageTitle } from '../../../ui/use-page-title';
import { Pts } from './ProfitLossReportPage';
import { SharesCard } from './SharesCard';
import { ReportSide } from '../../../reports/ReportSide';
import '../../../styles/admin-exchange.css';
import '../../../styles/reports.css';

/** "dealer1 owes agent1 ₹314.00" or the other way round, from owedToParent (positive: pays up). */
function owedText(who: string, parent: string | null, owed: number): string {
  if (parent === null) return `${who} is the top of the chain: nobody above to settle with.`;
  if (owed === 0) return `${who} and ${parent} are square.`;
  return owed > 0 ? `${who} owes ${parent} ${formatRupees(owed)}` : `${parent} owes ${who} ${formatRupees(-owed)}`;
}

/**
 * Partnership statement (docs/reports.md): for a period, what the account owes its upline and what
 * each direct child owes it, from the category profit and loss and the partnership shares in force
 * when each result was settled. A child with a downline opens its own statement.
 */
export function PartnershipStatementPage() {
  usePageTitle('Partnership statement');
  const [period, setPeriod] = useState(lastSevenDays);
  const [parent, setParent] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const range = useDateRange(lastSevenDays, (r) => {
    setPeriod(r);
    setPage(1);
  });
  const params = { ...period, parent, page, limit: 25 };
  const statement = useQuery({
    queryKey: ['partnership-statement', params],
    queryFn: () => fetchPartnershipStatement(params),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const s = statement.isError ? undefined : statement.data;
  const rows: OwedRow[] = s?.data ?? [];

  return (
    <>
      <section className="card table-card">
        <header className="card-head">
          <h1>Partnership statement</h1>
          <CsvButton
            path="/report/partnership"
            params={params}
            filename={`partnership-${s?.account.username ?? 'me'}-${period.from}-to-${period.to}`}
          />
        </header>
        <DateRangeFilter range={range} />
        <ReportSide side="split" />
        {s && (
          <div className="owed-card" data-testid="owed-summary">
            <p className="owed-line">
              <b>{owedText(s.account.username, s.account.parentUsername, s.account.owedToParent)}</b>
            </p>
            <p className="muted">
              Share {s.account.share?.toFixed(2)}% · players {formatRupees(s.account.players.total)} · carried{' '}
              {formatRupees(s.account.carried.total)} · kept {formatRupees(s.account.kept?.total ?? 0)}
              {parent && (
                <>
                  {' · '}
                  <button type="button" className="link-button" onClick={() => setParent(undefined)}>
                    back to my statement
                  </button>
                </>
              )}
            </p>
          </div>
        )}
        <div className={statement.isFetching ? 'table-wrap loading' : 'table-wrap'}>
          <table className="data-table stack-table" data-testid="partnership-statement">
            <thead>
              <tr>
                <th>User Name</th>
                <th>Level</th>
                <th className="num">Share</th>
                <th className="num">Sports</th>
                <th className="num">Casino</th>
                <th className="num">Third party</th>
                <th className="num">Players total</th>
                <th className="num">Carried</th>
                <th>Settle up</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.userId}>
                  <td data-label="User Name" className="strong-cell">
                    {r.share === null ? (
                      r.username
                    ) : (
                      <button type="button" className="link-button" onClick={() => setParent(r.username)}>
                        {r.username}
                      </button>
                    )}
                  </td>
                  <td data-label="Level">
                    <span className="role-badge">{r.role.name}</span>
                  </td>
                  <td data-label="Share" className="num">
                    {r.share === null ? <span className="muted">-</span> : `${r.share.toFixed(2)}%`}
                  </td>
                  <Pts label="Sports" value={r.players.sports} />
                  <Pts label="Casino" value={r.players.casino} />
                  <Pts label="Third party" value={r.players.thirdParty} />
                  <Pts label="Players total" value={r.players.total} strong />
                  <Pts label="Carried" value={r.carried.total} />
                  <td data-label="Settle up">
                    {r.share === null ? (
                      <span className="muted">chips only</span>
                    ) : (
                      owedText(r.username, s?.account.username ?? '', r.owedToParent)
                    )}
                  </td>
                </tr>
              ))}
              {rows.length === 0 && <EmptyRow span={9} query={statement} />}
            </tbody>
          </table>
        </div>
        <TableFoot
          total={s?.total}
          noun="account"
          pagination={{ page, totalPages: Math.max(1, Math.ceil((s?.total ?? 0) / 25)) }}
          onPage={setPage}
        />
      </section>
      <SharesCard parent={parent} />
    </>
  );
}
