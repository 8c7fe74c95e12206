/** What each table's rules panel says (docs/casino.md "Markets and rules"); every price includes the stake. */
const DEALT =
  'Bets are taken while the countdown runs; the dealer closes betting at zero and deals face up, card by card.';
// Roulette deals no cards.
const SPUN = 'Bets are taken while the countdown runs; the dealer closes betting at zero and spins.';
const FAIR =
  'Every round is provably fair: the SHA-256 commitment of its server seed is shown before betting, the seed after the result. Open the round from the results to verify it.';

export const TABLE_RULES: Record<string, string[]> = {
  teen20: [
    'One deck. Three cards each to Player A and Player B, dealt A, B, A, B, A, B. The better hand wins at 1.98; equal hands return the bets on A and B.',
    'Hands, best first: Trail (three of a kind), Pure Sequence, Sequence, Colour, Pair, High Card. Ace is high; A-K-Q is the best sequence, then A-2-3.',
    'Pair Plus pays on the player’s own hand, whoever wins: Pair 2.00, Colour 5.00, Sequence 7.00, Trail 31.00, Pure Sequence 41.00. A high card loses.',
  ],
  dt20: [
    'Eight decks. One card to Dragon, one to Tiger; the higher card wins at 2.00, ace low to king high.',
    'Equal ranks are decided by suit: ♠ beats ♥ beats ♣ beats ♦. Only the same card twice is a Tie (51.00), and then Dragon and Tiger lose.',
    'Pair (the same rank on both sides) pays 12.00. Each side has Even 2.12, Odd 1.83, Red 1.97, Black 1.97 and each card at 12.00.',
  ],
  lucky7: [
    'One card. Low Card (A to 6) and High Card (8 to K) pay 2.00; a seven loses half of both.',
    'Even (2 4 6 8 10 Q) 2.12, Odd 1.83, Red 1.97, Black 1.97, each card 12.00.',
  ],
  ab20: [
    'One deck, dealt Bahar, Andar, Bahar, Andar... until every rank has shown.',
    'A bet on “Andar 7” or “Bahar 7” wins at 2.00 when the first 7 lands on that side. When that first card is the very first card of the round (Bahar’s), Bahar pays 25% (1.25).',
  ],
  card32: [
    'The 6s to kings of one deck, worth 6 to 13. Players 8, 9, 10 and 11 each add one card to their number; the highest total wins.',
    'Players tied on the highest total draw again, adding to their totals, until one is ahead. Prices: Player 8 12.40, 9 5.95, 10 3.30, 11 2.10.',
  ],
  baccarat: [
    'Eight decks. Player and Banker get two cards each and a third by the standard drawing rules; the total nearer 9 wins (10s and pictures count 0).',
    'Player 2.00; Banker 2.00, half the profit when the Banker wins with 6; both returned on a Tie. Tie 9.00, pairs 12.00, Big (5 or 6 cards) 1.54, Small (4 cards) 2.50.',
  ],
  aaa: [
    'One card. Amar (A to 6) 2.12, Akbar (7 to 10) 3.15, Anthony (J to K) 4.15.',
    'Even 2.12, Odd 1.83, Red 1.97, Black 1.97, each card 12.00; Under 7 and Over 7 pay 2.00 and a seven loses half of both.',
  ],
  btable: [
    'One card from two decks of J, Q, K and A. The films: Don (A♠) 15.20, Amar Akbar Anthony (A♥ A♦ A♣) 5.10, Sahib Bibi Aur Ghulam (K♠ Q♠ J♠) 5.10, Dharam Veer (K♦ K♣) 7.60, Kis Kisko Pyaar Karoon (K♥ Q♣ Q♦ Q♥) 3.80, Ghulam (J♥ J♣ J♦) 5.10.',
    'Odd (J, K, A) 1.30; Dulha Dulhan (Q, K) and Barati (A, J) 1.97; Red and Black 1.97; each card 3.75.',
  ],
  // issue 23, tables2
  race20: [
    'The four kings are the horses: K♠, K♥, K♣ and K♦ wait at the start. The other 48 cards of one deck are turned one by one, and each moves the king of its suit one step.',
    'The first king to take five steps (the fifth card of its suit) wins at 3.90; the race deals 5 to 17 cards.',
    'Total Cards: Under 12.5 2.02, Over 12.5 1.89. Total Points (A 1 to Q 12, every card dealt): Under 80.5 2.00, Over 80.5 1.90.',
    'Win with: the race ends on the 5th card 500.00, the 6th 120.00, the 7th 48.00, the 15th or later 4.40.',
  ],
  worli: [
    'The matka draw with cards: three cards from the aces to tens of one deck (40 cards). Ace is 1, two to nine their number, ten is 0.',
    'The three digits, smallest first and 0 last, are the pana (A, 7, 2 make 127); the last digit of their sum is the single (1 + 2 + 7 = 10: single 0).',
    'Each single 0 to 9 pays 9.00. Line 1 (singles 1 to 5), Line 2 (6 to 9 and 0), Odd and Even pay 1.90.',
  ],
  // Issue 23's tables.
  war: [
    'One deck. One card each to Players 1 to 6, then one to the dealer. Each player whose card ranks above the dealer’s wins at 1.98, ace high; the same rank as the dealer’s returns the bet.',
    'On each player’s card: Red 1.97, Black 1.97, Even (2 4 6 8 10 Q) 2.12, Odd (A 3 5 7 9 J K) 1.83, and each suit (Spade, Heart, Club, Diamond) 3.75.',
  ],
  poker20: [
    'Texas hold’em from one deck: two cards each to Player A and Player B, dealt A, B, A, B, then five board cards. Each hand is the best five of the player’s two and the board’s five.',
    'The better hand wins at 1.98; equal hands (the board playing for both, say) return the bets on A and B. Hands, best first: Royal Flush, Straight Flush, Four of a Kind, Full House, Flush, Straight (A-2-3-4-5 the lowest), Three of a Kind, Two Pair, Pair, High Card.',
    'The 7 Card Bonus pays on the player’s own hand, whoever wins: Three of a Kind 4.00, Straight 5.00, Flush 7.00, Full House 9.00, Four of a Kind 31.00, Straight Flush 51.00, Royal Flush 101.00. Two pair or less loses.',
  ],
  roulette: [
    'European roulette: one ball, 37 pockets, 0 to 36. The pocket is drawn by the provably fair shuffle: the wheel’s 37 pockets are shuffled and the first is where the ball lands.',
    'Each number, 0 included, pays 36.00. Red, Black, Odd, Even, 1-18 and 19-36 pay 2.00; each dozen (1-12, 13-24, 25-36) and each column (the layout’s rows, 2:1) pays 3.00.',
    'Red: 1 3 5 7 9 12 14 16 18 19 21 23 25 27 30 32 34 36; the other numbers from 1 to 36 are black. Zero is green and is in none of the outside bets: when it comes, every bet but Number 0 loses.',
  ],
  '3cardj': [
    'One deck. The dealer turns three cards. Pick one, two or three card ranks (A to K; suits do not matter), then back Yes or No.',
    'Yes wins if at least one of the three cards is of a rank you picked (a rank dealt twice pays the same); No wins if none is.',
    'Prices by how many ranks you pick: Yes 4.45 for one, 2.42 for two, 1.75 for three; No 1.24 for one, 1.62 for two, 2.17 for three.',
  ],
};

export const rulesOf = (code: string): string[] => [
  ...(TABLE_RULES[code] ?? []),
  code === 'roulette' ? SPUN : DEALT,
  FAIR,
];
