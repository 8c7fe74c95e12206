import {
  bestOfLadder,
  cashOutQuote,
  runnerPosition,
  type BetDto,
  type CashOutQuote,
  type MarketDto,
} from '@exch/contracts';
import { toPaise } from '../ui/money';
import { toHundredths } from './book';
import { sideLevels } from './pick';

/**
 * The player's cash out on a runner of a match-odds market, live from the ladder the page shows and
 * its own bets (contracts' cashOutQuote, as the engine computes it): null without a matched position,
 * when level, or with no price. The engine decides again when it is asked; the value shown is sent
 * with the request, so a value that moved meanwhile is refused, never taken unseen.
 */
export function cashOutOf(market: MarketDto, sid: number, bets: readonly BetDto[], percent = 100): CashOutQuote | null {
  if (market.kind !== 'match_odds' || market.status !== 'ACTIVE') return null;
  const mine = bets.filter((b) => b.market_id === market.marketId && b.selection === sid && b.status === 'pending');
  if (!mine.some((b) => b.fills.length > 0)) return null;
  const section = market.section.find((s) => s.sid === sid);
  if (!section || section.gstatus !== 'ACTIVE') return null;
  const best = (side: 'back' | 'lay') =>
    bestOfLadder(
      sideLevels(section, side).map((p) => ({ price: toHundredths(p.odds), size: toPaise(p.size) })),
      // The player's own resting lays are offered to backers and its backs to layers: never its to take.
      mine
        .filter((b) => b.unmatched_stake > 0 && b.odds_type !== side)
        .map((b) => ({ price: toHundredths(b.odds), size: toPaise(b.unmatched_stake) })),
    );
  const position = runnerPosition(
    mine.map((b) => ({
      side: b.odds_type,
      fills: b.fills.map((f) => ({ price: toHundredths(f.odds), size: toPaise(f.stake) })),
    })),
  );
  return cashOutQuote(position, { back: best('back'), lay: best('lay') }, percent);
}
