import type { Paise } from './money.js';

/** One leg of a money movement. Every money event carries postings that sum to zero (DESIGN.md rule 2). */
export interface Posting {
  account: string;
  amount: Paise;
}

/** Ledger account names. */
export const walletAccount = (userId: string): string => `wallet:${userId}`;
/**
 * Chips of a player's pending withdrawals (DESIGN.md rule 2's "pending withdrawals"): out of the
 * wallet, so nothing that reads a wallet can bet or move them, and back only by approval or rejection.
 */
export const holdAccount = (userId: string): string => `hold:${userId}`;
/** The source of all chips: the top admin's chips are minted from here, visible to finance. */
export const MINT_ACCOUNT = 'mint';
/**
 * A third-party casino provider's house account: stakes its games take from wallets go here and
 * their wins and returned stakes come from here. Its balance is what players lost to that provider's
 * games (the operator settles it with the provider); it may go below zero when players win.
 */
export const THIRD_PARTY_CASINO_PREFIX = 'house:third-party:';
export const thirdPartyCasinoAccount = (provider: string): string => `${THIRD_PARTY_CASINO_PREFIX}${provider}`;
/** The house's side of every casino bet on its own tables: below zero while players are up. */
export const HOUSE_CASINO_ACCOUNT = 'house:casino';

export const postingsBalance = (postings: readonly Posting[]): number => postings.reduce((s, p) => s + p.amount, 0);

/** A user's total exposure after an event: the money its open bets and rounds hold. */
export interface UserExposure {
  userId: string;
  totalExposure: Paise;
}
