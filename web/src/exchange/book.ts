import {
  betOutcome as outcomeInPaise,
  type BetDto,
  type MarketDto,
  type MarketKind,
  type Outcome,
  type Paise,
} from '@exch/contracts';
import { toPaise } from '../ui/money';

/**
 * Bet outcomes and books as the player sees them, in integer paise with the engine's own formulas
 * (SPEC.md section 9, contracts' betOutcome). Figures shown here are previews; the server decides.
 */

/** Decimal odds from the API or the spinner to integer hundredths (1.85 -> 185): rounding undoes the float's representation error. */
export const toHundredths = (odds: number): number => Math.round(odds * 100);

/** The API's price to the engine's: match odds in hundredths, rates and lines as they are. */
export const enginePrice = (kind: MarketKind, odds: number): number =>
  kind === 'match_odds' ? toHundredths(odds) : odds;

export function betOutcome(
  kind: MarketKind,
  side: 'back' | 'lay',
  odds: number,
  stake: Paise,
  volume: number | null,
): Outcome {
  if (!Number.isSafeInteger(stake) || stake <= 0) return { win: 0, lose: 0 };
  return outcomeInPaise(kind, side, [{ price: enginePrice(kind, odds), size: stake }], volume);
}

/** One position on a runner market: a matched bet (its fills), or the one being placed. */
export interface Position {
  selection: number;
  side: 'back' | 'lay';
  /** Each part at its own price as the API shows it (decimal odds, or a rate), rounded once together as the engine does. */
  parts: { odds: number; stake: Paise }[];
}

/** What each runner's result would pay the player, in paise: per selection id, the sum over positions. */
export function runnerBook(market: Pick<MarketDto, 'kind' | 'section'>, positions: Position[]): Map<number, Paise> {
  const book = new Map<number, Paise>(market.section.map((s) => [s.sid, 0]));
  if (market.kind === 'fancy') return book;
  for (const p of positions) {
    const parts = p.parts.map((part) => ({ price: enginePrice(market.kind, part.odds), size: part.stake }));
    const { win, lose } = outcomeInPaise(market.kind, p.side, parts, null);
    for (const sid of book.keys()) {
      const wins = sid === p.selection ? p.side === 'back' : p.side === 'lay';
      book.set(sid, book.get(sid)! + (wins ? win : -lose));
    }
  }
  return book;
}

/**
 * The player's matched stake on a market as positions, each fill at the price it matched (best
 * execution may have given better than asked); unmatched stake risks nothing until it matches.
 */
export function matchedPositions(marketId: string, bets: readonly BetDto[]): Position[] {
  return bets
    .filter((b) => b.market_id === marketId && b.status === 'pending' && b.matched_stake > 0 && b.selection !== null)
    .map((b) => ({
      selection: b.selection!,
      side: b.odds_type,
      parts: b.fills.map((f) => ({ odds: f.odds, stake: toPaise(f.stake) })),
    }));
}
