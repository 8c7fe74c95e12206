import type { BetDto } from '@exch/contracts';
import { MatchedOdds } from '../../../../exchange/MatchedOdds';
import { amountColumn, DataTable, dateTimeColumn, type Column } from '../../../../ui/DataTable';
import { formatOdds, marketTitle } from '../format';
import { TrashIcon } from './DeleteBetsModal';

interface BetHistoryTableProps {
  rows: BetDto[];
  query: { isPending: boolean; isError: boolean; isFetching: boolean };
  sort: { value: string | undefined; onChange: (next: string | undefined) => void };
  /** Ticks for the bulk delete: role admin only. */
  ticks: { ticked: ReadonlySet<string>; onTicked: (next: Set<string>) => void } | null;
  /** The trash icon's action on a pending bet, for those allowed to delete bets. */
  onDelete: ((bet: BetDto) => void) | null;
}

const isTickable = (b: BetDto): boolean => b.status === 'pending' && Boolean(b._id);

function tickColumn(rows: BetDto[], { ticked, onTicked }: NonNullable<BetHistoryTableProps['ticks']>): Column<BetDto> {
  const tickable = rows.filter(isTickable);
  const allTicked = tickable.length > 0 && tickable.every((b) => ticked.has(b._id));
  return {
    id: 'select',
    label: 'Select',
    className: 'ax-tick-col',
    header: (
      <input
        type="checkbox"
        aria-label="Select all pending bets"
        checked={allTicked}
        disabled={tickable.length === 0}
        onChange={(e) => onTicked(e.target.checked ? new Set(tickable.map((b) => b._id)) : new Set())}
      />
    ),
    cell: (b) =>
      isTickable(b) && (
        <input
          type="checkbox"
          aria-label={`Select bet of ${b.user_info.username}`}
          checked={ticked.has(b._id)}
          onChange={(e) => {
            const next = new Set(ticked);
            if (e.target.checked) next.add(b._id);
            else next.delete(b._id);
            onTicked(next);
          }}
        />
      ),
  };
}

const betColumns = (onDelete: BetHistoryTableProps['onDelete']): Column<BetDto>[] => [
  {
    id: 'user',
    header: 'User Name',
    cellClassName: 'strong-cell',
    cell: (b) => b.user_info.username,
    sortValue: (b) => b.user_info.username,
  },
  {
    id: 'nation',
    header: 'Nation',
    cell: (b) => (
      <div className="ax-nation">
        <span>
          {b.selection_name} <span className={`ax-side ax-side-${b.odds_type}`}>{b.odds_type}</span>
          {b.cash_out && <span className="cash-out-tag">Cash out</span>}
        </span>
        <small className="muted">
          {b.event_name} · {marketTitle(b.market_name)}
        </small>
      </div>
    ),
  },
  {
    id: 'rate',
    header: 'Rate',
    className: 'num',
    cell: (b) => (
      <>
        {formatOdds(b.odds, b.market_type)}
        {b.market_type === 'FANCY' && b.volume !== null && <span className="muted"> / {b.volume}</span>}
        <MatchedOdds bet={b} />
      </>
    ),
    sortValue: (b) => b.odds,
  },
  amountColumn('amount', 'Amount', (b) => b.stake),
  {
    id: 'status',
    header: 'Status',
    cell: (b) => <span className={`state-badge ax-status-${b.status}`}>{b.status}</span>,
    sortValue: (b) => b.status,
  },
  dateTimeColumn('placed', 'Place Date', (b) => b.placed_at),
  {
    id: 'action',
    header: 'Action',
    headClassName: 'actions-head',
    className: 'actions-cell',
    cell: (b) =>
      b.status === 'pending' && onDelete ? (
        <button
          type="button"
          className="ax-trash"
          aria-label={`Delete bet of ${b.user_info.username}`}
          title="Delete bet"
          onClick={() => onDelete(b)}
        >
          <TrashIcon />
        </button>
      ) : (
        <span className="muted">-</span>
      ),
  },
];

/** User Name, Nation, Rate, Amount, Status, Place Date and Action (SPEC.md section 5), back rows tinted apart from lay. */
export function BetHistoryTable({ rows, query, sort, ticks, onDelete }: BetHistoryTableProps) {
  const columns = [...(ticks ? [tickColumn(rows, ticks)] : []), ...betColumns(onDelete)];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(b) => b._id || `${b.reference_id}-${b.placed_at}`}
      rowProps={(b) => ({ className: b.odds_type === 'back' ? 'ax-bet-back' : 'ax-bet-lay', 'data-bet-id': b._id })}
      query={query}
      className="ax-history-table"
      testId="bet-history"
      sort={sort}
    />
  );
}
