import { useState } from 'react';
import type { StatementRow } from '@exch/contracts';
import type { AuthContextName } from '../../auth/auth-context';
import { formatDateTime } from '../../ui/dates';
import { EmptyRow } from '../../ui/EmptyRow';
import { formatRupees } from '../../ui/money';
import { StatementBets } from './StatementBets';

interface StatementTableProps {
  rows: StatementRow[];
  query: { isPending: boolean; isError: boolean; isFetching: boolean };
  /** What an empty list says. */
  empty?: string;
  /** Whose statement a settlement line's bets are read for: the caller's own without `userId`. */
  owner: { ctx: AuthContextName; userId: string | undefined };
}

/** Date, description, credit, debit, the balance after the row and its remark: the statement and its "as of" view. */
export function StatementTable({ rows, query, empty = 'No records found', owner }: StatementTableProps) {
  return (
    <div className={query.isFetching ? 'table-wrap loading' : 'table-wrap'}>
      <table className="data-table stack-table statement-table">
        <thead>
          <tr>
            <th>Date</th>
            <th>Description</th>
            <th className="num">Credit</th>
            <th className="num">Debit</th>
            <th className="num">Balance</th>
            <th>Remark</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <StatementLine key={r._id} row={r} owner={owner} />
          ))}
          {rows.length === 0 && (
            <EmptyRow span={6} query={query} empty={empty} failed="The statement could not be loaded" />
          )}
        </tbody>
      </table>
    </div>
  );
}

function StatementLine({ row, owner }: { row: StatementRow; owner: StatementTableProps['owner'] }) {
  const [open, setOpen] = useState(false);
  const line = (
    <tr className={open ? 'statement-line open' : 'statement-line'}>
      <td data-label="Date" className="nowrap">
        {formatDateTime(row.date)}
      </td>
      <td data-label="Description" className="strong-cell">
        {row.description}
        {row.market_id && (
          <button
            type="button"
            className="link-button statement-bets-toggle"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide bets' : 'Bets'}
          </button>
        )}
      </td>
      <td data-label="Credit" className="num">
        {row.credit > 0 ? (
          <span className="positive">{formatRupees(row.credit)}</span>
        ) : (
          <span className="muted">-</span>
        )}
      </td>
      <td data-label="Debit" className="num">
        {row.debit > 0 ? <span className="negative">{formatRupees(row.debit)}</span> : <span className="muted">-</span>}
      </td>
      <td data-label="Balance" className="num strong-cell">
        {formatRupees(row.balance)}
      </td>
      <td data-label="Remark" className="remark-cell">
        {row.remark || <span className="muted">-</span>}
      </td>
    </tr>
  );
  if (!open || !row.market_id) return line;
  return (
    <>
      {line}
      <tr className="statement-bets-row">
        <td colSpan={6}>
          <StatementBets ctx={owner.ctx} userId={owner.userId} marketId={row.market_id} />
        </td>
      </tr>
    </>
  );
}
