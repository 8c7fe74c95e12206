import { buildShoe, SUITS, type Card, type Suit } from '@exch/contracts';
import { defineTable, take, TABLE_LIMITS, won, type MarketRule } from './define.js';
import { colourMarkets, parityMarkets } from './sides.js';

/**
 * Casino War: one deck, one card each to Players 1 to 6, then one to the dealer. A player whose card
 * ranks above the dealer's (ace high) wins; an equal rank returns the Winner bet. Each player's card
 * also carries Red/Black, Even/Odd (Lucky 7's prices, ace odd) and its suit (docs/casino.md).
 */
interface Faces {
  readonly players: readonly Card[];
  readonly dealer: Card;
}

export const WAR_PLAYERS = [1, 2, 3, 4, 5, 6] as const;
/** Each player's markets take this many sids: Player n's start at (n - 1) × 9 + 1. */
const PER_PLAYER = 9;
const SUIT_NAMES: Record<Suit, string> = { S: 'Spade', H: 'Heart', C: 'Club', D: 'Diamond' };

const aceHigh = (c: Card) => (c.rank === 1 ? 14 : c.rank);
const beats = (c: Card, dealer: Card) => aceHigh(c) > aceHigh(dealer);

function playerMarkets(n: number): MarketRule<Faces>[] {
  const sid = (n - 1) * PER_PLAYER + 1;
  const mine = (f: Faces) => f.players[n - 1]!;
  const group = `Player ${n}`;
  const markets: MarketRule<Faces>[] = [
    {
      sid,
      name: `Player ${n} Winner`,
      group,
      odds: 198,
      judge: (f) => (aceHigh(mine(f)) === aceHigh(f.dealer) ? 'push' : won(beats(mine(f), f.dealer))),
    },
    // The shared one-card markets, shown under the player's own heading.
    ...colourMarkets(sid + 1, mine, `Player ${n} `),
    ...parityMarkets(sid + 3, mine, `Player ${n} `),
    ...SUITS.map((suit, i) => ({
      sid: sid + 5 + i,
      name: `Player ${n} ${SUIT_NAMES[suit]}`,
      group,
      odds: 375,
      judge: (f: Faces) => won(mine(f).suit === suit),
    })),
  ];
  return markets.map((m) => ({ ...m, group }));
}

const winners = (f: Faces) => WAR_PLAYERS.filter((n) => beats(f.players[n - 1]!, f.dealer));

export const war = defineTable<Faces>({
  code: 'war',
  name: 'Casino War',
  category: 29,
  midPrefix: '131',
  ...TABLE_LIMITS,
  bettingSeconds: 20,
  shoe: () => buildShoe(1),
  deal: (shuffled) => [
    ...WAR_PLAYERS.map((n, i) => ({ card: take(shuffled, i), to: `Player ${n}` })),
    { card: take(shuffled, WAR_PLAYERS.length), to: 'Dealer' },
  ],
  facts: (deal) => {
    const dealer = deal.find((d) => d.to === 'Dealer');
    if (!dealer || deal.length !== WAR_PLAYERS.length + 1) throw new Error('war deals six players and the dealer');
    return { players: deal.slice(0, WAR_PLAYERS.length).map((d) => d.card), dealer: dealer.card };
  },
  // The code is how many players beat the dealer (0-6), as the feed lists every winning player.
  headline: (f) => {
    const won = winners(f);
    const winner = won.length === 0 ? 'Dealer' : `Player${won.length > 1 ? 's' : ''} ${won.join(', ')}`;
    return {
      code: won.length,
      winner,
      description: `${f.players.map((c, i) => `${i + 1}: ${c.code}`).join(', ')}; Dealer ${f.dealer.code}: ${winner}`,
    };
  },
  markets: WAR_PLAYERS.flatMap(playerMarkets),
});
