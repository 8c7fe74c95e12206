import * as crash from './crash.js';
import type { Rng } from './rng.js';
import * as roulette from './roulette.js';
import * as slot from './slot.js';

/** Stake limits of a round, paise: ₹10 to ₹1,00,000. */
export const MIN_STAKE = 10_00;
export const MAX_STAKE = 1_00_000_00;

/** A game as rounds play it: a player's bet read and checked, and the outcome drawn. */
export interface GameRules<B = unknown, O = unknown> {
  read(body: Record<string, unknown>): { bet: B; stake: number } | { error: string };
  decide(bet: B, stake: number, rng: Rng): { outcome: O; win: number };
}

const wholePaise = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
const limits = (stake: number): string | null =>
  stake < MIN_STAKE ? 'The smallest round is ₹10' : stake > MAX_STAKE ? 'The largest round is ₹1,00,000' : null;

const rouletteRules: GameRules<roulette.RouletteBet[], ReturnType<typeof roulette.spin>> = {
  read(body) {
    const invalid = roulette.invalidBets(body.bets);
    if (invalid) return { error: invalid };
    const bets = body.bets as roulette.RouletteBet[];
    const stake = roulette.stakeOf(bets);
    return limits(stake) ? { error: limits(stake)! } : { bet: bets.map((b) => ({ ...b })), stake };
  },
  decide: (bets, _stake, rng) => {
    const outcome = roulette.spin(bets, rng);
    return { outcome, win: outcome.win };
  },
};

const slotRules: GameRules<{ stake: number }, ReturnType<typeof slot.spin>> = {
  read(body) {
    if (!wholePaise(body.stake)) return { error: 'The stake must be a whole, positive amount in paise' };
    return limits(body.stake) ? { error: limits(body.stake)! } : { bet: { stake: body.stake }, stake: body.stake };
  },
  decide: (_bet, stake, rng) => {
    const outcome = slot.spin(stake, rng);
    return { outcome, win: outcome.win };
  },
};

const crashRules: GameRules<{ stake: number; target: number }, ReturnType<typeof crash.launch>> = {
  read(body) {
    if (!wholePaise(body.stake)) return { error: 'The stake must be a whole, positive amount in paise' };
    if (
      !Number.isSafeInteger(body.target) ||
      (body.target as number) < crash.MIN_TARGET ||
      (body.target as number) > crash.MAX_TARGET
    ) {
      return { error: 'Cash out between 1.01x and 1,000.00x' };
    }
    return limits(body.stake)
      ? { error: limits(body.stake)! }
      : { bet: { stake: body.stake, target: body.target as number }, stake: body.stake };
  },
  decide: (bet, stake, rng) => {
    const outcome = crash.launch(stake, bet.target, rng);
    return { outcome, win: outcome.win };
  },
};

export const RULES: Record<string, GameRules> = {
  'european-roulette': rouletteRules as GameRules,
  'lotus-sevens': slotRules as GameRules,
  rocket: crashRules as GameRules,
};
