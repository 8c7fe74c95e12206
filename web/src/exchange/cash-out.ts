import {
  cashedOutShare,
  cashOutOnLadder,
  cashOutTolerance,
  ladderWithout,
  largestShare,
  runnerPosition,
  type BetDto,
  type CashOutKind,
  type HedgeLadder,
  type LadderQuote,
  type MarketDto,
  type Paise,
  type RunnerPosition,
} from '@exch/contracts';
import { toPaise } from '../ui/money';
import { enginePrice } from './book';
import { formatOdds } from './format';
import { sideLevels } from './pick';

/** A bookmaker rate has no depth: the house takes any stake at it. */
const HOUSE_DEPTH = Number.MAX_SAFE_INTEGER;

/** A runner's cash out as the page works it out: the quote, and the position and ladder it came from. */
export interface CashOutView {
  kind: CashOutKind;
  quote: LadderQuote;
  position: RunnerPosition;
  ladder: HedgeLadder;
}

/**
 * The player's cash out on a runner of a match-odds or bookmaker market, live from the ladder the
 * page shows and its own bets (contracts' cashOutOnLadder, as the engine computes it): null without
 * a matched position, when level, or with no price. The value shown is sent with the request as the
 * least the player takes (less what it accepts below it), so a worse value is refused, never taken unseen.
 */
export function cashOutOf(market: MarketDto, sid: number, bets: readonly BetDto[], percent = 100): CashOutView | null {
  const { kind } = market;
  if ((kind !== 'match_odds' && kind !== 'bookmaker') || market.status !== 'ACTIVE') return null;
  const mine = bets.filter((b) => b.market_id === market.marketId && b.selection === sid && b.status === 'pending');
  if (!mine.some((b) => b.fills.length > 0)) return null;
  const section = market.section.find((s) => s.sid === sid);
  if (!section || section.gstatus !== 'ACTIVE') return null;
  const price = (odds: number) => enginePrice(kind, odds);
  const levels = (side: 'back' | 'lay') =>
    kind === 'bookmaker'
      ? // The house quotes one rate a side and no size; a rate of 0 is no offer.
        sideLevels(section, side)
          .filter((p) => p.odds > 0)
          .slice(0, 1)
          .map((p) => ({ price: p.odds, size: HOUSE_DEPTH }))
      : ladderWithout(
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
  const ladder = { back: levels('back'), lay: levels('lay') };
  const quote = cashOutOnLadder(position, ladder, percent, kind);
  return quote && { kind, quote, position, ladder };
}

/** The hedge's price as the market shows it: decimal odds, or the house's rate. */
export const hedgePrice = (kind: MarketDto['kind'], quote: { price: number }): string =>
  formatOdds(kind, kind === 'match_odds' ? quote.price / 100 : quote.price);

/** The largest share the ladder can take whole now (0: none). */
export const mostShare = (view: CashOutView): number => largestShare(view.position, view.ladder, view.kind);

/** What the share pays whichever way the runner goes if the hedge fills at its price (better prices pay more). */
export const sharePays = (view: CashOutView, percent: number): RunnerPosition =>
  cashedOutShare(
    view.position,
    percent,
    { side: view.quote.side, fills: [{ price: view.quote.price, size: view.quote.stake }] },
    view.kind,
  );

/** How much below the value shown the panel offers to accept while the cash out waits (contracts' cashOutTolerance). */
export const valueDrop = ({ kind, quote, position }: CashOutView): Paise => cashOutTolerance(position, quote, kind);
