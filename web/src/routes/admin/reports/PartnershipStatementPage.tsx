import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OwedRow } from '@exch/contracts';
import { fetchPartnershipStatement } from '../../../api/report-calls';
import { CsvButton } from '../../../reports/CsvButton';
import { ReportSide } from '../../../reports/ReportSide';
import { DataTable, type Column } from '../../../ui/DataTable';
import { DateRangeFilter } from '../../../ui/DateRangeFilter';
import { lastSevenDays } from '../../../ui/dates';
import { useListSearch } from '../../../ui/list-search';
import { formatRupees, pnlClass } from '../../../ui/money';
import { TableFoot } from '../../../ui/TableFoot';
import { useDateRange } from '../../../ui/use-date-range';
import { usePageTitle } from '../../../ui/use-page-title';
import { partnershipSearch } from './partnership-search';
import { SharesCard } from './SharesCard';
import '../../../styles/admin-exchange.css';
import '../../../styles/reports.css';

const PAGE_SIZE = 25;

/** "dealer1 owes agent1 ₹314.00" or the other way round, from owedToParent (positive: pays up). */
function owedText(who: string, parent: string | null, owed: number): string {
  if (parent === null) return `${who} is the top of the chain: nobody above to settle with.`;
  if (owed === 0) return `${who} and ${parent} are square.`;
  return owed > 0 ? `${who} owes ${parent} ${formatRupees(owed)}` : `${parent} owes ${who} ${formatRupees(-owed)}`;
}

const amount = (id: string, header: string, value: (r: OwedRow) => number, strong = false): Column<OwedRow> => ({
  id,
  header,
  className: 'num',
  cellClassName: strong ? 'strong-cell' : undefined,
  cell: (r) => <span className={pnlClass(value(r))}>{formatRupees(value(r))}</span>,
  sortValue: value,
});

function columns(account: string, open: (username: string) => void): Column<OwedRow>[] {
  return [
    {
      id: 'username',
      header: 'User Name',
      cellClassName: 'strong-cell',
      // A child with a downline opens its own statement; a player's row is chips only.
      cell: (r) =>
        r.share === null ? (
          r.username
        ) : (
          <button type="button" className="link-button" onClick={() => open(r.username)}>
            {r.username}
          </button>
        ),
      sortValue: (r) => r.username,
    },
    { id: 'level', header: 'Level', cell: (r) => <span className="role-badge">{r.role.name}</span> },
    {
      id: 'share',
      header: 'Share',
      className: 'num',
      cell: (r) => (r.share === null ? <span className="muted">-</span> : `${r.share.toFixed(2)}%`),
      sortValue: (r) => r.share ?? -1,
    },
    amount('sports', 'Sports', (r) => r.players.sports),
    amount('casino', 'Casino', (r) => r.players.casino),
    amount('thirdParty', 'Third party', (r) => r.players.thirdParty),
    amount('total', 'Players total', (r) => r.players.total, true),
    amount('carried', 'Carried', (r) => r.carried.total),
    {
      id: 'settle',
      header: 'Settle up',
      cell: (r) =>
        r.share === null ? <span className="muted">chips only</span> : owedText(r.username, account, r.owedToParent),
    },
  ];
}

/**
 * Partnership statement (docs/reports.md): for a period, what the account owes its upline and what
 * each direct child owes it, from the category profit and loss and the partnership shares in force
 * when each result was settled. A child with a downline opens its own statement. The period, the
 * child opened, the page and the sort are in the URL.
 */
export function PartnershipStatementPage() {
  usePageTitle('Partnership statement');
  const [search, setSearch] = useListSearch(partnershipSearch);
  const [defaults] = useState(lastSevenDays);
  const period = { from: search.from ?? defaults.from, to: search.to ?? defaults.to };
  const { parent } = search;
  const page = search.page ?? 1;
  const range = useDateRange(lastSevenDays, (r) => setSearch({ ...r, page: undefined }), period);
  const params = { ...period, parent, page, limit: PAGE_SIZE };
  const statement = useQuery({
    queryKey: ['partnership-statement', params],
    queryFn: () => fetchPartnershipStatement(params),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const s = statement.isError ? undefined : statement.data;
  const open = (username: string | undefined) => setSearch({ parent: username, page: undefined, sort: undefined });

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
                  <button type="button" className="link-button" onClick={() => open(undefined)}>
                    back to my statement
                  </button>
                </>
              )}
            </p>
          </div>
        )}
        <DataTable
          columns={columns(s?.account.username ?? '', open)}
          rows={s?.data ?? []}
          rowKey={(r) => r.userId}
          query={statement}
          testId="partnership-statement"
          sort={{ value: search.sort, onChange: (sort) => setSearch({ sort }, { replace: true }) }}
        />
        <TableFoot
          total={s?.total}
          noun="account"
          pagination={{ page, totalPages: Math.max(1, Math.ceil((s?.total ?? 0) / PAGE_SIZE)) }}
          onPage={(p) => setSearch({ page: p })}
        />
      </section>
      <SharesCard parent={parent} />
    </>
  );
}
