import { buildShoe } from '@exch/contracts';
import type { Tally } from '../returns.js';
import { addCard, cardNumber, categoryIndex, handMasks, POKER_CATEGORIES, strengthOf } from '../tables/poker-hand.js';
import type { TableDefinition } from '../tables/table.js';
import { choose } from './counting.js';
import { twoHands } from './markets.js';

/**
 * Poker 20-20. The 2,598,960 boards fall into 134,459 classes under renaming the suits (a class is
 * the multiset of its four suits' rank masks); one board of each class is judged with each of the
 * 1,081 pairs of hole cards left, by the table's own ranking (about 145 million hands). A and B hold
 * two disjoint pairs: of the n pairs of one strength on a board, n(n - 1) ordered pairs tie, less the
 * c(c - 1) that share a card held by c of them (two pairs share at most one card). A and B win
 * equally often by symmetry; each player's bonus follows their own seven cards.
 */
export function holdem(table: TableDefinition): Tally {
  const deck = buildShoe(1).map(cardNumber);
  const classes = new Map<number, { board: number[]; count: number }>();
  const masks = [0, 0, 0, 0];
  const board: number[] = [];
  const walk = (from: number) => {
    if (board.length === 5) {
      masks.fill(0);
      for (const c of board) masks[c >> 4]! |= 1 << (c & 15);
      // Values 2-14 are bits 2-14: four 13-bit masks make an exact 52-bit key.
      const key = [...masks].sort((x, y) => y - x).reduce((k, m) => k * 2 ** 13 + (m >> 2), 0);
      const seen = classes.get(key);
      if (seen) seen.count++;
      else classes.set(key, { board: [...board], count: 1 });
      return;
    }
    for (let i = from; i < deck.length; i++) {
      board.push(deck[i]!);
      walk(i + 1);
      board.pop();
    }
  };
  walk(0);
  const holes = choose(47, 2);
  const categories = new Array<number>(POKER_CATEGORIES.length).fill(0);
  let tie = 0;
  const onBoard = handMasks();
  const hand = handMasks();
  const keys = new Float64Array(holes);
  const first = new Int32Array(holes);
  const second = new Int32Array(holes);
  const holding = new Int32Array(deck.length);
  for (const { board, count } of classes.values()) {
    const weight = count / choose(52, 5);
    const left = deck.filter((c) => !board.includes(c));
    onBoard.fill(0);
    for (const c of board) addCard(onBoard, c);
    let k = 0;
    for (let i = 0; i < left.length; i++)
      for (let j = i + 1; j < left.length; j++, k++) {
        hand.set(onBoard);
        addCard(hand, left[i]!);
        addCard(hand, left[j]!);
        const strength = strengthOf(hand);
        categories[categoryIndex(strength)]! += weight / holes;
        // Strength and pair in one sortable number: strengths are below 2^24, pairs below 2^11.
        keys[k] = strength * 2048 + k;
        first[k] = i;
        second[k] = j;
      }
    keys.sort();
    let ties = 0;
    for (let start = 0; start < holes; ) {
      const strength = Math.floor(keys[start]! / 2048);
      let end = start;
      while (end < holes && Math.floor(keys[end]! / 2048) === strength) end++;
      const n = end - start;
      if (n > 1) {
        let sharing = 0;
        for (let g = start; g < end; g++) {
          const pair = keys[g]! % 2048;
          sharing += 2 * (holding[first[pair]!]!++ + holding[second[pair]!]!++);
        }
        for (let g = start; g < end; g++) {
          const pair = keys[g]! % 2048;
          holding[first[pair]!] = 0;
          holding[second[pair]!] = 0;
        }
        ties += n * (n - 1) - sharing;
      }
      start = end;
    }
    tie += (weight * ties) / (holes * choose(45, 2));
  }
  return twoHands(
    table,
    2,
    tie,
    (seat) => `Player ${seat} 7 Card Bonus`,
    POKER_CATEGORIES.map((category, i) => [category, categories[i]!]),
  );
}
