import { buildShoe, RANKS, rankLabel, type Rank } from '@exch/contracts';
import { enumerateReturns, Tally } from './returns.js';
import { baccarat } from './tables/baccarat.js';
import { addCard, cardNumber, categoryIndex, handMasks, POKER_CATEGORIES, strengthOf } from './tables/poker-hand.js';
import { teenHand, type TeenCategory } from './tables/teen-hand.js';
import type { DealtCard, MarketDefinition, TableDefinition } from './tables/table.js';
import { WAR_PLAYERS } from './tables/war.js';

/**
 * Every market's exact return and every result's exact chance (docs/casino.md "House edge"). Tables
 * that deal a few cards are walked deal by deal through their own deal and result. Teen Patti
 * 20-20, Andar Bahar 20-20 and 32 Cards deal too many cards for that, so their chances are worked
 * out here from the rules, independently of the tables' code: the statistical test then checks the
 * tables' dealt rounds against them.
 */
export function exactReturns(table: TableDefinition): Tally {
  switch (table.code) {
    case 'teen20':
      return teenPatti(table);
    case 'ab20':
      return andarBahar(table);
    case 'card32':
      return thirtyTwoCards(table);
    case 'race20':
      return race(table);
    case 'war':
      return casinoWar(table);
    case 'poker20':
      return holdem(table);
    case '3cardj':
      return judgement(table);
    case 'baccarat':
      // Suits decide nothing; after the four cards that make pairs, only points do (10 and pictures alike).
      // The module itself, not `table`: the key reads ranks, which only a table typed as dealing cards has.
      return enumerateReturns(baccarat, (c, position) => (position < 4 ? c.rank : c.rank >= 10 ? 0 : c.rank));
    default:
      return enumerateReturns(table);
  }
}

const marketOf = (table: TableDefinition, name: string): MarketDefinition => {
  const market = table.markets.find((m) => m.name === name);
  if (!market) throw new Error(`${table.code} has no market ${name}`);
  return market;
};

/** n choose k, 0 outside 0..n. */
export const choose = (n: number, k: number): number =>
  k < 0 || k > n ? 0 : Array.from({ length: k }, (_, i) => (n - i) / (i + 1)).reduce((a, b) => a * b, 1);

/**
 * All 22,100 three-card hands of one deck, grouped by strength. A tie is two disjoint hands of equal
 * strength; by symmetry A and B then win equally often. Pair Plus follows each hand's category.
 */
function teenPatti(table: TableDefinition): Tally {
  const deck = buildShoe(1);
  const byStrength = new Map<number, number[][]>();
  const categories = new Map<TeenCategory, number>();
  for (let i = 0; i < 52; i++)
    for (let j = i + 1; j < 52; j++)
      for (let k = j + 1; k < 52; k++) {
        const hand = teenHand([deck[i]!, deck[j]!, deck[k]!]);
        const same = byStrength.get(hand.strength) ?? [];
        same.push([i, j, k]);
        byStrength.set(hand.strength, same);
        categories.set(hand.category, (categories.get(hand.category) ?? 0) + 1);
      }
  let ties = 0;
  for (const hands of byStrength.values())
    for (const h1 of hands) for (const h2 of hands) if (!h1.some((c) => h2.includes(c))) ties++;
  const hands = choose(52, 3);
  return twoHands(
    table,
    3,
    ties / (hands * choose(49, 3)),
    (seat) => `Pair Plus ${seat}`,
    [...categories].map(([category, count]) => [category, count / hands]),
  );
}

/**
 * A rank's first card lands at position k (0-based, Bahar on even k) with chance C(51 - k, 3) / C(52, 4):
 * the other three of its four cards come later. Position 0 pays Bahar at its 1st-card odds.
 */
function andarBahar(table: TableDefinition): Tally {
  let bahar = 0;
  for (let k = 0; k <= 48; k += 2) bahar += choose(51 - k, 3) / choose(52, 4);
  const opening = choose(51, 3) / choose(52, 4);
  const tally = new Tally(table);
  tally.addCode(0, 1);
  for (const rank of RANKS) {
    const andarSid = marketOf(table, `Andar ${rankLabel(rank)}`).sid;
    const baharMarket = marketOf(table, `Bahar ${rankLabel(rank)}`);
    tally.addMarket({ sid: andarSid, outcome: 'win' }, 1 - bahar);
    tally.addMarket({ sid: andarSid, outcome: 'lose' }, bahar);
    tally.addMarket({ sid: baharMarket.sid, outcome: 'win', odds: baharMarket.payTable![0]!.odds }, opening);
    tally.addMarket({ sid: baharMarket.sid, outcome: 'win' }, bahar - opening);
    tally.addMarket({ sid: baharMarket.sid, outcome: 'lose' }, 1 - bahar);
  }
  return tally;
}

