import type { Rng } from './rng.js';

/**
 * European roulette: one zero, 37 pockets, no la partage (a zero loses every outside bet). A bet
 * that wins returns its stake times (payout + 1); every bet returns 36/37 on average (97.30%).
 */
export type RouletteBet =
  | { type: 'straight'; number: number; amount: number }
  | { type: 'red' | 'black' | 'even' | 'odd' | 'low' | 'high'; amount: number }
  | { type: 'dozen' | 'column'; index: 1 | 2 | 3; amount: number };

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const isRed = (n: number): boolean => RED.has(n);

/** Payout to one (35 to 1, 2 to 1, 1 to 1). */
export const PAYOUT: Record<RouletteBet['type'], number> = {
  straight: 35,
  dozen: 2,
  column: 2,
  red: 1,
  black: 1,
  even: 1,
  odd: 1,
  low: 1,
  high: 1,
};
export const RTP_BP = Math.round((36 / 37) * 10_000);

export function wins(bet: RouletteBet, n: number): boolean {
  if (bet.type === 'straight') return bet.number === n;
  if (n === 0) return false;
  switch (bet.type) {
    case 'red':
      return isRed(n);
    case 'black':
      return !isRed(n);
    case 'even':
      return n % 2 === 0;
    case 'odd':
      return n % 2 === 1;
    case 'low':
      return n <= 18;
    case 'high':
      return n >= 19;
    case 'dozen':
      return Math.ceil(n / 12) === bet.index;
    case 'column':
      return ((n - 1) % 3) + 1 === bet.index;
  }
}

/** Why a bet list cannot be played, or null. */
export function invalidBets(bets: unknown): string | null {
  if (!Array.isArray(bets) || bets.length === 0 || bets.length > 50) return 'Place between 1 and 50 bets';
  for (const b of bets as Record<string, unknown>[]) {
    if (!b || typeof b !== 'object' || typeof b.type !== 'string' || !(b.type in PAYOUT)) return 'Unknown bet';
    if (!Number.isSafeInteger(b.amount) || (b.amount as number) <= 0)
      return 'Each bet needs a whole, positive amount in paise';
    if (
      b.type === 'straight' &&
      !(Number.isInteger(b.number) && (b.number as number) >= 0 && (b.number as number) <= 36)
    )
      return 'Pick a number from 0 to 36';
    if ((b.type === 'dozen' || b.type === 'column') && ![1, 2, 3].includes(b.index as number))
      return 'Pick the first, second or third';
  }
  return null;
}

export const stakeOf = (bets: RouletteBet[]): number => bets.reduce((s, b) => s + b.amount, 0);

/** The spin and what it returns (stakes of winning bets included). */
export function spin(bets: RouletteBet[], rng: Rng): { number: number; color: 'red' | 'black' | 'green'; win: number } {
  const number = rng.below(37);
  return { number, color: number === 0 ? 'green' : isRed(number) ? 'red' : 'black', win: settle(bets, number) };
}

export const settle = (bets: RouletteBet[], n: number): number =>
  bets.reduce((s, b) => s + (wins(b, n) ? b.amount * (PAYOUT[b.type] + 1) : 0), 0);
