import { SUITS, type Card } from '@exch/contracts';

/**
 * Texas hold'em hands: the best five of seven cards, ace high and also low in A-2-3-4-5. A royal
 * flush is the ace-high straight flush, a category of its own so a pay table can name it. Suits never
 * break a tie.
 */
export const POKER_CATEGORIES = [
  'High Card',
  'Pair',
  'Two Pair',
  'Three of a Kind',
  'Straight',
  'Flush',
  'Full House',
  'Four of a Kind',
  'Straight Flush',
  'Royal Flush',
] as const;
export type PokerCategory = (typeof POKER_CATEGORIES)[number];

export interface PokerHand {
  readonly category: PokerCategory;
  /** Higher beats lower; equal is a split. */
  readonly strength: number;
}

const ACE = 14;
/** A strength is its category times this, plus up to five deciding values of 4 bits each. */
const PLACES = 16 ** 5;

/** A card as one number: suit index × 16 + value (2-14, ace high). */
export const cardNumber = (c: Card): number => SUITS.indexOf(c.suit) * 16 + (c.rank === 1 ? ACE : c.rank);

/** The top card of the best straight in a mask of values (bit v for value v; the ace also counts as 1), or 0. */
function straightTop(mask: number): number {
  const m = mask & (1 << ACE) ? mask | 2 : mask;
  for (let top = ACE; top >= 5; top--) if (((m >> (top - 4)) & 0b11111) === 0b11111) return top;
  return 0;
}

const bits = (mask: number) => {
  let n = 0;
  for (let m = mask; m; m &= m - 1) n++;
  return n;
};

const topValue = (mask: number) => 31 - Math.clz32(mask);

/** The `n` highest values set in `mask`, packed 4 bits each, highest first. */
function highest(mask: number, n: number): number {
  let packed = 0;
  for (let v = ACE, left = n; v >= 2 && left > 0; v--)
    if (mask & (1 << v)) {
      packed = packed * 16 + v;
      left--;
    }
  return packed;
}

const CATEGORY = Object.fromEntries(POKER_CATEGORIES.map((c, i) => [c, i])) as Record<PokerCategory, number>;
const SHIFT = [PLACES, 16 ** 4, 16 ** 3, 16 ** 2, 16, 1];
const strength = (category: PokerCategory, packed: number, n: number) =>
  CATEGORY[category] * PLACES + packed * SHIFT[n]!;

/**
 * Cards seen so far, as masks of values (no arrays, no allocation: exact/poker20.ts judges some 145 million
 * hands): [0] values seen at least once, [1] twice, [2] three times, [3] four; [4 + s] suit s's.
 */
export type HandMasks = Int32Array;
export const handMasks = (): HandMasks => new Int32Array(8);

export function addCard(m: HandMasks, card: number): void {
  const bit = 1 << (card & 15);
  m[4 + (card >> 4)]! |= bit;
  if (m[2]! & bit) m[3]! |= bit;
  else if (m[1]! & bit) m[2]! |= bit;
  else if (m[0]! & bit) m[1]! |= bit;
  else m[0]! |= bit;
}

/** The strength of the best five of the (seven) cards added to `m`. */
export function strengthOf(m: HandMasks): number {
  const once = m[0]!;
  const twice = m[1]!;
  const thrice = m[2]!;
  const four = m[3]!;
  const flush =
    bits(m[4]!) >= 5 ? m[4]! : bits(m[5]!) >= 5 ? m[5]! : bits(m[6]!) >= 5 ? m[6]! : bits(m[7]!) >= 5 ? m[7]! : 0;
  if (flush) {
    const top = straightTop(flush);
    if (top === ACE) return strength('Royal Flush', top, 1);
    if (top) return strength('Straight Flush', top, 1);
  }
  if (four) {
    const quad = topValue(four);
    return strength('Four of a Kind', quad * 16 + highest(once & ~(1 << quad), 1), 2);
  }
  // A second trips counts as the pair of a full house.
  const pairUnder = thrice ? twice & ~(1 << topValue(thrice)) : 0;
  if (pairUnder) return strength('Full House', topValue(thrice) * 16 + topValue(pairUnder), 2);
  if (flush) return strength('Flush', highest(flush, 5), 5);
  const top = straightTop(once);
  if (top) return strength('Straight', top, 1);
  if (thrice) {
    const trips = topValue(thrice);
    return strength('Three of a Kind', trips * 256 + highest(once & ~(1 << trips), 2), 3);
  }
  if (twice) {
    const p1 = topValue(twice);
    const p2 = topValue(twice & ~(1 << p1));
    if (p2 > 0) return strength('Two Pair', (p1 * 16 + p2) * 16 + highest(once & ~(1 << p1) & ~(1 << p2), 1), 3);
    return strength('Pair', p1 * 4096 + highest(once & ~(1 << p1), 3), 4);
  }
  return strength('High Card', highest(once, 5), 5);
}

export const categoryIndex = (strength: number): number => Math.floor(strength / PLACES);
const categoryOf = (strength: number): PokerCategory => POKER_CATEGORIES[categoryIndex(strength)]!;

export function pokerHand(cards: readonly Card[]): PokerHand {
  if (cards.length !== 7) throw new Error(`a hold'em hand is judged on 7 cards, not ${cards.length}`);
  const m = handMasks();
  for (const c of cards) addCard(m, cardNumber(c));
  const s = strengthOf(m);
  return { category: categoryOf(s), strength: s };
}