/**
 * 32 Cards: the first round's 4,096 draws (6-13 points, four of each) one by one. Players level on
 * the top total are alike from then on, so each wins an equal share of the chance that the shoe
 * separates them before it runs out; the chance that it does not (a void) is worked out tie round
 * by tie round, memoised on the cards left.
 */
function thirtyTwoCards(table: TableDefinition): Tally {
  const players = [8, 9, 10, 11];
  const memo = new Map<number, number>();
  // The chance that `level` players on equal totals are still level when the shoe cannot deal them all a card.
  const voidChance = (left: number[], level: number): number => {
    if (left.reduce((a, b) => a + b, 0) < level) return 1;
    const key = left.reduce((k, count) => k * 5 + count, level); // counts are 0-4
    let chance = memo.get(key);
    if (chance === undefined) {
      chance = 0;
      forEachHand(left, level, (atTop, p) => (chance! += p * voidChance(left, atTop)));
      memo.set(key, chance);
    }
    return chance;
  };
  const tally = new Tally(table);
  const left = [4, 4, 4, 4, 4, 4, 4, 4];
  forEachDraw(left, players.length, (drawn, p) => {
    const totals = players.map((n, i) => n + drawn[i]!);
    const level = players.filter((_, i) => totals[i] === Math.max(...totals));
    const none = level.length === 1 ? 0 : voidChance(left, level.length);
    tally.addCode(0, p * none);
    players.forEach((player, i) => {
      const sid = marketOf(table, `Player ${player}`).sid;
      const share = level.includes(player) ? (p * (1 - none)) / level.length : 0;
      tally.addCode(i + 1, share);
      tally.addMarket({ sid, outcome: 'win' }, share);
      tally.addMarket({ sid, outcome: 'push' }, p * none);
      tally.addMarket({ sid, outcome: 'lose' }, p - share - p * none);
    });
  });
  return tally;
}

/**
 * Every way `n` cards can come off a shoe holding `left[v]` cards worth 6 + v, in order, with its
 * chance. While `each` runs, `left` lacks the drawn cards; it is restored afterwards.
 */
function forEachDraw(left: number[], n: number, each: (drawn: number[], p: number) => void): void {
  const drawn: number[] = [];
  const step = (p: number, remaining: number) => {
    if (drawn.length === n) return each(drawn, p);
    left.forEach((count, v) => {
      if (count === 0) return;
      left[v]!--;
      drawn.push(6 + v);
      step((p * count) / remaining, remaining - 1);
      drawn.pop();
      left[v]!++;
    });
  };
  step(
    1,
    left.reduce((a, b) => a + b, 0),
  );
}

/**
 * The same for players level on their totals, where only the drawn cards as a set matter: each set
 * once, with the chance of it in any order, and how many of them share the top value. Sets whose
 * top value is drawn once end the tie, so they are skipped.
 */
function forEachHand(left: number[], n: number, each: (atTop: number, p: number) => void): void {
  const total = left.reduce((a, b) => a + b, 0);
  // n! * prod(falling(left[v], m_v) / m_v!) / falling(total, n), built up value by value from the top.
  let orders = 1;
  for (let i = 2; i <= n; i++) orders *= i;
  for (let i = 0; i < n; i++) orders /= total - i;
  const pick = (v: number, need: number, p: number, atTop: number) => {
    if (atTop === 1) return;
    if (need === 0) return each(atTop, p);
    if (v < 0) return;
    for (let m = 0, q = p; m <= Math.min(need, left[v]!); q = (q * (left[v]! - m)) / (m + 1), m++) {
      left[v]! -= m;
      pick(v - 1, need - m, q, atTop || m);
      left[v]! += m;
    }
  };
  pick(left.length - 1, n, orders, 0);
}

