import type { Rng } from './rng.js';

/**
 * "Lotus Sevens": three reels of 32 stops, one payline. Each reel stops at a uniformly random stop;
 * the payline shows the symbol at each stop. The paytable pays the stake times the figure (stake
 * included). The return to player is exact: every one of the 32^3 = 32,768 stop combinations
 * through the paytable (`exactReturn`), 31,446 / 32,768 = 95.97%, which the lobby publishes.
 */
export type SlotSymbol = '7' | 'BAR' | 'BELL' | 'LEMON' | 'CHERRY' | 'BLANK';

const reel = (pattern: string): SlotSymbol[] =>
  [...pattern].map((c) => ({ '7': '7', B: 'BAR', L: 'BELL', M: 'LEMON', C: 'CHERRY', '-': 'BLANK' })[c] as SlotSymbol);

/** The strips, in stop order (7 B L M C and blanks: 2/3/4/5/7/11, 2/3/4/5/5/13, 1/3/4/6/4/14). */
export const REELS: SlotSymbol[][] = [
  reel('C-ML-B7-CM-LB-7C-ML-BC-ML-CM-CC-'),
  reel('C-ML-B-7C-M-LB-7-C-ML-B-CM-L-CM-'),
  reel('C-M-LB-7-C-ML-B-C-M-LB-C-M-LM-M-'),
];

/** Three of a kind, then cherries from the left: the figure times the stake is paid (stake included). */
export const PAYTABLE: { line: string; pays: number }[] = [
  { line: '7 7 7', pays: 500 },
  { line: 'BAR BAR BAR', pays: 100 },
  { line: 'BELL BELL BELL', pays: 50 },
  { line: 'LEMON LEMON LEMON', pays: 25 },
  { line: 'CHERRY CHERRY CHERRY', pays: 20 },
  { line: 'CHERRY CHERRY any', pays: 5 },
  { line: 'CHERRY any any', pays: 2 },
];

export function pays([a, b, c]: SlotSymbol[]): number {
  if (a === b && b === c && a !== 'BLANK')
    return { '7': 500, BAR: 100, BELL: 50, LEMON: 25, CHERRY: 20 }[a as Exclude<SlotSymbol, 'BLANK'>];
  if (a === 'CHERRY' && b === 'CHERRY') return 5;
  return a === 'CHERRY' ? 2 : 0;
}

/** Return to player as an exact fraction: the sum of `pays` over every stop combination, over their number. */
export function exactReturn(): { paid: number; combinations: number } {
  let paid = 0;
  for (const a of REELS[0]!) for (const b of REELS[1]!) for (const c of REELS[2]!) paid += pays([a, b, c]);
  return { paid, combinations: REELS[0]!.length * REELS[1]!.length * REELS[2]!.length };
}

const { paid, combinations } = exactReturn();
export const RTP_BP = Math.round((paid / combinations) * 10_000);

/** A spin: each reel's stop, the three symbols on the line (and one above and below each, for the picture), and the return. */
export function spin(
  stake: number,
  rng: Rng,
): { stops: number[]; window: SlotSymbol[][]; line: SlotSymbol[]; multiplier: number; win: number } {
  const stops = REELS.map((r) => rng.below(r.length));
  const window = REELS.map((r, i) => [-1, 0, 1].map((d) => r[(stops[i]! + d + r.length) % r.length]!));
  const line = window.map((w) => w[1]!);
  const multiplier = pays(line);
  return { stops, window, line, multiplier, win: stake * multiplier };
}
