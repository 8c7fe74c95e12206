import { Link } from '@tanstack/react-router';
import type { BetDto, CasinoBetDto, TapeBet } from '@exch/contracts';
import { betOddsText, betSideName } from '../exchange/bet-text';
import { MatchedOdds } from '../exchange/MatchedOdds';
import { formatDateTime } from '../ui/dates';
import { EmptyRow } from '../ui/EmptyRow';
import { formatRupees } from '../ui/money';
import { tapeAction, tapeKey } from './tape-filter';

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

/** The tape's rows, live or from its history: big bets and watched accounts stand out. */
export function TapeTable({ rows, query, empty, bigBet, watched, onWatch, onNarrow }: TapeTableProps) {
  return (
    <div className={query.isFetching ? 'table-wrap loading' : 'table-wrap'}>
      <table className="data-table stack-table tape-table" data-testid="bet-tape">
        <thead>
          <tr>
            <th>Time</th>
            <th>User</th>
            <th>Match / market</th>
            <th>Selection</th>
            <th className="num">Odds</th>
            <th className="num">Stake</th>
            <th>Status</th>
            <th className="num">P&amp;L</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => {
            const b = t.bet;
            const big = bigBet > 0 && b.stake >= bigBet;
            const isWatched = watched.has(b.user_id);
            return (
              <tr
                key={tapeKey(t)}
                data-bet-id={b._id}
                className={`tape-row ${b.odds_type}${big ? ' tape-big' : ''}${isWatched ? ' tape-watched' : ''}`}
              >
                <td data-label="Time" className="nowrap muted-cell">
                  {formatDateTime(b.placed_at)}
                </td>
                <td data-label="User" className="strong-cell">
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
                </td>
                {t.bet_type === 'sports' ? (
                  <SportsCells bet={t.bet} onNarrow={onNarrow} />
                ) : (
                  <CasinoCells bet={t.bet} />
                )}
                <td data-label="Stake" className="num strong-cell">
                  {big && <span className="tape-big-tag">Big</span>} {formatRupees(b.stake)}
                </td>
                <td data-label="Status">
                  <span className={`state-badge result-${b.status}`}>{tapeAction(t)}</span>
                </td>
                <td data-label="P&L" className="num">
                  {b.pnl === null ? (
                    <span className="muted">-</span>
                  ) : (
                    <span className={b.pnl < 0 ? 'negative' : 'positive'}>{formatRupees(b.pnl)}</span>
                  )}
                </td>
              </tr>
            );
          })}
          {rows.length === 0 && <EmptyRow span={8} query={query} empty={empty} failed="The bets could not be loaded" />}
        </tbody>
      </table>
    </div>
  );
}

/** An exchange bet: its match and market (a click narrows the tape to them, ↗ opens the match), selection and price. */
function SportsCells({ bet: b, onNarrow }: { bet: BetDto; onNarrow: TapeTableProps['onNarrow'] }) {
  return (
    <>
      <td data-label="Match / market">
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
      </td>
      <td data-label="Selection">
        <span className={`side-tag ${b.odds_type}`}>{betSideName(b)}</span> {b.selection_name}
        {b.cash_out && <span className="cash-out-tag">Cash out</span>}
      </td>
      <td data-label="Odds" className="num">
        {betOddsText(b)}
        <MatchedOdds bet={b} />
      </td>
    </>
  );
}

/** A casino table's bet: the table and round (↗ opens the table), the selection and its odds. */
function CasinoCells({ bet: b }: { bet: CasinoBetDto }) {
  return (
    <>
      <td data-label="Match / market">
        <span className="tape-casino-tag">Casino</span> {b.table_name}{' '}
        <small className="muted">
          · round {b.game_round_id}{' '}
          <Link to="/admin/casino/$gameCode" params={{ gameCode: b.table_id }} aria-label={`Open ${b.table_name}`}>
            ↗
          </Link>
        </small>
      </td>
      <td data-label="Selection">{b.selection_name}</td>
      <td data-label="Odds" className="num">
        {b.pay_range ? `${b.pay_range.odds[0].toFixed(2)}-${b.pay_range.odds[1].toFixed(2)}` : b.odds.toFixed(2)}
      </td>
    </>
  );
}