/**
 * Race 20-20: the chance of every way the race can stand (cards of each suit so far) when its winner
 * takes the fifth step, suit by suit off the 48 cards, merged by standing. Given how many cards of a
 * suit came, they are any that many of its 12 ranks alike, so the points are the sum of each suit's
 * distribution of k distinct ranks from 1 to 12.
 */
function race(table: TableDefinition): Tally {
  const [HORSES, PER_SUIT, STEPS] = [4, 12, 5];
  // sums[k]: the chance of each total of k distinct ranks from 1 to 12.
  let counts: Map<number, number>[] = [new Map([[0, 1]])];
  for (let rank = 1; rank <= PER_SUIT; rank++)
    counts = [...counts, new Map()].map((m, k) => {
      const next = new Map(m);
      for (const [sum, n] of counts[k - 1] ?? []) next.set(sum + rank, (next.get(sum + rank) ?? 0) + n);
      return next;
    });
  const sums = counts.map((m, k) => new Map([...m].map(([sum, n]) => [sum, n / choose(PER_SUIT, k)])));
  const ending: { winner: number; cards: number; points: Map<number, number>; p: number }[] = [];
  let standings = new Map<string, number>([['0,0,0,0', 1]]);
  for (let dealt = 0; standings.size > 0; dealt++) {
    const next = new Map<string, number>();
    for (const [key, p] of standings) {
      const steps = key.split(',').map(Number);
      for (let s = 0; s < HORSES; s++) {
        const q = (p * (PER_SUIT - steps[s]!)) / (HORSES * PER_SUIT - dealt);
        const after = steps.map((n, i) => (i === s ? n + 1 : n));
        if (after[s] === STEPS) {
          let points = new Map([[0, 1]]);
          for (const k of after) {
            const added = new Map<number, number>();
            for (const [a, pa] of points)
              for (const [b, pb] of sums[k]!) added.set(a + b, (added.get(a + b) ?? 0) + pa * pb);
            points = added;
          }
          ending.push({ winner: s, cards: dealt + 1, points, p: q });
        } else next.set(after.join(','), (next.get(after.join(',')) ?? 0) + q);
      }
    }
    standings = next;
  }
  const tally = new Tally(table);
  const market = (name: string, chance: number) => {
    const sid = marketOf(table, name).sid;
    tally.addMarket({ sid, outcome: 'win' }, chance);
    tally.addMarket({ sid, outcome: 'lose' }, 1 - chance);
  };
  const chance = (when: (e: (typeof ending)[number]) => boolean) =>
    ending.filter(when).reduce((sum, e) => sum + e.p, 0);
  const pointsChance = (when: (points: number) => boolean) =>
    ending.reduce((sum, e) => sum + e.p * [...e.points].reduce((s, [pts, pp]) => s + (when(pts) ? pp : 0), 0), 0);
  ['K♠', 'K♥', 'K♣', 'K♦'].forEach((horse, s) => {
    tally.addCode(
      s + 1,
      chance((e) => e.winner === s),
    );
    market(
      horse,
      chance((e) => e.winner === s),
    );
  });
  market(
    'Cards Under 12.5',
    chance((e) => e.cards <= 12),
  );
  market(
    'Cards Over 12.5',
    chance((e) => e.cards > 12),
  );
  market(
    'Points Under 80.5',
    pointsChance((pts) => pts <= 80),
  );
  market(
    'Points Over 80.5',
    pointsChance((pts) => pts > 80),
  );
  for (const n of [5, 6, 7])
    market(
      `Win with ${n}`,
      chance((e) => e.cards === n),
    );
  market(
    'Win with 15+',
    chance((e) => e.cards >= 15),
  );
  return tally;
}

/**
 * Casino War: each player's markets depend only on their own card and the dealer's, a uniformly
 * random ordered pair of two cards of the deck. So every pair is dealt to all six seats at once
 * through the table's own result (each seat's markets then judge the same pair; which seat is
 * which changes nothing). The result code, how many players beat the dealer, is hypergeometric: a
 * dealer of value v (2-14, ace high) leaves 4 × (14 - v) higher cards among the other 51.
 */
