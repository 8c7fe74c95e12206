import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { BetDto } from '@exch/contracts';
import { betOddsText, betSideName } from '../../exchange/bet-text';
import { useMyBetPushes, useMyBets } from '../../exchange/bets-data';
import { CancelUnmatchedCell } from '../../exchange/CancelUnmatchedCell';
import { trimNumber } from '../../exchange/format';
import { formatDateTime } from '../../ui/dates';
import { EMPTY_TABLE, EmptyRow } from '../../ui/EmptyRow';
import { formatRupees } from '../../ui/money';
import { usePageTitle } from '../../ui/use-page-title';
import { MatchedOdds } from '../../exchange/MatchedOdds';

type Filter = 'all' | 'matched' | 'unmatched';
type Side = 'all' | 'back' | 'lay';

/**
 * /current/bets: the player's open bets on matches still running (GET /api/my_bets), live over the
 * socket, grouped by match, filtered by matched state and side; unmatched stake can be cancelled.
 */
export function CurrentBetsPage() {
  usePageTitle('Current bets');
  useMyBetPushes();
  const bets = useMyBets(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [side, setSide] = useState<Side>('all');

  const shown = (bets.data ?? []).filter(
    (b) =>
      (filter === 'all' || (filter === 'matched' ? b.matched_stake > 0 : b.unmatched_stake > 0)) &&
      (side === 'all' || b.odds_type === side),
  );
  const byEvent = new Map<string, BetDto[]>();
  for (const b of shown) byEvent.set(b.event_id, [...(byEvent.get(b.event_id) ?? []), b]);

  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>Current bets</h1>
      </header>
      <div className="toolbar">
        <div className="seg" role="radiogroup" aria-label="Matched state">
          {(['all', 'matched', 'unmatched'] as const).map((f) => (
            <button
              key={f}
              type="button"
              role="radio"
              aria-checked={filter === f}
              className={filter === f ? 'active' : ''}
              onClick={() => setFilter(f)}
            >
              {f === 'all' ? 'All' : f === 'matched' ? 'Matched' : 'Unmatched'}
            </button>
          ))}
        </div>
        <div className="seg" role="radiogroup" aria-label="Side">
          {(['all', 'back', 'lay'] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={side === s}
              className={side === s ? 'active' : ''}
              onClick={() => setSide(s)}
            >
              {s === 'all' ? 'All' : s === 'back' ? 'Back' : 'Lay'}
            </button>
          ))}
        </div>
      </div>
      <div className={bets.isFetching ? 'table-wrap loading' : 'table-wrap'}>
        <table className="data-table stack-table bets-table">
          <thead>
            <tr>
              <th>Selection</th>
              <th>Market</th>
              <th>Type</th>
              <th className="num">Odds</th>
              <th className="num">Matched</th>
              <th className="num">Unmatched</th>
              <th>Placed</th>
              <th className="num">Action</th>
            </tr>
          </thead>
          {[...byEvent].map(([eventId, list]) => (
            <tbody key={eventId}>
              <tr className="group-row">
                <td colSpan={8}>
                  <Link
                    to="/odds/$sportId/$matchId"
                    params={{ sportId: String(list[0]!.sportId), matchId: eventId }}
                    className="event-link"
                  >
                    {list[0]!.event_name}
                  </Link>
                </td>
              </tr>
              {list.map((bet) => (
                <CurrentRow key={bet._id} bet={bet} />
              ))}
            </tbody>
          ))}
          {byEvent.size === 0 && (
            <tbody>
              <EmptyRow span={8} query={bets} empty={EMPTY_TABLE} failed="The bets could not be loaded" />
            </tbody>
          )}
        </table>
      </div>
    </section>
  );
}

function CurrentRow({ bet }: { bet: BetDto }) {
  return (
    <tr className={`bet-row ${bet.odds_type}`} data-bet-id={bet._id}>
      <td data-label="Selection" className="strong-cell">
        {bet.selection_name}
      </td>
      <td data-label="Market">{bet.market_name}</td>
      <td data-label="Type">
        <span className={`side-tag ${bet.odds_type}`}>{betSideName(bet)}</span>
        {bet.cash_out && <span className="cash-out-tag">Cash out</span>}
      </td>
      <td data-label="Odds" className="num">
        {betOddsText(bet)}
        <MatchedOdds bet={bet} />
      </td>
      <td data-label="Matched" className="num">
        {formatRupees(bet.matched_stake)}
      </td>
      <td data-label="Unmatched" className="num">
        {bet.unmatched_stake > 0 ? (
          <span className="state-badge state-unmatched">{trimNumber(bet.unmatched_stake)}</span>
        ) : (
          <span className="muted">-</span>
        )}
      </td>
      <td data-label="Placed" className="nowrap muted-cell">
        {formatDateTime(bet.placed_at)}
      </td>
      <CancelUnmatchedCell bet={bet} />
    </tr>
  );
}
