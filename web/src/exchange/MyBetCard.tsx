import { useState, type ReactNode } from 'react';
import type { BetDto, Paise } from '@exch/contracts';
import { formatInr } from '../ui/money';
import { betOddsText, betSideName } from './bet-text';
import { trimNumber } from './format';
import { MatchedOdds } from './MatchedOdds';

interface MyBetCardProps {
  /** The player's pending bets on this match. */
  bets: readonly BetDto[] | undefined;
  loading?: boolean;
  /** The View All control (the player's goes to /unsettledbet). */
  viewAll: ReactNode;
  /** Cancels a bet's unmatched remainder; absent, no cancel control. */
  onCancel?: ((bet: BetDto) => Promise<void>) | undefined;
  /** Each runner position the player can cash out now, with its live value; its button opens the cash-out panel. */
  cashOuts?: readonly { marketId: string; sid: number; runner: string; market: string; value: Paise }[] | undefined;
  onCashOut?: ((marketId: string, sid: number) => void) | undefined;
}

/**
 * The player's bets on the match (SPEC.md section 2, My Bet tables): the matched stake of each
 * bet under Matched Bets with Odds and Stake, and above it any unmatched remainder, marked, with a
 * control that cancels it. The box is 200 px high and scrolls.
 */
export function MyBetCard({ bets, loading = false, viewAll, onCancel, cashOuts = [], onCashOut }: MyBetCardProps) {
  const list = bets ?? [];
  const matched = list.filter((b) => b.matched_stake > 0);
  const unmatched = list.filter((b) => b.unmatched_stake > 0);
  return (
    <section className="side-card my-bets" aria-label="My Bet">
      <header className="side-head">
        <h2>
          My Bet <span className="count-pill">{list.length}</span>
        </h2>
        {viewAll}
      </header>
      <div className="my-bets-box">
        {onCashOut && cashOuts.length > 0 && (
          <table className="bet-table cash-out-table">
            <thead>
              <tr>
                <th>Cash Out</th>
                <th className="num">Value</th>
              </tr>
            </thead>
            <tbody>
              {cashOuts.map((c) => (
                <tr key={`${c.marketId}:${c.sid}`} data-testid="my-bets-cash-out">
                  <td>
                    {c.runner} <span className="muted">{c.market}</span>
                  </td>
                  <td className="num">
                    <button
                      type="button"
                      className={`cash-out-button ${c.value >= 0 ? 'up' : 'down'}`}
                      onClick={() => onCashOut(c.marketId, c.sid)}
                    >
                      {formatInr(c.value)}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {unmatched.length > 0 && (
          <table className="bet-table unmatched-table">
            <thead>
              <tr>
                <th>Unmatched Bets</th>
                <th className="num">Odds</th>
                <th className="num">Stake</th>
                {onCancel && <th className="num" aria-label="Cancel" />}
              </tr>
            </thead>
            <tbody>
              {unmatched.map((bet) => (
                <tr
                  key={bet._id}
                  className={`bet-line ${bet.odds_type} unmatched`}
                  data-bet-id={bet._id}
                  data-testid="unmatched-bet"
                >
                  <td>
                    <BetName bet={bet} />
                  </td>
                  <td className="num">{betOddsText(bet)}</td>
                  <td className="num">{trimNumber(bet.unmatched_stake)}</td>
                  {onCancel && (
                    <td className="num">
                      <CancelButton bet={bet} onCancel={onCancel} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <table className="bet-table">
          <thead>
            <tr>
              <th>Matched Bets</th>
              <th className="num">Odds</th>
              <th className="num">Stake</th>
            </tr>
          </thead>
          <tbody>
            {matched.map((bet) => (
              <tr key={bet._id} className={`bet-line ${bet.odds_type}`} data-bet-id={bet._id} data-testid="matched-bet">
                <td>
                  <BetName bet={bet} />
                </td>
                <td className="num">
                  {betOddsText(bet)}
                  <MatchedOdds bet={bet} />
                </td>
                <td className="num">{trimNumber(bet.matched_stake)}</td>
              </tr>
            ))}
            {matched.length === 0 && (
              <tr className="empty-line">
                <td colSpan={3}>{loading ? 'Loading...' : 'No Data Found'}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function BetName({ bet }: { bet: BetDto }) {
  return (
    <>
      <span className="bet-selection">{bet.selection_name}</span>
      <span className="bet-sub">
        <span className={`side-tag ${bet.odds_type}`}>{betSideName(bet)}</span>{' '}
        {bet.cash_out && <span className="cash-out-tag">Cash out</span>} {bet.market_name}
        {bet.type === 'unmatch' && bet.unmatched_stake > 0 && bet.matched_stake > 0 && ' · part matched'}
      </span>
    </>
  );
}

function CancelButton({ bet, onCancel }: { bet: BetDto; onCancel: (bet: BetDto) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="cancel-bet"
      disabled={busy}
      aria-label={`Cancel unmatched ${trimNumber(bet.unmatched_stake)} on ${bet.selection_name}`}
      title="Cancel the unmatched stake"
      onClick={() => {
        setBusy(true);
        onCancel(bet).finally(() => setBusy(false));
      }}
    >
      {busy ? '…' : '✕'}
    </button>
  );
}
