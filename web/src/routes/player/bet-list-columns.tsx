import { Link } from '@tanstack/react-router';
import type { BetDto } from '@exch/contracts';
import type { MyBetsStatus } from '../../api/betting-calls';
import { betOddsText, betSideName } from '../../exchange/bet-text';
import { CancelUnmatched } from '../../exchange/CancelUnmatchedCell';
import { trimNumber } from '../../exchange/format';
import { MatchedOdds } from '../../exchange/MatchedOdds';
import { dateTimeColumn, headWithNote, type Column } from '../../ui/DataTable';
import { formatInr, formatRupees, sumPaise } from '../../ui/money';

const RESULT_LABEL: Record<BetDto['status'], string> = {
  pending: 'Pending',
  won: 'Won',
  lost: 'Lost',
  void: 'Void',
  cancelled: 'Cancelled',
  deleted: 'Deleted',
};

/** The bet's match, linked to its page: the bet lists' Event column and current bets' group rows. */
export function EventLink({ bet }: { bet: BetDto }) {
  return (
    <Link
      to="/odds/$sportId/$matchId"
      params={{ sportId: String(bet.sportId), matchId: bet.event_id }}
      className="event-link"
    >
      {bet.event_name}
    </Link>
  );
}

/** A bet's side (with its cash-out tag) and odds (with the price it matched at): the bet lists' and current bets'. */
export const sideAndOddsColumns: Column<BetDto>[] = [
  {
    id: 'type',
    header: 'Type',
    cell: (b) => (
      <>
        <span className={`side-tag ${b.odds_type}`}>{betSideName(b)}</span>
        {b.cash_out && <span className="cash-out-tag">Cash out</span>}
      </>
    ),
  },
  {
    id: 'odds',
    header: 'Odds',
    className: 'num',
    cell: (b) => (
      <>
        {betOddsText(b)}
        <MatchedOdds bet={b} />
      </>
    ),
    sortValue: (b) => b.odds,
  },
];

const COMMON: Column<BetDto>[] = [
  dateTimeColumn('placed', 'Placed', (b) => b.placed_at, 'nowrap muted-cell'),
  {
    id: 'event',
    header: 'Event',
    cellClassName: 'strong-cell',
    sortValue: (b) => b.event_name,
    cell: (b) => <EventLink bet={b} />,
  },
  { id: 'market', header: 'Market', cell: (b) => b.market_name },
  { id: 'selection', header: 'Selection', cell: (b) => b.selection_name },
  ...sideAndOddsColumns,
  { id: 'stake', header: 'Stake', className: 'num', cell: (b) => formatRupees(b.stake), sortValue: (b) => b.stake },
];

const PENDING: Column<BetDto>[] = [
  {
    id: 'matched',
    header: 'Matched',
    cell: (b) =>
      b.unmatched_stake > 0 ? (
        <span className="state-badge state-unmatched" title={`${formatRupees(b.matched_stake)} matched`}>
          Unmatched {trimNumber(b.unmatched_stake)}
        </span>
      ) : (
        <span className="state-badge state-ok">Matched</span>
      ),
  },
  { id: 'action', header: 'Action', className: 'num', cell: (b) => <CancelUnmatched bet={b} /> },
];

const pnlOf = (b: BetDto): number => b.pnl ?? 0;

const SETTLED: Column<BetDto>[] = [
  {
    id: 'result',
    header: 'Result',
    cell: (b) => <span className={`state-badge result-${b.status}`}>{RESULT_LABEL[b.status]}</span>,
    sortValue: (b) => b.status,
  },
  {
    id: 'pnl',
    header: headWithNote('P&L', 'before commission'),
    label: 'P&L',
    className: 'num',
    cellClassName: 'strong-cell',
    sortValue: pnlOf,
    cell: (b) =>
      b.pnl === null ? (
        '-'
      ) : (
        <span className={b.pnl > 0 ? 'positive' : b.pnl < 0 ? 'negative' : undefined}>{formatRupees(b.pnl)}</span>
      ),
    total: (rows) => {
      const sum = sumPaise(rows, pnlOf);
      return <span className={sum > 0 ? 'positive' : sum < 0 ? 'negative' : undefined}>{formatInr(sum)}</span>;
    },
  },
];

const DELETED: Column<BetDto>[] = [
  {
    id: 'status',
    header: 'Status',
    cell: (b) => <span className="state-badge state-locked">{RESULT_LABEL[b.status]}</span>,
  },
];

/** The player's bet list's columns: the common ones, then what the list's status adds. */
export function betListColumns(status: Exclude<MyBetsStatus, 'all'>): Column<BetDto>[] {
  if (status === 'pending') return [...COMMON, ...PENDING];
  if (status === 'settled') return [...COMMON, ...SETTLED];
  return [...COMMON, ...DELETED];
}
