import { Link } from '@tanstack/react-router';
import type { CasinoBetDto } from '@exch/contracts';
import { formatRupees } from '../ui/money';

/**
 * My Bet for this table (SPEC.md section 2, My Bet tables): the player's bets on the round under
 * way, then their latest settled ones with the P&L; a 200 px box that scrolls.
 */
export function CasinoMyBets({ bets, loading }: { bets: readonly CasinoBetDto[]; loading: boolean }) {
  const pending = bets.filter((b) => b.status === 'pending').length;
  return (
    <section className="side-card my-bets casino-my-bets" aria-label="My Bet">
      <header className="side-head">
        <h2>
          My Bet <span className="count-pill">{pending}</span>
        </h2>
        <Link to="/casinoreport" className="view-all">
          View All
        </Link>
      </header>
      <div className="my-bets-box">
        <table className="bet-table">
          <thead>
            <tr>
              <th>Bet</th>
              <th className="num">Odds</th>
              <th className="num">Stake</th>
              <th className="num">P&amp;L</th>
            </tr>
          </thead>
          <tbody>
            {bets.map((b) => (
              <tr key={b._id} className={`bet-line back${b.status === 'pending' ? ' pending' : ''}`} data-bet-id={b._id} data-testid="casino-bet">
                <td>
                  <span className="bet-selection">{b.selection_name}</span>
                  <span className="bet-sub">Round {b.game_round_id}</span>
                </td>
                <td className="num">{b.odds.toFixed(2)}</td>
                <td className="num">{formatRupees(b.stake)}</td>
                <td className="num">
                  {b.pnl === null ? (
                    <span className="state-badge state-unmatched">Open</span>
                  ) : (
                    <span className={b.pnl > 0 ? 'positive' : b.pnl < 0 ? 'negative' : undefined}>{formatRupees(b.pnl)}</span>
                  )}
                </td>
              </tr>
            ))}
            {bets.length === 0 && (
              <tr className="empty-line">
                <td colSpan={4}>{loading ? 'Loading...' : 'No Data Found'}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
