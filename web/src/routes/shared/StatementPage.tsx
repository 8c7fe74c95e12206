import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchStatement, fetchStatementAsOf, type StatementParams, type StatementType } from '../../api/account-calls';
import type { AuthContextName } from '../../auth/auth-context';
import { formatBusinessDay, formatDateTime } from '@exch/contracts';
import { readCredentials } from '../../auth/credentials';
import { CsvButton } from '../../reports/CsvButton';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { lastSevenDays, localInputValue } from '../../ui/dates';
import { formatRupees } from '../../ui/money';
import { PageSize } from '../../ui/PageSize';
import { Pager } from '../../ui/Pager';
import {
  readDay,
  readLimit,
  readOneOf,
  readPage,
  readSort,
  searchValidator,
  useListSearch,
} from '../../ui/list-search';
import { useDateRange } from '../../ui/use-date-range';
import { usePageTitle } from '../../ui/use-page-title';
import { AsOfForm } from './AsOfForm';
import { StatementTable } from './StatementTable';

/** What the filter opens with and Reset returns to. */
const defaultFilter = () => ({ ...lastSevenDays(), type: 'all' as StatementType });

const TYPE_LABEL: Record<StatementType, string> = {
  all: 'All',
  deposit: 'Deposit',
  withdraw: 'Withdraw',
  settlement: 'Bet settlement',
  mint: 'Chips minted',
};

/** The statement's filters in the URL: ?from=&to=&type=&page=&limit=&sort= (defaults left out). */
export interface StatementSearch {
  from?: string;
  to?: string;
  type?: StatementType;
  page?: number;
  limit?: 50 | 100;
  sort?: string;
}

/** validateSearch of the statement's routes: unknown or malformed values fall back to the defaults. */
export const statementSearch = searchValidator<StatementSearch>({
  from: readDay,
  to: readDay,
  type: readOneOf<StatementType>(['all', 'deposit', 'withdraw', 'settlement', 'mint']),
  page: readPage,
  limit: readLimit,
  sort: readSort,
});

interface StatementPageProps {
  ctx: AuthContextName;
  title: string;
  /** A downline account's statement (back office); the caller's own without it. */
  userId?: string;
  /** Whose statement, for the file name of the export. */
  subject?: string;
  /** Shown under the title: whose account this is. */
  intro?: ReactNode;
}

/**
 * Every credit and debit of one wallet with the balance after it: From/To dates (last 7 days by
 * default, SPEC.md section 9), a type filter, paging, and a CSV export (every row the filter picks) for reconciling by hand.
 * The back office also has an "As of" view: the balance at a past moment and the rows up to it.
 */
export function StatementPage({ ctx, title, userId, subject, intro }: StatementPageProps) {
  usePageTitle(title);
  const [search, setSearch] = useListSearch(statementSearch);
  const [defaults] = useState(defaultFilter);
  const filter = {
    from: search.from ?? defaults.from,
    to: search.to ?? defaults.to,
    type: search.type === 'mint' && ctx !== 'admin' ? 'all' : (search.type ?? defaults.type),
  };
  const params: StatementParams = { userId, ...filter, page: search.page ?? 1, limit: search.limit ?? 25 };
  const range = useDateRange(
    defaultFilter,
    (f) => setSearch({ ...f, type: f.type === 'all' ? undefined : f.type, page: undefined }),
    filter,
  );
  const { draft, setDraft } = range;
  const [asOf, setAsOf] = useState<string | null>(null);
  const [asOfPage, setAsOfPage] = useState(1);

  const statement = useQuery({
    queryKey: ['statement', ctx, params],
    queryFn: () => fetchStatement(ctx, params),
    placeholderData: keepPreviousData,
    enabled: asOf === null,
  });

  // The as-of view: the back office only, for the account shown (the caller's own without userId).
  const account = userId ?? (ctx === 'admin' ? readCredentials('admin').record?._id : undefined);
  const past = useQuery({
    queryKey: ['statement-as-of', account, asOf, asOfPage, params.limit],
    queryFn: () => fetchStatementAsOf(account!, { at: asOf!, page: asOfPage, limit: params.limit }),
    placeholderData: keepPreviousData,
    enabled: asOf !== null && account !== undefined,
  });
  const {
    showing,
    rows = [],
    pagination,
  } = asOf === null
    ? { showing: statement, rows: statement.data?.data, pagination: statement.data?.pagination }
    : { showing: past, rows: past.data?.entries, pagination: past.data?.pagination };

  const who = (subject ?? 'my-account').replace(/[^\w-]+/g, '_');

  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>{title}</h1>
        {asOf === null ? (
          <CsvButton
            path="/transactions/statement"
            params={{ userId: params.userId, from: params.from, to: params.to, type: params.type }}
            auth={ctx}
            filename={`statement-${who}-${params.from}-to-${params.to}`}
          />
        ) : (
          <CsvButton
            path={`/admin/users/${encodeURIComponent(account!)}/as-of`}
            params={{ at: asOf }}
            filename={`statement-${who}-as-of-${localInputValue(new Date(asOf)).replace(/\D+/g, '')}`}
          />
        )}
      </header>
      {intro}
      {asOf === null && (
        <DateRangeFilter range={range}>
          <label className="field">
            <span>Type</span>
            <select
              name="type"
              value={draft.type}
              onChange={(e) => setDraft({ ...draft, type: e.target.value as StatementType })}
            >
              {(Object.keys(TYPE_LABEL) as StatementType[])
                .filter((t) => t !== 'mint' || ctx === 'admin')
                .map((t) => (
                  <option key={t} value={t}>
                    {TYPE_LABEL[t]}
                  </option>
                ))}
            </select>
          </label>
        </DateRangeFilter>
      )}
      {account !== undefined && (
        <AsOfForm
          value={asOf}
          onChange={(at) => {
            setAsOf(at);
            setAsOfPage(1);
          }}
        />
      )}
      {asOf !== null && (
        <p className="as-of-balance" role="status">
          Balance as of {formatDateTime(asOf, { seconds: true })}:{' '}
          <b>{past.data && past.data.at === asOf ? formatRupees(past.data.balance) : '…'}</b>
          {past.data && past.data.at === asOf && past.data.held > 0 && (
            <span className="muted"> · {formatRupees(past.data.held)} held for pending withdrawals</span>
          )}
        </p>
      )}

      <div className="table-meta">
        <span className="muted">
          {pagination
            ? `${pagination.total} record${pagination.total === 1 ? '' : 's'} · ${asOf === null ? `${formatBusinessDay(params.from)} to ${formatBusinessDay(params.to)}` : `up to ${formatDateTime(asOf, { seconds: true })}`}`
            : '\u00a0'}
        </span>
        <PageSize
          value={params.limit}
          onChange={(limit) => {
            setSearch({ limit: limit as StatementSearch['limit'], page: undefined });
            setAsOfPage(1);
          }}
        />
      </div>

      <StatementTable
        rows={rows}
        query={showing}
        empty={asOf === null ? 'No records found' : 'No records up to that moment'}
        owner={{ ctx, userId }}
        sort={
          asOf === null ? { value: search.sort, onChange: (sort) => setSearch({ sort }, { replace: true }) } : undefined
        }
      />
      <Pager pagination={pagination} onPage={(page) => (asOf === null ? setSearch({ page }) : setAsOfPage(page))} />
    </section>
  );
}
