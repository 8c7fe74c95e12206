import { useQuery } from '@tanstack/react-query';
import type { BetDto } from '@exch/contracts';
import { fetchStatementBets } from '../../api/account-calls';
import type { AuthContextName } from '../../auth/auth-context';
import { betOddsText, betSideName } from '../../exchange/bet-text';
import { MatchedOdds } from '../../exchange/MatchedOdds';
import { formatRupees } from '../../ui/money';

interface StatementBetsProps {
  ctx: AuthContextName;
  /** A downline account's statement; the caller's own without it. */
  userId: string | undefined;
  marketId: string;
  /** The line's log position: its bets as that settlement (or revoke) left them, not as they stand now. */
  position: number;
}

const RESULT: Record<BetDto['status'], string> = {
  pending: 'Open',
  won: 'Won',
  lost: 'Lost',
  void: 'Void',
  cancelled: 'Cancelled',
  deleted: 'Deleted',
};

/**
 * Under a settlement line: the market's bets it netted, each with the price asked and the price it
 * was matched at (a cash out's hedge marked) and the result that line gave it, so the line can be
 * reconciled bet by bet; under a revoke line, the settlement it reversed.
 */
export function StatementBets({ ctx, userId, marketId, position }: StatementBetsProps) {
  const bets = useQuery({
    queryKey: ['statement-bets', ctx, userId, marketId, position],
    queryFn: () => fetchStatementBets(ctx, { userId, marketId, position }),
  });
  if (bets.isPending) return <p className="muted statement-bets-note">Loading bets...</p>;
  if (bets.isError) return <p className="negative statement-bets-note">The bets could not be loaded</p>;
  const rows = bets.data.data;
  if (rows.length === 0) return <p className="muted statement-bets-note">No bets on this market</p>;
  return (
    <>
      {bets.data.line === 'revoked' && (
        <p className="muted statement-bets-note" data-testid="statement-bets-revoked">
          This line reverses the settlement below: these bets went back to open.
        </p>
      )}
      <ul className="statement-bets" data-testid="statement-bets">
        {rows.map((bet) => (
          <li key={bet._id} className={`statement-bet ${bet.odds_type}`} data-bet-id={bet._id}>
            <span className={`side-tag ${bet.odds_type}`}>{betSideName(bet)}</span>
            {bet.cash_out && <span className="cash-out-tag">Cash out</span>}
            <b>{bet.selection_name}</b>
            <span>
              {formatRupees(bet.stake)} at {betOddsText(bet)} <MatchedOdds bet={bet} />
            </span>
            <span className={`state-badge result-${bet.status}`}>{RESULT[bet.status]}</span>
            <span className={`num ${bet.pnl !== null && bet.pnl < 0 ? 'negative' : 'positive'}`}>
              {bet.pnl === null ? '-' : formatRupees(bet.pnl)}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
