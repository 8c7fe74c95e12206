import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DownlinePnlUser } from '@exch/contracts';
import { fetchDownlinePnl } from '../../../api/report-calls';
import { CsvButton } from '../../../reports/CsvButton';
import { DateRangeFilter } from '../../../ui/DateRangeFilter';
import { lastSevenDays } from '../../../ui/dates';
import { SelectField } from '../../../ui/fields';
import { PageSize } from '../../../ui/PageSize';
import { TableFoot } from '../../../ui/TableFoot';
import { useListSearch } from '../../../ui/list-search';
import { useDateRange } from '../../../ui/use-date-range';
import { useSearchBox } from '../../../ui/use-search-box';
import { usePageTitle } from '../../../ui/use-page-title';
import { Breadcrumb } from './Breadcrumb';
import { DownlinePnlTable } from './pnl-report/DownlinePnlTable';
import { pnlReportSearch, type ReportType } from './pnl-report/search';
import { ReportSide } from '../../../reports/ReportSide';
import '../../../styles/admin-exchange.css';
import '../../../styles/reports.css';

const REPORT_TYPES = [
  ['ALL', 'All'],
  ['user', 'User'],
] as const;

const isUserRole = (u: DownlinePnlUser): boolean => u.role.slug === 'user';

/**
 * Profit loss report (SPEC.md sections 2 and 7): report type All or User, page size, search, a
 * period; No, User Name, Level, Casino pts, Sport pts, Third party pts, profit/loss (the players'
 * side), then each branch's partnership split (the house's side: its downline's part, the listed
 * parent's own part, the part above). A back-office name drills into its downline; totals cover
 * every page. The whole view is in the URL (pnl-report/search.ts), so a drill-down can be linked.
 */
export function ProfitLossReportPage() {
  usePageTitle('Profit loss report');
  const [view, setView] = useListSearch(pnlReportSearch);
  const [defaults] = useState(lastSevenDays);
  const reportType: ReportType = view.type ?? 'ALL';
  const page = view.page ?? 1;
  const limit = view.limit ?? 25;
  const period = { from: view.from ?? defaults.from, to: view.to ?? defaults.to };
  const range = useDateRange(lastSevenDays, (r) => setView({ ...r, page: undefined }), period);
  const search = view.q ?? '';
  const [text, setText] = useSearchBox(search, (typed) =>
    setView({ q: typed === '' ? undefined : typed, page: undefined }, { replace: true }),
  );

  const params = { page, limit, reportType, parent: view.parent, ...period, ...(search === '' ? {} : { search }) };
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
          onValue={(t) => setView({ type: t === 'ALL' ? undefined : t, page: undefined })}
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
        <PageSize value={limit} onChange={(n) => setView({ limit: n as 50, page: undefined })} />
      </div>
      {report.data && (
        <Breadcrumb
          trail={report.data.breadcrumb}
          onPick={(username, top) => setView({ parent: top ? undefined : username, page: undefined })}
        />
      )}
      <DownlinePnlTable
        rows={rows}
        query={report}
        totals={report.data?.totals}
        viewed={viewed}
        offset={(page - 1) * limit}
        onOpen={(username) => setView({ parent: username, page: undefined })}
        sort={{ value: view.sort, onChange: (sort) => setView({ sort }, { replace: true }) }}
      />
      <ReportSide side="split" />
      <TableFoot
        total={report.data ? total : undefined}
        noun="account"
        pagination={{ page, totalPages: Math.max(1, Math.ceil(total / limit)) }}
        onPage={(p) => setView({ page: p })}
      />
    </section>
  );
}
