import { Link } from '@tanstack/react-router';
import type { BetDto, CasinoBetDto, TapeBet } from '@exch/contracts';
import { betOddsText, betSideName } from '../exchange/bet-text';
import { MatchedOdds } from '../exchange/MatchedOdds';
import { DataTable, dateTimeColumn, headWithNote, type Column } from '../ui/DataTable';
import { formatRupees } from '../ui/money';
import { tapeAction } from './tape-filter';
import { tapeKey } from './tape-order';

interface TapeTableProps {
  rows: readonly TapeBet[];
  query: { isPending: boolean; isError: boolean; isFetching: boolean };
  empty: string;
  /** Rupees; 0: nothing is big. */
  bigBet: number;
  watched: ReadonlySet<string>;
  onWatch: (bet: TapeBet['bet'], watched: boolean) => void;
  /** A click on a row's match or market narrows the tape to it. */
  onNarrow: (f: { event_id: string; market_id?: string }) => void;
}

type Narrow = TapeTableProps['onNarrow'];

function columns({ bigBet, watched, onWatch, onNarrow }: Omit<TapeTableProps, 'rows' | 'query' | 'empty'>) {
  const big = (b: TapeBet['bet']): boolean => bigBet > 0 && b.stake >= bigBet;
  const list: Column<TapeBet>[] = [
    dateTimeColumn('time', 'Time', (t) => t.bet.placed_at, 'nowrap muted-cell'),
    {
      id: 'user',
      header: 'User',
      cellClassName: 'strong-cell',
      cell: ({ bet: b }) => {
        const isWatched = watched.has(b.user_id);
        return (
          <>
            <Link to="/admin/user-transactions/$userId" params={{ userId: b.user_id }}>
              {b.user_info.username}
            </Link>
            <button
              type="button"
              className={`tape-watch${isWatched ? ' on' : ''}`}
              aria-pressed={isWatched}
              title={isWatched ? 'Stop watching' : 'Watch this account'}
              onClick={() => onWatch(b, !isWatched)}
            >
              {isWatched ? 'Watched' : 'Watch'}
            </button>
          </>
        );
      },
    },
    {
      id: 'where',
      header: 'Match / market',
      cell: (t) =>
        t.bet_type === 'sports' ? <SportsWhere bet={t.bet} onNarrow={onNarrow} /> : <CasinoWhere bet={t.bet} />,
    },
    {
      id: 'selection',
      header: 'Selection',
      cell: (t) =>
        t.bet_type === 'sports' ? (
          <>
            <span className={`side-tag ${t.bet.odds_type}`}>{betSideName(t.bet)}</span> {t.bet.selection_name}
            {t.bet.cash_out && <span className="cash-out-tag">Cash out</span>}
          </>
        ) : (
          t.bet.selection_name
        ),
    },
    {
      id: 'odds',
      header: 'Odds',
      className: 'num',
      cell: (t) =>
        t.bet_type === 'sports' ? (
          <>
            {betOddsText(t.bet)}
            <MatchedOdds bet={t.bet} />
          </>
        ) : (
          casinoOdds(t.bet)
        ),
    },
    {
      id: 'stake',
      header: 'Stake',
      className: 'num',
      cellClassName: 'strong-cell',
      cell: ({ bet: b }) => (
        <>
          {big(b) && <span className="tape-big-tag">Big</span>} {formatRupees(b.stake)}
        </>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (t) => <span className={`state-badge result-${t.bet.status}`}>{tapeAction(t)}</span>,
    },
    {
      id: 'pnl',
      header: headWithNote('P&L', 'before commission'),
      label: 'P&L',
      className: 'num',
      cell: ({ bet: b }) =>
        b.pnl === null ? (
          <span className="muted">-</span>
        ) : (
          <span className={b.pnl < 0 ? 'negative' : 'positive'}>{formatRupees(b.pnl)}</span>
        ),
    },
  ];
  const rowProps = ({ bet: b }: TapeBet) => ({
    'data-bet-id': b._id,
    className: `tape-row ${b.odds_type}${big(b) ? ' tape-big' : ''}${watched.has(b.user_id) ? ' tape-watched' : ''}`,
  });
  return { list, rowProps };
}

/** The tape's rows, live or from its history: big bets and watched accounts stand out. */
export function TapeTable({ rows, query, empty, ...props }: TapeTableProps) {
  const { list, rowProps } = columns(props);
  return (
    <DataTable
      columns={list}
      rows={rows}
      rowKey={tapeKey}
      rowProps={rowProps}
      query={query}
      className="tape-table"
      testId="bet-tape"
      empty={empty}
      failed="The bets could not be loaded"
    />
  );
}

/** An exchange bet's match and market (a click narrows the tape to them, ↗ opens the match). */
function SportsWhere({ bet: b, onNarrow }: { bet: BetDto; onNarrow: Narrow }) {
  return (
    <>
      <button type="button" className="tape-narrow" onClick={() => onNarrow({ event_id: b.event_id })}>
        {b.event_name}
      </button>
      <small className="muted">
        {' · '}
        <button
          type="button"
          className="tape-narrow"
          onClick={() => onNarrow({ event_id: b.event_id, market_id: b.market_id })}
        >
          {b.market_name}
        </button>{' '}
        <Link
          to="/admin/odds/$sportId/$matchId"
          params={{ sportId: String(b.sportId), matchId: b.event_id }}
          aria-label={`Open ${b.event_name}`}
        >
          ↗
        </Link>
      </small>
    </>
  );
}

/** A casino table's bet: the table and round (↗ opens the table). */
function CasinoWhere({ bet: b }: { bet: CasinoBetDto }) {
  return (
    <>
      <span className="tape-casino-tag">Casino</span> {b.table_name}{' '}
      <small className="muted">
        · round {b.game_round_id}{' '}
        <Link to="/admin/casino/$gameCode" params={{ gameCode: b.table_id }} aria-label={`Open ${b.table_name}`}>
          ↗
        </Link>
      </small>
    </>
  );
}

const casinoOdds = (b: CasinoBetDto): string =>
  b.pay_range ? `${b.pay_range.odds[0].toFixed(2)}-${b.pay_range.odds[1].toFixed(2)}` : b.odds.toFixed(2);
