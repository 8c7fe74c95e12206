import { formatPaise, MAX_STAKE_PAISE, type Paise } from '@exch/contracts';
import { refuse, type Decision } from './decision.js';
import type { EngineState, UserState } from './state.js';

/** The checks every bet passes, exchange or casino, with the same words (docs/exchange.md, docs/casino.md). */

/** The bettor, or the refusal: only an unlocked player with betting unlocked bets. */
export function bettorOf(state: Readonly<EngineState>, actor: string | null): UserState | Decision {
  const user = actor ? state.users.get(actor) : undefined;
  if (!user || user.role !== 'user') return refuse('FORBIDDEN', 'Only players can place bets');
  if (user.accountLocked) return refuse('ACCOUNT_LOCKED', 'Your account is locked. Please contact your upline.');
  if (user.betLocked) return refuse('BET_LOCKED', 'Betting is locked for your account. Please contact your upline.');
  return user;
}

export function stakeRefusal(stake: Paise, minStake: Paise, maxStake: Paise): Decision | null {
  if (!Number.isSafeInteger(stake) || stake <= 0)
    return refuse('INVALID_STAKE', 'Stake must be a positive amount in whole paise');
  if (stake < minStake) return refuse('STAKE_TOO_LOW', `Minimum stake is ₹${formatPaise(minStake)}`);
  if (stake > maxStake || stake > MAX_STAKE_PAISE)
    return refuse('STAKE_TOO_HIGH', `Maximum stake is ₹${formatPaise(Math.min(maxStake, MAX_STAKE_PAISE))}`);
  return null;
}

/**
 * The refusal of a bet that would raise a user's total exposure from `before` to `after` beyond the
 * wallet's balance or the user's exposure limit; null when it may stand. Exchange and casino bets
 * share one exposure (DESIGN.md, Exposure).
 */
export function exposureRefusal(user: UserState, balance: Paise, before: Paise, after: Paise): Decision | null {
  if (after <= before) return null;
  if (after > balance) {
    return refuse(
      'INSUFFICIENT_BALANCE',
      `Insufficient balance: this bet needs ₹${formatPaise(after - before)}, available ₹${formatPaise(Math.max(0, balance - before))}`,
    );
  }
  if (user.exposureLimit > 0 && after > user.exposureLimit)
    return refuse('EXPOSURE_LIMIT', `Exposure limit exceeded: your limit is ₹${formatPaise(user.exposureLimit)}`);
  return null;
}
