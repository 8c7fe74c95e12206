import type { Paise } from './money.js';

/** One leg of a money movement. Every money event carries postings that sum to zero (DESIGN.md rule 2). */
export interface Posting {
  account: string;
  amount: Paise;
}

/** Ledger account names. */
export const walletAccount = (userId: string): string => `wallet:${userId}`;
/** The source of all chips: the top admin's chips are minted from here, visible to finance. */
export const MINT_ACCOUNT = 'mint';
/** The house's side of every casino bet on its own tables: below zero while players are up. */
export const HOUSE_CASINO_ACCOUNT = 'house:casino';

export const postingsBalance = (postings: readonly Posting[]): number => postings.reduce((s, p) => s + p.amount, 0);
