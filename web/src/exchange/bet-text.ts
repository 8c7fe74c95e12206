import { kindOfMarketType, type BetDto } from '@exch/contracts';
import { formatOdds } from './format';

/** Back/Lay, or Yes/No on a fancy. */
export const betSideName = (bet: BetDto): string =>
  kindOfMarketType(bet.market_type) === 'fancy'
    ? bet.odds_type === 'back'
      ? 'Yes'
      : 'No'
    : bet.odds_type === 'back'
      ? 'Back'
      : 'Lay';

/** The bet's price as its market shows it; a fancy's as line/rate ("52/100"). */
export function betOddsText(bet: BetDto): string {
  const kind = kindOfMarketType(bet.market_type) ?? 'match_odds';
  const odds = formatOdds(kind, bet.odds);
  return kind === 'fancy' && bet.volume !== null ? `${odds}/${bet.volume}` : odds;
}
