import { ladderWithout, type BetDto, type Paise, type SectionDto } from '@exch/contracts';
import { toPaise } from '../ui/money';
import { formatOdds } from './format';
import { toHundredths } from './book';
import { sideLevels } from './pick';

/** What an exchange bet meets now on the ladder the page shows (the engine's traded ladder). */
export interface SlipFill {
  /** The parts matched at once, best price first (price in hundredths). */
  matched: { price: number; size: Paise }[];
  /** Stake left to wait unmatched at the bet's own price. */
  rest: Paise;
  /** The bet's price reaches past the last level shown: more may be offered there than the page sees. */
  deeper: boolean;
}

/**
 * A back at `odds` takes the offers to back at that price or higher, a lay those to lay at it or
 * lower, best price first, as the engine matches (betting/matching.ts); never the player's own
 * resting orders (its lays are offered to backers, its backs to layers).
 */
export function slipFill(
  marketId: string,
  section: SectionDto,
  side: 'back' | 'lay',
  odds: number,
  stake: Paise,
  bets: readonly BetDto[],
): SlipFill {
  const price = toHundredths(odds);
  const levels = ladderWithout(
    sideLevels(section, side).map((p) => ({ price: toHundredths(p.odds), size: toPaise(p.size) })),
    bets
      .filter(
        (b) => b.market_id === marketId && b.selection === section.sid && b.unmatched_stake > 0 && b.odds_type !== side,
      )
      .map((b) => ({ price: toHundredths(b.odds), size: toPaise(b.unmatched_stake) })),
  );
  const reaches = (p: number) => (side === 'back' ? p >= price : p <= price);
  const matched: SlipFill['matched'] = [];
  let rest = stake;
  for (const level of levels) {
    if (rest === 0 || !reaches(level.price)) break;
    const take = Math.min(level.size, rest);
    matched.push({ price: level.price, size: take });
    rest -= take;
  }
  const last = levels[levels.length - 1];
  return { matched, rest, deeper: last !== undefined && reaches(last.price) && last.price !== price };
}

const oddsText = (hundredths: number): string => formatOdds('match_odds', hundredths / 100);

/** The prices a fill met: "1.71", or "1.71 to 1.69". */
export function fillPrices(fill: SlipFill): string {
  const first = fill.matched[0];
  const last = fill.matched[fill.matched.length - 1];
  if (!first || !last) return '';
  return first.price === last.price ? oddsText(first.price) : `${oddsText(first.price)} to ${oddsText(last.price)}`;
}
