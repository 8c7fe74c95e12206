import type { TapeBet } from '@exch/contracts';

/** A tape row's key: exchange and casino bets have ids of their own kinds. */
export const tapeKey = (t: TapeBet): string => `${t.bet_type}:${t.bet._id}`;

/** The tape's order: the newest placed first, by the time each was placed (then by key, for a stable order). */
export function newestPlacedFirst(a: TapeBet, b: TapeBet): number {
  const at = Date.parse(b.bet.placed_at) - Date.parse(a.bet.placed_at);
  return at !== 0 ? at : tapeKey(a) < tapeKey(b) ? -1 : tapeKey(a) > tapeKey(b) ? 1 : 0;
}
