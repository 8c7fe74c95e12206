/**
 * The European roulette wheel: 37 pockets, 0 to 36. A round draws one pocket with the same provably
 * fair shuffle that deals cards (docs/casino.md "Roulette"): the wheel, in number order, is the shoe,
 * and the shuffled wheel's first pocket is where the ball lands. A pocket travels as its number,
 * "0" to "36", in events and the API, where a card travels as "AS".
 */
export interface Pocket {
  readonly number: number;
  readonly code: string;
}

/** The unshuffled wheel, 0 to 36 in number order: the roulette table's shoe (a verifier rebuilds it). */
export const WHEEL: readonly Pocket[] = Array.from({ length: 37 }, (_, number) =>
  Object.freeze({ number, code: String(number) }),
);

/** The standard red numbers; the other numbers from 1 to 36 are black and 0 is green. */
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export type PocketColour = 'red' | 'black' | 'green';

export const pocketColour = (n: number): PocketColour => (n === 0 ? 'green' : RED.has(n) ? 'red' : 'black');

/** The pockets as they sit round a European wheel, clockwise from 0: how the web draws it. */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
];
