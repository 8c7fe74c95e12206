import { kindOfMarketType, type BetDto } from '@exch/contracts';
import { formatRupees } from '../ui/money';
import { formatOdds } from './format';

/**
 * Beside a bet's asked price: the average price it was matched at, when that differs (best
 * execution gave better) or when it was matched at several prices, whose fills open under it.
 * Nothing while the bet is unmatched or matched exactly as asked.
 */
export function MatchedOdds({ bet }: { bet: BetDto }) {
  const prices = new Set(bet.fills.map((f) => f.odds));
  if (bet.matched_odds === null || (bet.matched_odds === bet.odds && prices.size < 2)) return null;
  const kind = kindOfMarketType(bet.market_type) ?? 'match_odds';
  const text = `matched ${formatOdds(kind, bet.matched_odds)}`;
  if (prices.size < 2)
    return (
      <span className="matched-odds" data-testid="matched-odds">
        {text}
      </span>
    );
  return (
    <details className="matched-odds" data-testid="matched-odds">
      <summary>{text}</summary>
      <ul>
        {bet.fills.map((f, i) => (
          // Fills are listed in the order they matched; two may share a price and a stake.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fill has no id of its own
          <li key={i}>
            {formatRupees(f.stake)} at {formatOdds(kind, f.odds)}
          </li>
        ))}
      </ul>
    </details>
  );
}
