import {
  bestOfLadder,
  cashOutQuote,
  runnerPosition,
  type BetDto,
  type CashOutQuote,
  type MarketDto,
} from '@exch/contracts';
import { toPaise } from '../ui/money';
import { enginePrice } from './book';
import { formatOdds } from './format';
import { sideLevels } from './pick';

/**
 * The player's cash out on a runner of a match-odds or bookmaker market, live from the prices the
 * page shows and its own bets (contracts' cashOutQuote, as the engine computes it): null without a
 * matched position, when level, or with no price. The engine decides again when it is asked; the
 * value shown is sent with the request, so a value that moved meanwhile is refused, never taken unseen.
 */
export function cashOutOf(market: MarketDto, sid: number, bets: readonly BetDto[], percent = 100): CashOutQuote | null {
  const { kind } = market;
  if ((kind !== 'match_odds' && kind !== 'bookmaker') || market.status !== 'ACTIVE') return null;
  const mine = bets.filter((b) => b.market_id === market.marketId && b.selection === sid && b.status === 'pending');
  if (!mine.some((b) => b.fills.length > 0)) return null;
  const section = market.section.find((s) => s.sid === sid);
  if (!section || section.gstatus !== 'ACTIVE') return null;
  const price = (odds: number) => enginePrice(kind, odds);
  const best = (side: 'back' | 'lay') =>
    kind === 'bookmaker'
      ? // The house quotes one rate a side and no size; a rate of 0 is no offer.
        (sideLevels(section, side).find((p) => p.odds > 0)?.odds ?? null)
      : bestOfLadder(
          sideLevels(section, side).map((p) => ({ price: price(p.odds), size: toPaise(p.size) })),
          // The player's own resting lays are offered to backers and its backs to layers: never its to take.
          mine
            .filter((b) => b.unmatched_stake > 0 && b.odds_type !== side)
            .map((b) => ({ price: price(b.odds), size: toPaise(b.unmatched_stake) })),
        );
  const position = runnerPosition(
    mine.map((b) => ({
      side: b.odds_type,
      fills: b.fills.map((f) => ({ price: price(f.odds), size: toPaise(f.stake) })),
    })),
    kind,
  );
  return cashOutQuote(position, { back: best('back'), lay: best('lay') }, percent, kind);
}

/** The hedge's price as the market shows it: decimal odds, or the house's rate. */
export const hedgePrice = (kind: MarketDto['kind'], quote: CashOutQuote): string =>
  formatOdds(kind, kind === 'match_odds' ? quote.price / 100 : quote.price);
