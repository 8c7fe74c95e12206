import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DownlinePnlUser } from '@exch/contracts';
import { fetchDownlinePnl } from '../../../api/report-calls';
import { CsvButton } from '../../../reports/CsvButton';
import { DateRangeFilter } from '../../../ui/DateRangeFilter';
import { lastSevenDays } from '../../../ui/dates';
import { EmptyRow } from '../../../ui/EmptyRow';
import { SelectField } from '../../../ui/fields';
import { formatRupees, pnlClass } from '../../../ui/money';
import { PageSize } from '../../../ui/PageSize';
import { TableFoot } from '../../../ui/TableFoot';
import { useDateRange } from '../../../ui/use-date-range';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { usePageTitle } from '../../../ui/use-page-title';
import { Breadcrumb } from './Breadcrumb';
import { ReportSide } from '../../../reports/ReportSide';
import '../../../styles/admin-exchange.css';
import '../../../styles/reports.css';

type ReportType = 'ALL' | 'user';
const REPORT_TYPES = [
  ['ALL', 'All'],
  ['user', 'User'],
] as const;

const SEARCH_DEBOUNCE_MS = 300;
const isUserRole = (u: DownlinePnlUser): boolean => u.role.slug === 'user';

/**
 * Profit loss report (SPEC.md sections 2 and 7): report type All or User, page size, search, a
 * period; No, User Name, Level, Casino pts, Sport pts, Third party pts, profit/loss (the players'
 * side), then each branch's partnership split (the house's side: its downline's part, the listed
 * parent's own part, the part above). A back-office name drills into its downline; totals cover every page.
 */
export function ProfitLossReportPage() {
  usePageTitle('Profit loss report');
  const [reportType, setReportType] = useState<ReportType>('ALL');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(25);
  const [parent, setParent] = useState<string | undefined>(undefined);
  const [period, setPeriod] = useState(lastSevenDays);
  const range = useDateRange(lastSevenDays, (r) => {
    setPeriod(r);
    setPage(1);
  });
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => setPage(1), [search, parent]);

  const params = { page, limit, reportType, parent, ...period, ...(search === '' ? {} : { search }) };
  const report = useQuery({
    queryKey: ['profit-loss-report', params],
    queryFn: () => fetchDownlinePnl(params),
    placeholderData: keepPreviousData,
    retry: false,
  });
  // SPEC.md section 8: a failure leaves the table empty. SPEC.md section 6: User hides players, on the client too.
  const rows = report.isError
    ? []
    : (report.data?.users ?? []).filter((u) => (reportType === 'user' ? !isUserRole(u) : true));
  const total = report.data?.total ?? 0;
  const totals = report.data?.totals;
  const viewed = report.data?.parent.username ?? '';

  return (
    <section className="card table-card ax-pnl">
      <header className="card-head">
        <h1>Profit loss report</h1>
        <CsvButton
          path="/bet/downline/profit-loss"
          params={params}
          filename={`profit-loss-${viewed}-${period.from}-to-${period.to}`}
        />
      </header>
      <DateRangeFilter range={range} />
      <div className="toolbar">
        <SelectField
          label="Report type"
          name="reportType"
          className="ax-inline-field"
          value={reportType}
          options={REPORT_TYPES}
          onValue={(t) => {
            setReportType(t);
            setPage(1);
          }}
        />
        <label className="search-box">
          <span className="visually-hidden">Search</span>
          <input
            type="search"
            name="search"
            placeholder="Search user name"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <PageSize
          value={limit}
          onChange={(n) => {
            setLimit(n);
            setPage(1);
          }}
        />
      </div>
      {report.data && (
        <Breadcrumb trail={report.data.breadcrumb} onPick={(username, top) => setParent(top ? undefined : username)} />
      )}
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
              <th className="num">Share</th>
              <th className="num">Downline part</th>
              <th className="num">{viewed ? `${viewed} part` : 'Own part'}</th>
              <th className="num">Upline part</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((u, i) => (
              <tr key={u._id} data-username={u.username}>
                <td data-label="No" className="num muted">
                  {(page - 1) * limit + i + 1}
                </td>
                <td data-label="User Name" className="strong-cell">
                  {u.downlineCount > 0 ? (
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => setParent(u.username)}
                      title={`Open ${u.username}'s downline`}
                    >
                      {u.username}
                    </button>
                  ) : (
                    u.username
                  )}
                </td>
                <td data-label="Level">
                  <span className="role-badge">{u.role.name}</span>
                </td>
                <Pts label="Casino pts" value={u.profitLoss.casino.netProfitLoss} />
                <Pts label="Sport pts" value={u.profitLoss.sports.netProfitLoss} />
                <Pts label="Third party pts" value={u.profitLoss.thirdParty.netProfitLoss} />
                <Pts label="Profit/Loss" value={u.netProfitLoss} strong />
                <td data-label="Share" className="num">
                  {u.share === null ? <span className="muted">-</span> : `${u.share.toFixed(2)}%`}
                </td>
                <Pts label="Downline part" value={u.partnership.downline} />
                <Pts label={`${viewed} part`} value={u.partnership.parent} />
                <Pts label="Upline part" value={u.partnership.upline} />
              </tr>
            ))}
            {rows.length === 0 && <EmptyRow span={11} query={report} />}
          </tbody>
          {rows.length > 0 && totals && (
            <tfoot>
              <tr className="ax-total-row">
                <td data-label="" />
                <td data-label="" className="strong-cell" colSpan={2}>
                  Total
                </td>
                <Pts label="Casino pts" value={totals.profitLoss.casino} />
                <Pts label="Sport pts" value={totals.profitLoss.sports} />
                <Pts label="Third party pts" value={totals.profitLoss.thirdParty} />
                <Pts label="Profit/Loss" value={totals.profitLoss.total} strong />
                <td data-label="" />
                <Pts label="Downline part" value={totals.partnership.downline} />
                <Pts label={`${viewed} part`} value={totals.partnership.parent} />
                <Pts label="Upline part" value={totals.partnership.upline} />
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      <ReportSide side="split" />
      <TableFoot
        total={report.data ? total : undefined}
        noun="account"
        pagination={{ page, totalPages: Math.max(1, Math.ceil(total / limit)) }}
        onPage={setPage}
      />
    </section>
  );
}

export function Pts({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <td data-label={label} className={`num ${pnlClass(value)}${strong ? ' strong-cell' : ''}`}>
      {formatRupees(value)}
    </td>
  );
}
