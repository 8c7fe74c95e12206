import { useState, type ReactNode } from 'react';
import type { StatementRow } from '@exch/contracts';
import type { AuthContextName } from '../../auth/auth-context';
import { DataTable, dateTimeColumn, type Column } from '../../ui/DataTable';
import { formatRupees } from '../../ui/money';
import { StatementBets } from './StatementBets';

interface StatementTableProps {
  rows: StatementRow[];
  query: { isPending: boolean; isError: boolean; isFetching: boolean };
  /** What an empty list says. */
  empty?: string;
  /** Whose statement a settlement line's bets are read for: the caller's own without `userId`. */
  owner: { ctx: AuthContextName; userId: string | undefined };
  sort?: { value: string | undefined; onChange: (next: string | undefined) => void };
}

const dash = <span className="muted">-</span>;

/** The statement's columns; Description is drawn by the row, which owns the Bets toggle. */
const columns = (toggle: (row: StatementRow) => ReactNode): Column<StatementRow>[] => [
  dateTimeColumn('date', 'Date', (r) => r.date),
  {
    id: 'description',
    header: 'Description',
    cellClassName: 'strong-cell',
    cell: (r) => (
      <>
        {r.description}
        {toggle(r)}
      </>
    ),
  },
  {
    id: 'credit',
    header: 'Credit',
    className: 'num',
    cell: (r) => (r.credit > 0 ? <span className="positive">{formatRupees(r.credit)}</span> : dash),
    sortValue: (r) => r.credit,
  },
  {
    id: 'debit',
    header: 'Debit',
    className: 'num',
    cell: (r) => (r.debit > 0 ? <span className="negative">{formatRupees(r.debit)}</span> : dash),
    sortValue: (r) => r.debit,
  },
  {
    id: 'balance',
    header: 'Balance',
    className: 'num',
    cellClassName: 'strong-cell',
    cell: (r) => formatRupees(r.balance),
  },
  { id: 'remark', header: 'Remark', cellClassName: 'remark-cell', cell: (r) => r.remark || dash },
];

/** Date, description, credit, debit, the balance after the row and its remark: the statement and its "as of" view. */
export function StatementTable({ rows, query, empty = 'No records found', owner, sort }: StatementTableProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const flip = (id: string): void => {
    const next = new Set(open);
    if (!next.delete(id)) next.add(id);
    setOpen(next);
  };
  const toggle = (r: StatementRow): ReactNode =>
    r.market_id && (
      <button
        type="button"
        className="link-button statement-bets-toggle"
        aria-expanded={open.has(r._id)}
        onClick={() => flip(r._id)}
      >
        {open.has(r._id) ? 'Hide bets' : 'Bets'}
      </button>
    );
  const cols = columns(toggle);
  return (
    <DataTable
      columns={cols}
      rows={rows}
      rowKey={(r) => r._id}
      query={query}
      empty={empty}
      failed="The statement could not be loaded"
      className="statement-table"
      sort={sort}
      renderRow={(r, cells) => {
        const isOpen = open.has(r._id) && Boolean(r.market_id);
        return (
          <>
            <tr className={isOpen ? 'statement-line open' : 'statement-line'}>{cells}</tr>
            {isOpen && r.market_id && (
              <tr className="statement-bets-row">
                <td colSpan={cols.length}>
                  <StatementBets
                    ctx={owner.ctx}
                    userId={owner.userId}
                    marketId={r.market_id}
                    position={r.cause.position}
                  />
                </td>
              </tr>
            )}
          </>
        );
      }}
    />
  );
}
