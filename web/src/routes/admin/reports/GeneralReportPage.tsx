import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchCreditReferences, fetchGeneralReport } from '../../../api/report-calls';
import { CsvButton } from '../../../reports/CsvButton';
import { formatDateTime, lastSevenDays } from '../../../ui/dates';
import { DateRangeFilter } from '../../../ui/DateRangeFilter';
import { EmptyRow } from '../../../ui/EmptyRow';
import { SelectField } from '../../../ui/fields';
import { formatRupees } from '../../../ui/money';
import { PageSize } from '../../../ui/PageSize';
import { TableFoot } from '../../../ui/TableFoot';
import { useDateRange } from '../../../ui/use-date-range';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { usePageTitle } from '../../../ui/use-page-title';
import { Pts } from './ProfitLossReportPage';
import '../../../styles/admin-exchange.css';
import '../../../styles/reports.css';

type Kind = 'general' | 'credit';
const KINDS = [
  ['general', 'General Report'],
  ['credit', 'Credit Reference Report'],
] as const;
const BET_TYPES = [
  ['sports', 'Sports'],
  ['casino', 'Casino'],
] as const;
const DELETED = [
  ['false', 'No'],
  ['true', 'Yes'],
] as const;
const SIDES = [
  ['', 'All'],
  ['back', 'Back'],
  ['lay', 'Lay'],
] as const;

/** SPEC.md section 9: the general report's search waits 300 ms. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * General report (SPEC.md sections 2 and 7): the type selector General Report / Credit Reference
 * Report. General: the downline's bets (Sr No, Name, Amount; lay rows blue, back rows grey) with
 * bet type, deleted, side and search filters. Credit reference: each downline account's credit
 * reference, balance and the difference.
 */
