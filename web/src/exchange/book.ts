import type { BetDto, MarketDto, MarketKind } from '@exch/contracts';

/**
 * Bet outcomes and books as the player sees them, in rupees (SPEC.md section 9). Figures shown here
 * are previews; the server's own integer-paise sums decide.
 */

export interface Outcome {
  /** What the player wins when the bet wins. */
  win: number;
  /** What the player loses when it loses (positive). */
  lose: number;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * Match odds: back profit odds x stake - stake, loss stake; lay the reverse. Bookmaker: profit
 * rate x stake / 100. Fancy: Yes (back) wins volume x stake / 100 and loses the stake; No (lay) the reverse.
 */
export function betOutcome(kind: MarketKind, side: 'back' | 'lay', odds: number, stake: number, volume: number | null): Outcome {
  if (!Number.isFinite(stake) || stake <= 0) return { win: 0, lose: 0 };
  const edge = kind === 'match_odds' ? (odds - 1) * stake : kind === 'bookmaker' ? (odds * stake) / 100 : ((volume ?? 0) * stake) / 100;
  return side === 'back' ? { win: round2(edge), lose: round2(stake) } : { win: round2(stake), lose: round2(edge) };
}

/** One position on a runner market: a matched bet, or the one being placed. */
export interface Position {
  selection: number;
  side: 'back' | 'lay';
  odds: number;
  stake: number;
}

/** What each runner's result would pay the player: per selection id, the sum over positions. */
export function runnerBook(market: Pick<MarketDto, 'kind' | 'section'>, positions: Position[]): Map<number, number> {
  const book = new Map<number, number>(market.section.map((s) => [s.sid, 0]));
  if (market.kind === 'fancy') return book;
  for (const p of positions) {
    const { win, lose } = betOutcome(market.kind, p.side, p.odds, p.stake, null);
    for (const sid of book.keys()) {
      const wins = sid === p.selection ? p.side === 'back' : p.side === 'lay';
      book.set(sid, round2(book.get(sid)! + (wins ? win : -lose)));
    }
  }
  return book;
}

/** The player's matched stake on a market as positions (unmatched stake risks nothing until it matches). */
export function matchedPositions(marketId: string, bets: readonly BetDto[]): Position[] {
  return bets
    .filter((b) => b.market_id === marketId && b.status === 'pending' && b.matched_stake > 0 && b.selection !== null)
    .map((b) => ({ selection: b.selection!, side: b.odds_type, odds: b.odds, stake: b.matched_stake }));
}
