import type { ProviderGame } from '@exch/contracts';
import * as crash from './crash.js';
import * as roulette from './roulette.js';
import * as slot from './slot.js';

/** The games this provider serves, as its lobby and the operator's tiles list them. */
export const GAMES: ProviderGame[] = [
  {
    gameId: 'european-roulette',
    name: 'European Roulette',
    category: 'Table games',
    subCategory: 'Roulette',
    rtpBp: roulette.RTP_BP,
    description: 'Single zero. Straight up 35 to 1, dozens and columns 2 to 1, red/black, odd/even, 1-18/19-36 evens.',
  },
  {
    gameId: 'lotus-sevens',
    name: 'Lotus Sevens',
    category: 'Slots',
    subCategory: 'Classic 3-reel',
    rtpBp: slot.RTP_BP,
    description: 'Three reels, one line. Three 7s pay 500x, cherries pay from the left. Paytable and RTP published.',
  },
  {
    gameId: 'rocket',
    name: 'Rocket',
    category: 'Crash',
    subCategory: 'Multiplier',
    rtpBp: crash.RTP_BP,
    description: 'Pick your cash-out, launch, and the rocket climbs until it crashes. 99% return at every target.',
  },
];

export const findGame = (gameId: string): ProviderGame | undefined => GAMES.find((g) => g.gameId === gameId);
