import { buildShoe, type Card } from '@exch/contracts';
import { cardsTo, defineTable, take, TABLE_LIMITS, won, type MarketRule } from './define.js';
import type { DealtCard } from './table.js';

/**
 * 32 Cards: the 6s to Ks of one deck, worth 6 to 13 points. Players 8, 9, 10 and 11 each add one
 * card to their number; the highest total wins. Players tied on the highest total each draw again,
 * in seat order, adding to their totals, until one is ahead. Should the shoe not hold a card for
 * every tied player (possible, though it needs a dozen ties running), the round is void and every
 * bet is returned (docs/casino.md).
 */
const PLAYERS = [8, 9, 10, 11] as const;
type Player = (typeof PLAYERS)[number];
const seat = (p: Player) => `Player ${p}`;

interface Totals {
  readonly totals: ReadonlyMap<Player, number>;
  /** Null when the round is void. */
  readonly winner: Player | null;
}

function deal(shuffled: readonly Card[]): DealtCard[] {
  const out: DealtCard[] = [];
  const totals = new Map<Player, number>(PLAYERS.map((p) => [p, p]));
  let drawing: readonly Player[] = PLAYERS;
  while (drawing.length > 1 && shuffled.length - out.length >= drawing.length) {
    for (const p of drawing) {
      const card = take(shuffled, out.length);
      totals.set(p, totals.get(p)! + card.rank);
      out.push({ card, to: seat(p) });
    }
    const top = Math.max(...drawing.map((p) => totals.get(p)!));
    drawing = drawing.filter((p) => totals.get(p) === top);
  }
  return out;
}

// A player who dropped out was behind a total that only grew, so the highest total is the last one standing.
function facts(dealt: readonly DealtCard[]): Totals {
  const totals = new Map<Player, number>(
    PLAYERS.map((p) => [p, p + cardsTo(dealt, seat(p)).reduce((sum, c) => sum + c.rank, 0)]),
  );
  const top = Math.max(...totals.values());
  const leaders = PLAYERS.filter((p) => totals.get(p) === top);
  return { totals, winner: leaders.length === 1 ? leaders[0]! : null };
}

// Chances 7.83%, 16.38%, 29.30% and 46.49% (docs/casino.md), priced at an edge of 2.4-3.3%.
const ODDS: Record<Player, number> = { 8: 1240, 9: 595, 10: 330, 11: 210 };

const playerMarkets: MarketRule<Totals>[] = PLAYERS.map((p, i) => ({
  sid: i + 1,
  name: seat(p),
  group: 'Players',
  odds: ODDS[p],
  judge: (f: Totals) => (f.winner === null ? 'push' : won(f.winner === p)),
}));

const show = (f: Totals) => PLAYERS.map((p) => `${p}: ${f.totals.get(p)}`).join(', ');

export const card32 = defineTable<Totals>({
  code: 'card32',
  name: '32 Cards',
  category: 24,
  midPrefix: '113',
  ...TABLE_LIMITS,
  bettingSeconds: 20,
  shoe: () => buildShoe(1, [6, 7, 8, 9, 10, 11, 12, 13]),
  deal,
  facts,
  headline: (f) =>
    f.winner === null
      ? { code: 0, winner: 'Void', description: `Totals ${show(f)}: still tied when the shoe ran out, bets returned` }
      : {
          code: PLAYERS.indexOf(f.winner) + 1,
          winner: seat(f.winner),
          description: `Totals ${show(f)}: ${seat(f.winner)}`,
        },
  markets: playerMarkets,
});
