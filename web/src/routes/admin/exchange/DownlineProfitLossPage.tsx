import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchDownlineProfitLoss, type DownlineProfitLossUser } from '../../../api/admin-betting-calls';
import { EmptyRow } from '../../../ui/EmptyRow';
import { formatRupees } from '../../../ui/money';
import { PageSize } from '../../../ui/PageSize';
import { TableFoot } from '../../../ui/TableFoot';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { usePageTitle } from '../../../ui/use-page-title';
import { pnlClass } from './format';
import '../../../styles/admin-exchange.css';

type ReportType = 'ALL' | 'user';

const SEARCH_DEBOUNCE_MS = 300;

const net = (u: DownlineProfitLossUser): number => u.profitLoss.netProfitLoss ?? u.netProfitLoss ?? 0;
const isUserRole = (u: DownlineProfitLossUser): boolean => u.role.slug === 'user' || u.role.name.toLowerCase() === 'user';

/**
 * Profit Loss report of the downline (SPEC.md section 2): report type All or User, page size,
 * search; No, User Name, Level, Casino pts, Sport pts, Third party pts, profit/loss. The User
 * report hides the rows whose role is user, on the client (SPEC.md section 6).
 */
export function DownlineProfitLossPage() {
  usePageTitle('Profit & Loss');
  const [reportType, setReportType] = useState<ReportType>('ALL');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(25);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => setPage(1), [search]);

  const report = useQuery({
    queryKey: ['downline-profit-loss', reportType, page, limit, search],
    queryFn: () => fetchDownlineProfitLoss({ page, limit, reportType, ...(search === '' ? {} : { search }) }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  // SPEC.md section 8: a failure leaves the table empty.
  const all = report.isError ? [] : (report.data?.users ?? []);
  const rows = all.filter((u) => (reportType === 'user' ? !isUserRole(u) : true)).filter((u) => search === '' || u.username.toLowerCase().includes(search.toLowerCase()));
  const total = report.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const sum = (pick: (u: DownlineProfitLossUser) => number): number => rows.reduce((s, u) => s + pick(u), 0);
  const casino = (u: DownlineProfitLossUser) => u.profitLoss.casino?.netProfitLoss ?? 0;
  const sports = (u: DownlineProfitLossUser) => u.profitLoss.sports?.netProfitLoss ?? 0;
  const third = (u: DownlineProfitLossUser) => u.profitLoss.thirdParty?.netProfitLoss ?? 0;

  return (
    <section className="card table-card ax-pnl">
      <header className="card-head">
        <h1>Profit &amp; Loss</h1>
      </header>
      <div className="toolbar">
        <label className="field ax-inline-field">
          <span>Report type</span>
          <select
            name="reportType"
            value={reportType}
            onChange={(e) => {
              setReportType(e.target.value as ReportType);
              setPage(1);
            }}
          >
            <option value="ALL">All</option>
            <option value="user">User</option>
          </select>
        </label>
        <label className="search-box">
          <span className="visually-hidden">Search</span>
          <input type="search" name="search" placeholder="Search user name" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <PageSize
          value={limit}
          onChange={(n) => {
            setLimit(n);
            setPage(1);
          }}
        />
      </div>
      <div className={report.isFetching ? 'table-wrap loading' : 'table-wrap'}>
        <table className="data-table stack-table ax-pnl-table" data-testid="downline-pnl">
          <thead>
            <tr>
              <th className="num">No</th>
              <th>User Name</th>
              <th>Level</th>
              <th className="num">Casino pts</th>
              <th className="num">Sport pts</th>
              <th className="num">Third party pts</th>
              <th className="num">Profit/Loss</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((u, i) => (
              <tr key={u._id ?? u.username} data-username={u.username}>
                <td data-label="No" className="num muted">
                  {(page - 1) * limit + i + 1}
                </td>
                <td data-label="User Name" className="strong-cell">
                  {u.username}
                </td>
                <td data-label="Level">
                  <span className="role-badge">{u.role.name}</span>
                </td>
                <Pts label="Casino pts" value={casino(u)} />
                <Pts label="Sport pts" value={sports(u)} />
                <Pts label="Third party pts" value={third(u)} />
                <Pts label="Profit/Loss" value={net(u)} strong />
              </tr>
            ))}
            {rows.length === 0 && <EmptyRow span={7} query={report} />}
          </tbody>
          {rows.length > 0 && (
            <tfoot>
              <tr className="ax-total-row">
                <td data-label="" />
                <td data-label="" className="strong-cell" colSpan={2}>
                  Total
                </td>
                <Pts label="Casino pts" value={sum(casino)} />
                <Pts label="Sport pts" value={sum(sports)} />
                <Pts label="Third party pts" value={sum(third)} />
                <Pts label="Profit/Loss" value={sum(net)} strong />
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      <TableFoot total={report.data ? total : undefined} noun="account" pagination={{ page, totalPages }} onPage={setPage} />
    </section>
  );
}

function Pts({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <td data-label={label} className={`num ${pnlClass(value)}${strong ? ' strong-cell' : ''}`}>
      {formatRupees(value)}
    </td>
  );
}
