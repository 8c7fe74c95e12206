import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, type AuditAction, type AuditRow, type AuditValue } from '@exch/contracts';
import { CsvButton } from '../reports/CsvButton';
import { DateRangeFilter } from '../ui/DateRangeFilter';
import { formatDateTime, lastSevenDays } from '../ui/dates';
import { EmptyRow } from '../ui/EmptyRow';
import { SelectField, TextField } from '../ui/fields';
import { PageSize } from '../ui/PageSize';
import { TableFoot } from '../ui/TableFoot';
import { useDateRange } from '../ui/use-date-range';
import { usePageTitle } from '../ui/use-page-title';
import { fetchAudit } from './audit-calls';
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

/**
 * /admin/audit (docs/audit.md): every admin action in the caller's branch with who, when, from
 * which IP, on whom or what, and the value before and after; filtered, paged, exported as CSV.
 */
export function AuditPage() {
  usePageTitle('Audit trail');
  const [params, setParams] = useState(() => ({ ...initial(), page: 1, limit: 25 }));
  const range = useDateRange(initial, (f) => setParams((p) => ({ ...p, ...f, page: 1 })));
  const query = {
    ...params,
    actor: params.actor.trim() || undefined,
    target: params.target.trim() || undefined,
    action: params.action || undefined,
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
        <CsvButton path="/admin/audit" params={query} filename={`audit-trail-${params.from}-to-${params.to}`} />
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
        <PageSize value={params.limit} onChange={(limit) => setParams((p) => ({ ...p, limit, page: 1 }))} />
      </DateRangeFilter>
      <div className={audit.isFetching ? 'table-wrap loading' : 'table-wrap'}>
        <table className="data-table stack-table audit-table" data-testid="audit-trail">
          <thead>
            <tr>
              <th>When</th>
              <th>Who</th>
              <th>IP</th>
              <th>Action</th>
              <th>On</th>
              <th>Before</th>
              <th>After</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r._id}>
                <td data-label="When" className="nowrap muted-cell">
                  {formatDateTime(r.at)}
                </td>
                <td data-label="Who" className="strong-cell">
                  {r.actor ?? '-'}
                </td>
                <td data-label="IP" className="nowrap">
                  {r.ip ?? '-'}
                </td>
                <td data-label="Action">
                  <span className="audit-action">{ACTION_LABEL[r.action]}</span>
                </td>
                <td data-label="On">
                  <On row={r} />
                </td>
                <td data-label="Before">
                  <Value value={r.before} />
                </td>
                <td data-label="After">
                  <Value value={r.after} />
                </td>
              </tr>
            ))}
            {rows.length === 0 && <EmptyRow span={7} query={audit} />}
          </tbody>
        </table>
      </div>
      <TableFoot
        total={audit.data?.pagination.total}
        noun="action"
        pagination={audit.data?.pagination}
        onPage={(page) => setParams((p) => ({ ...p, page }))}
      />
    </section>
  );
}