export function GeneralReportPage() {
  usePageTitle('General report');
  const [kind, setKind] = useState<Kind>('general');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(25);
  const [betType, setBetType] = useState<'sports' | 'casino'>('sports');
  const [deleted, setDeleted] = useState<'false' | 'true'>('false');
  const [side, setSide] = useState<'' | 'back' | 'lay'>('');
  // The last 7 days by default, as the profit-loss report: the count and the total amount are of the period's bets, not of every bet ever.
  const [period, setPeriod] = useState(lastSevenDays);
  const range = useDateRange(lastSevenDays, (r) => {
    setPeriod(r);
    setPage(1);
  });
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => setPage(1), [search, kind, betType, deleted, side, limit]);

  const generalParams = {
    page,
    limit,
    bet_type: betType,
    deleted,
    side: side || undefined,
    search: search || undefined,
    ...period,
  };
  const creditParams = { page, limit, search: search || undefined };
  const general = useQuery({
    queryKey: ['general-report', generalParams],
    queryFn: () => fetchGeneralReport(generalParams),
    placeholderData: keepPreviousData,
    retry: false,
    enabled: kind === 'general',
  });
  const credit = useQuery({
    queryKey: ['credit-reference', creditParams],
    queryFn: () => fetchCreditReferences(creditParams),
    placeholderData: keepPreviousData,
    retry: false,
    enabled: kind === 'credit',
  });
  const bets = general.isError ? [] : (general.data?.bets ?? []);
  const accounts = credit.isError ? [] : (credit.data?.data ?? []);
  const total = kind === 'general' ? general.data?.total : credit.data?.pagination.total;

  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>General report</h1>
        {kind === 'general' ? (
          <CsvButton
            path="/report/casino"
            params={generalParams}
            filename={`general-report-${betType}${deleted === 'true' ? '-deleted' : ''}`}
          />
        ) : (
          <CsvButton path="/report/credit-reference" params={creditParams} filename="credit-reference" />
        )}
      </header>
      {kind === 'general' && <DateRangeFilter range={range} />}
      <div className="toolbar">
        <SelectField
          label="Type"
          name="kind"
          className="ax-inline-field"
          value={kind}
          onValue={setKind}
          options={KINDS}
        />
        {kind === 'general' && (
          <>
            <SelectField
              label="Bet type"
              name="bet_type"
              className="ax-inline-field"
              value={betType}
              onValue={setBetType}
              options={BET_TYPES}
            />
            <SelectField
              label="Deleted"
              name="deleted"
              className="ax-inline-field"
              value={deleted}
              onValue={setDeleted}
              options={DELETED}
            />
            <SelectField
              label="Side"
              name="side"
              className="ax-inline-field"
              value={side}
              onValue={setSide}
              options={SIDES}
            />
          </>
        )}
        <label className="search-box">
          <span className="visually-hidden">Search</span>
          <input
            type="search"
            name="search"
            placeholder={kind === 'general' ? 'Search user, event or selection' : 'Search user name'}
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <PageSize value={limit} onChange={setLimit} />
      </div>
      <div className={(kind === 'general' ? general : credit).isFetching ? 'table-wrap loading' : 'table-wrap'}>
        {kind === 'general' ? (
          <table className="data-table stack-table general-table" data-testid="general-report">
            <thead>
              <tr>
                <th className="num">Sr No</th>
                <th>Name</th>
                <th>Event</th>
                <th>Selection</th>
                <th>Type</th>
                <th className="num">Amount</th>
                <th>Placed</th>
              </tr>
            </thead>
            <tbody>
              {bets.map((b, i) => (
                <tr key={b._id} className={b.type === 'lay' ? 'row-lay' : 'row-back'}>
                  <td data-label="Sr No" className="num">
                    {(page - 1) * limit + i + 1}
                  </td>
                  <td data-label="Name" className="strong-cell">
                    {b.userName}
                  </td>
                  <td data-label="Event">
                    {/* One element, so a phone's stacked cell wraps it as one line of text. */}
                    <span>
                      {b.eventType} · {b.eventName} <span className="muted">/ {b.marketName}</span>
                    </span>
                  </td>
                  <td data-label="Selection">{b.selectionName}</td>
                  <td data-label="Type">{b.type === 'lay' ? 'Lay' : 'Back'}</td>
                  <td data-label="Amount" className="num">
                    {formatRupees(b.amount)}
                  </td>
                  <td data-label="Placed" className="nowrap muted-cell">
                    {formatDateTime(b.placedAt)}
                  </td>
                </tr>
              ))}
              {bets.length === 0 && <EmptyRow span={7} query={general} />}
            </tbody>
            {bets.length > 0 && general.data && (
              <tfoot>
                <tr className="ax-total-row">
                  <td data-label="" />
                  <td data-label="" className="strong-cell" colSpan={4}>
                    Total ({general.data.total} bets)
                  </td>
                  <td data-label="Amount" className="num strong-cell">
                    {formatRupees(general.data.totalAmount)}
                  </td>
                  <td data-label="" />
                </tr>
              </tfoot>
            )}
          </table>
        ) : (
          <table className="data-table stack-table" data-testid="credit-reference">
            <thead>
              <tr>
                <th className="num">Sr No</th>
                <th>Name</th>
                <th>Level</th>
                <th>Upline</th>
                <th className="num">Credit reference</th>
                <th className="num">Balance</th>
                <th className="num">Difference</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((a, i) => (
                <tr key={a._id}>
                  <td data-label="Sr No" className="num">
                    {(page - 1) * limit + i + 1}
                  </td>
                  <td data-label="Name" className="strong-cell">
                    {a.username}
                  </td>
                  <td data-label="Level">
                    <span className="role-badge">{a.role.name}</span>
                  </td>
                  <td data-label="Upline">{a.parentUsername ?? '-'}</td>
                  <td data-label="Credit reference" className="num">
                    {formatRupees(a.creditReference)}
                  </td>
                  <td data-label="Balance" className="num">
                    {formatRupees(a.balance)}
                  </td>
                  <Pts label="Difference" value={a.difference} strong />
                </tr>
              ))}
              {accounts.length === 0 && <EmptyRow span={7} query={credit} />}
            </tbody>
          </table>
        )}
      </div>
      <TableFoot
        total={total}
        noun={kind === 'general' ? 'bet' : 'account'}
        pagination={{ page, totalPages: Math.max(1, Math.ceil((total ?? 0) / limit)) }}
        onPage={setPage}
      />
    </section>
  );
}
