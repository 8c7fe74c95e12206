import type { ReactNode } from 'react';
import type { CasinoBetDto } from '@exch/contracts';
import { formatDateTime } from '@exch/contracts';
import { formatRupees } from '../ui/money';

interface CasinoBetBoxProps {
  title: ReactNode;
  /** The header's link (View All). */
  action?: ReactNode;
  bets: readonly CasinoBetDto[];
  loading: boolean;
  /** The back office lists its downline's bets by user. */
  withUser?: boolean;
}

/**
 * My Bet for a table (SPEC.md section 2, My Bet tables), and the back office's bets of its downline
 * on it: each bet's selection, odds, stake and, once settled, its P&L; a 200 px box that scrolls.
 */
export function CasinoBetBox({ title, action, bets, loading, withUser = false }: CasinoBetBoxProps) {
  return (
    <section className="side-card my-bets casino-my-bets" aria-label={withUser ? 'Downline bets' : 'My Bet'}>
      <header className="side-head">
        <h2>{title}</h2>
        {action}
      </header>
      <div className="my-bets-box">
        <table className="bet-table">
          <thead>
            <tr>
              {withUser && <th>User</th>}
              <th>Bet</th>
              <th className="num">Odds</th>
              <th className="num">Stake</th>
              <th className="num">P&amp;L</th>
            </tr>
          </thead>
          <tbody>
            {bets.map((b) => (
              <tr
                key={b._id}
                className={`bet-line back${b.status === 'pending' ? ' pending' : ''}`}
                data-bet-id={b._id}
                data-testid="casino-bet"
                title={formatDateTime(b.placed_at, { seconds: true })}
              >
                {withUser && <td>{b.user_info.username}</td>}
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
                    <span className={b.pnl > 0 ? 'positive' : b.pnl < 0 ? 'negative' : undefined}>
                      {formatRupees(b.pnl)}
                    </span>
                  )}
                </td>
              </tr>
            ))}
            {bets.length === 0 && (
              <tr className="empty-line">
                <td colSpan={withUser ? 5 : 4}>{loading ? 'Loading...' : 'No Data Found'}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
