import { buildShoe, type Card } from '@exch/contracts';
import { cardsTo, defineTable, take, TABLE_LIMITS, won } from './define.js';
import type { DealtCard } from './table.js';

/**
 * Baccarat: eight decks, dealt Player, Banker, Player, Banker, then the third cards the drawing
 * rules call for. Cards count A = 1, 2-9 at face, 10 and pictures 0; a hand is its total's last
 * digit. Player and Banker pay 2.00 and are returned on a tie; a Banker win with 6 pays half
 * (CASINO-PAYMENTS.md section 2). Tie pays 8 to 1; pairs, Big and Small are the usual side bets.
 */
interface Hands {
  readonly player: readonly Card[];
  readonly banker: readonly Card[];
  readonly playerTotal: number;
  readonly bankerTotal: number;
}

const points = (c: Card) => (c.rank >= 10 ? 0 : c.rank);
const total = (cards: readonly Card[]) => cards.reduce((sum, c) => sum + points(c), 0) % 10;

/** The banker's third-card table: its total against the player's third card, or 0-5 when the player stood. */
function bankerDraws(banker: number, playerThird: Card | null): boolean {
  if (!playerThird) return banker <= 5;
  const p = points(playerThird);
  if (banker <= 2) return true;
  if (banker === 3) return p !== 8;
  if (banker === 4) return p >= 2 && p <= 7;
  if (banker === 5) return p >= 4 && p <= 7;
  if (banker === 6) return p === 6 || p === 7;
  return false;
}

function deal(shuffled: readonly Card[]): DealtCard[] {
  const out: DealtCard[] = ['Player', 'Banker', 'Player', 'Banker'].map((to, i) => ({ card: take(shuffled, i), to }));
  const player = total(cardsTo(out, 'Player'));
  const banker = total(cardsTo(out, 'Banker'));
  if (player >= 8 || banker >= 8) return out; // a natural: both stand
  const third = player <= 5 ? take(shuffled, out.length) : null;
  if (third) out.push({ card: third, to: 'Player' });
  if (bankerDraws(banker, third)) out.push({ card: take(shuffled, out.length), to: 'Banker' });
  return out;
}

type Winner = 'Player' | 'Banker' | 'Tie';
const winner = (h: Hands): Winner =>
  h.playerTotal > h.bankerTotal ? 'Player' : h.playerTotal < h.bankerTotal ? 'Banker' : 'Tie';
const CODES: Record<Winner, number> = { Player: 1, Banker: 2, Tie: 3 };

const isPair = ([first, second]: readonly Card[]) => first?.rank === second?.rank;
const show = (cards: readonly Card[], t: number) => `${cards.map((c) => c.code).join(' ')} (${t})`;

export const baccarat = defineTable<Hands>({
  code: 'baccarat',
  name: 'Baccarat',
  category: 22,
  midPrefix: '125',
  ...TABLE_LIMITS,
  bettingSeconds: 20,
  shoe: () => buildShoe(8),
  deal,
  facts: (dealt) => {
    const player = cardsTo(dealt, 'Player');
    const banker = cardsTo(dealt, 'Banker');
    return { player, banker, playerTotal: total(player), bankerTotal: total(banker) };
  },
  headline: (h) => ({
    code: CODES[winner(h)],
    winner: winner(h),
    description: `Player ${show(h.player, h.playerTotal)}, Banker ${show(h.banker, h.bankerTotal)}: ${winner(h)}`,
  }),
  markets: [
    {
      sid: 1,
      name: 'Player',
      group: 'Player / Banker',
      odds: 200,
      judge: (h) => (winner(h) === 'Tie' ? 'push' : won(winner(h) === 'Player')),
    },
    {
      sid: 2,
      name: 'Banker',
      group: 'Player / Banker',
      odds: 200,
      judge: (h) =>
        winner(h) === 'Tie' ? 'push' : winner(h) === 'Player' ? 'lose' : h.bankerTotal === 6 ? 'half-win' : 'win',
    },
    { sid: 3, name: 'Tie', group: 'Tie', odds: 900, judge: (h) => won(winner(h) === 'Tie') },
    { sid: 4, name: 'Player Pair', group: 'Pairs', odds: 1200, judge: (h) => won(isPair(h.player)) },
    { sid: 5, name: 'Banker Pair', group: 'Pairs', odds: 1200, judge: (h) => won(isPair(h.banker)) },
    { sid: 6, name: 'Big', group: 'Big / Small', odds: 154, judge: (h) => won(h.player.length + h.banker.length > 4) },
    {
      sid: 7,
      name: 'Small',
      group: 'Big / Small',
      odds: 250,
      judge: (h) => won(h.player.length + h.banker.length === 4),
    },
  ],
});
