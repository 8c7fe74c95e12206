/**
 * Playing cards for the casino tables. A card travels in events and the API as a short code: the
 * rank (A, 2..10, J, Q, K) then the suit letter (S ♠, H ♥, C ♣, D ♦), e.g. "AS", "10H", "KD".
 * The feed's own letters (HH = ♠, DD = ♥ ...) are not used: ours say what they mean.
 */

/** Also the order that breaks a Dragon Tiger rank tie: ♠ > ♥ > ♣ > ♦ (CASINO-PAYMENTS.md section 2). */
export const SUITS = ['S', 'H', 'C', 'D'] as const;
export type Suit = (typeof SUITS)[number];

/** A = 1, J = 11, Q = 12, K = 13. Tables that count the ace high say so themselves. */
export type Rank = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13;
export const RANKS: readonly Rank[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];

export interface Card {
  readonly rank: Rank;
  readonly suit: Suit;
  readonly code: string;
}

const RANK_LABELS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

// One frozen object per card, so a shoe of eight decks is 416 references and equal cards are ===.
const DECK: readonly Card[] = SUITS.flatMap((suit) =>
  RANKS.map((rank) => Object.freeze({ rank, suit, code: `${RANK_LABELS[rank]}${suit}` })),
);
const BY_CODE = new Map(DECK.map((c) => [c.code, c]));

export const card = (rank: Rank, suit: Suit): Card => DECK[SUITS.indexOf(suit) * 13 + rank - 1]!;

/** "10H" -> ten of hearts; anything else than a canonical code -> null. */
export const parseCard = (code: string): Card | null => BY_CODE.get(code) ?? null;

/** "A", "7", "K": how a rank is named in market names ("Card A", "Bahar K"). */
export const rankLabel = (rank: Rank): string => RANK_LABELS[rank];

/** The rank labels A, 2 ... 10, J, Q, K, in rank order: what a bet that picks ranks sends. */
export const RANK_NAMES: readonly string[] = RANKS.map(rankLabel);

/** "10" -> 10, "K" -> 13; anything else -> null. */
export const parseRank = (label: string): Rank | null => RANKS[RANK_NAMES.indexOf(label)] ?? null;

/** A bet that names ranks, as statements and lists show it: "Yes 2 cards: A K", its ranks in order. */
export const pickedName = (market: string, ranks: readonly Rank[]): string =>
  `${market}: ${[...ranks]
    .sort((a, b) => a - b)
    .map(rankLabel)
    .join(' ')}`;

export const isRed = (c: Card): boolean => c.suit === 'H' || c.suit === 'D';

/**
 * The unshuffled shoe a round's fair shuffle starts from: `decks` copies of every suit of `ranks`,
 * deck by deck, suit by suit (S H C D), rank by rank in the order given. The order is part of the
 * provably fair scheme: a verifier rebuilds this exact array before shuffling it.
 */
export function buildShoe(decks: number, ranks: readonly Rank[] = RANKS): Card[] {
  const one = SUITS.flatMap((suit) => ranks.map((rank) => card(rank, suit)));
  return Array.from({ length: decks }, () => one).flat();
}
