import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, type AuditAction, type AuditRow, type AuditValue } from '@exch/contracts';
import { CsvButton } from '../reports/CsvButton';
import { DataTable, dateTimeColumn, type Column } from '../ui/DataTable';
import { DateRangeFilter } from '../ui/DateRangeFilter';
import { lastSevenDays } from '../ui/dates';
import { SelectField, TextField } from '../ui/fields';
import { useListSearch } from '../ui/list-search';
import { PageSize } from '../ui/PageSize';
import { TableFoot } from '../ui/TableFoot';
import { useDateRange } from '../ui/use-date-range';
import { usePageTitle } from '../ui/use-page-title';
import { fetchAudit } from './audit-calls';
import { auditSearch } from './audit-search';
import '../styles/audit.css';

/** An action's words on screen; the filter offers them all. */
const ACTION_LABEL: Record<AuditAction, string> = {
  'user-created': 'User created',
  'user-edited': 'User edited',
  'privileges-set': 'Privileges',
  'credit-reference': 'Credit reference',
  'exposure-limit': 'Exposure limit',
  'chips-deposit': 'Chips deposit',
  'chips-withdraw': 'Chips withdrawal',
  'account-lock': 'Account lock',
  'bet-lock': 'Bet lock',
  'market-lock': 'Market lock',
  'password-reset': 'Password reset',
  partnership: 'Partnership share',
  'market-settings': 'Market settings',
  'market-status': 'Market status',
  'house-price-set': 'House price set',
  'house-price-cleared': 'House price cleared',
  'result-declared': 'Result declared',
  'market-voided': 'Market voided',
  'result-revoked': 'Result revoked',
  'bet-deleted': 'Bet deleted',
  'casino-table-status': 'Casino table status',
  'payment-endorsed': 'Payment endorsed',
  'payment-approved': 'Payment approved',
  'payment-rejected': 'Payment rejected',
  'payment-method': 'Payment method',
  'approval-limits': 'Approval limits',
  news: 'News line',
  'match-streams': 'Stream URLs',
  'big-bet-threshold': 'Big-bet threshold',
  watch: 'Watch list',
  'projection-rebuild': 'Projection rebuild',
};
const ACTION_OPTIONS = [['', 'All actions'] as const, ...AUDIT_ACTIONS.map((a) => [a, ACTION_LABEL[a]] as const)];

interface Filter {
  from: string;
  to: string;
  actor: string;
  target: string;
  action: AuditAction | '';
}
const initial = (): Filter => ({ ...lastSevenDays(), actor: '', target: '', action: '' });

/** A field's value as text: a list joined with commas, a nested value (a fancy's line and rate) as "line 8, rate 100". */
function shown(x: unknown): string {
  if (x === null) return '-';
  if (Array.isArray(x)) return x.map(shown).join(', ');
  if (typeof x === 'object')
    return Object.entries(x)
      .map(([k, y]) => `${k} ${shown(y)}`)
      .join(', ');
  return String(x);
}

/** A value as "field: value" lines; null (nothing yet, or nothing left) as a dash. */
function Value({ value }: { value: AuditValue }) {
  if (value === null) return <span className="muted">-</span>;
  return (
    <dl className="audit-value">
      {/* In name order: the database keeps JSON keys in an order of its own. */}
      {Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, x]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{shown(x)}</dd>
          </div>
        ))}
    </dl>
  );
}

function On({ row }: { row: AuditRow }) {
  return (
    <span>
      {row.targetUser && <strong>{row.targetUser}</strong>}
      {row.targetUser && row.object && ' · '}
      {row.object && (
        <span title={`${row.object.kind} ${row.object.id}`}>
          <span className="muted">{row.object.kind}</span> {row.object.label}
        </span>
      )}
      {!row.targetUser && !row.object && <span className="muted">-</span>}
    </span>
  );
}

const columns: Column<AuditRow>[] = [
  dateTimeColumn('when', 'When', (r) => r.at, 'nowrap muted-cell'),
  {
    id: 'who',
    header: 'Who',
    cellClassName: 'strong-cell',
    cell: (r) => r.actor ?? '-',
    sortValue: (r) => r.actor ?? '',
  },
  { id: 'ip', header: 'IP', cellClassName: 'nowrap', cell: (r) => r.ip ?? '-' },
  {
    id: 'action',
    header: 'Action',
    cell: (r) => <span className="audit-action">{ACTION_LABEL[r.action]}</span>,
    sortValue: (r) => ACTION_LABEL[r.action],
  },
  { id: 'on', header: 'On', cell: (r) => <On row={r} />, sortValue: (r) => r.targetUser ?? r.object?.label ?? '' },
  { id: 'before', header: 'Before', cell: (r) => <Value value={r.before} /> },
  { id: 'after', header: 'After', cell: (r) => <Value value={r.after} /> },
];

/**
 * /admin/audit (docs/audit.md): every admin action in the caller's branch with who, when, from
 * which IP, on whom or what, and the value before and after; filtered, paged, exported as CSV.
 * The filters, the page and its size are in the URL, so an audit view can be linked.
 */
export function AuditPage() {
  usePageTitle('Audit trail');
  const [search, setSearch] = useListSearch(auditSearch);
  const [defaults] = useState(initial);
  const applied: Filter = {
    from: search.from ?? defaults.from,
    to: search.to ?? defaults.to,
    actor: search.actor ?? '',
    target: search.target ?? '',
    action: search.action ?? '',
  };
  const range = useDateRange(
    initial,
    (f) =>
      setSearch({
        from: f.from,
        to: f.to,
        actor: f.actor.trim() || undefined,
        target: f.target.trim() || undefined,
        action: f.action || undefined,
        page: undefined,
      }),
    applied,
  );
  const limit = search.limit ?? 25;
  const query = {
    from: applied.from,
    to: applied.to,
    actor: search.actor,
    target: search.target,
    action: search.action,
    page: search.page ?? 1,
    limit,
  };
  const audit = useQuery({
    queryKey: ['audit', query],
    queryFn: () => fetchAudit(query),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const rows = audit.isError ? [] : (audit.data?.data ?? []);
  const { draft, setDraft } = range;

  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>Audit trail</h1>
        <CsvButton path="/admin/audit" params={query} filename={`audit-trail-${query.from}-to-${query.to}`} />
      </header>
      <DateRangeFilter range={range}>
        <TextField
          label="Who"
          name="actor"
          placeholder="Username"
          autoComplete="off"
          maxLength={100}
          value={draft.actor}
          onValue={(actor) => setDraft({ ...draft, actor })}
        />
        <TextField
          label="On user"
          name="target"
          placeholder="Username"
          autoComplete="off"
          maxLength={100}
          value={draft.target}
          onValue={(target) => setDraft({ ...draft, target })}
        />
        <SelectField
          label="Action"
          name="action"
          value={draft.action}
          options={ACTION_OPTIONS}
          onValue={(action) => setDraft({ ...draft, action })}
        />
        <PageSize
          value={limit}
          onChange={(n) => setSearch({ limit: n === 25 ? undefined : (n as 50 | 100), page: undefined })}
        />
      </DateRangeFilter>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r._id}
        query={audit}
        className="audit-table"
        testId="audit-trail"
        sort={{ value: search.sort, onChange: (sort) => setSearch({ sort }, { replace: true }) }}
      />
      <TableFoot
        total={audit.data?.pagination.total}
        noun="action"
        pagination={audit.data?.pagination}
        onPage={(page) => setSearch({ page })}
      />
    </section>
  );
}