function casinoWar(table: TableDefinition): Tally {
  const deck = buildShoe(1);
  const tally = new Tally(table);
  const pairs = deck.length * (deck.length - 1);
  for (const dealer of deck)
    for (const mine of deck) {
      if (mine === dealer) continue;
      const deal: DealtCard[] = [
        ...WAR_PLAYERS.map((n) => ({ card: mine, to: `Player ${n}` })),
        { card: dealer, to: 'Dealer' },
      ];
      for (const m of table.result(deal).markets) tally.addMarket(m, 1 / pairs);
    }
  const seats = WAR_PLAYERS.length;
  for (let value = 2; value <= 14; value++) {
    const higher = 4 * (14 - value);
    for (let k = 0; k <= seats; k++)
      tally.addCode(k, ((1 / 13) * choose(higher, k) * choose(51 - higher, seats - k)) / choose(51, seats));
  }
  return tally;
}

/**
 * Poker 20-20. The 2,598,960 boards fall into 134,459 classes under renaming the suits (a class is
 * the multiset of its four suits' rank masks); one board of each class is judged with each of the
 * 1,081 pairs of hole cards left, by the table's own ranking (about 145 million hands). A and B hold
 * two disjoint pairs: of the n pairs of one strength on a board, n(n - 1) ordered pairs tie, less the
 * c(c - 1) that share a card held by c of them (two pairs share at most one card). A and B win
 * equally often by symmetry; each player's bonus follows their own seven cards.
 */
function holdem(table: TableDefinition): Tally {
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

/**
 * Player A against Player B from one deck, alike by symmetry: each wins (1 - tie) / 2 (result codes
 * 1 and `bCode`, 0 a tie), the main bets are returned on a tie, and each player's hand-paid market
 * (named by `side`) follows the chances of the hand categories.
 */
function twoHands(
  table: TableDefinition,
  bCode: number,
  tie: number,
  side: (seat: string) => string,
  chances: readonly (readonly [string, number])[],
): Tally {
  const win = (1 - tie) / 2;
  const tally = new Tally(table);
  tally.addCode(1, win);
  tally.addCode(bCode, win);
  tally.addCode(0, tie);
  for (const seat of ['A', 'B']) {
    const main = marketOf(table, `Player ${seat}`).sid;
    tally.addMarket({ sid: main, outcome: 'win' }, win);
    tally.addMarket({ sid: main, outcome: 'push' }, tie);
    tally.addMarket({ sid: main, outcome: 'lose' }, win);
    const market = marketOf(table, side(seat));
    for (const [category, chance] of chances) {
      const paid = market.payTable?.find((p) => p.hand === category);
      tally.addMarket(
        paid ? { sid: market.sid, outcome: 'win', odds: paid.odds } : { sid: market.sid, outcome: 'lose' },
        chance,
      );
    }
  }
  return tally;
}

/** Every set of `k` different ranks, each ascending. */
export function rankPicks(k: number, from = 0): Rank[][] {
  if (k === 0) return [[]];
  return RANKS.slice(from).flatMap((r, i) => rankPicks(k - 1, from + i + 1).map((rest) => [r, ...rest]));
}

/**
 * 3 Cards Judgement: all C(52, 3) = 22,100 sets of three cards (the order they are turned in decides
 * nothing), counted by the ranks they show (suits decide nothing either), then each such deal judged
 * through the table's own judgePick for every pick its markets take, all C(13, k) picks of k ranks
 * weighing alike; the result code from the table's own result.
 */
function judgement(table: TableDefinition): Tally {
  const deck = buildShoe(1);
  const byRanks = new Map<string, { deal: DealtCard[]; n: number }>();
  let deals = 0;
  for (let i = 0; i < deck.length; i++)
    for (let j = i + 1; j < deck.length; j++)
      for (let l = j + 1; l < deck.length; l++) {
        const cards = [deck[i]!, deck[j]!, deck[l]!];
        const key = cards.map((c) => c.rank).join(' ');
        const held = byRanks.get(key) ?? { deal: cards.map((card) => ({ card, to: 'Dealer' })), n: 0 };
        held.n++;
        byRanks.set(key, held);
        deals++;
      }
  const tally = new Tally(table);
  const picked = table.markets.map((m) => ({ sid: m.sid, picks: rankPicks(m.picks ?? 0) }));
  for (const { deal, n } of byRanks.values()) {
    tally.addCode(table.result(deal).code, n / deals);
    for (const { sid, picks } of picked)
      for (const ranks of picks) tally.addMarket(table.judgePick(deal, sid, ranks), n / deals / picks.length);
  }
  return tally;
}
