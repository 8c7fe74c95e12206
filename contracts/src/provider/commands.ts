import type { Paise } from '../money.js';

/**
 * The seamless wallet's calls as engine commands, sent by the gateway's wallet routes once the
 * provider's signature checked out (actor null: no user sends them). The wallet session is checked
 * at the gateway against the live login sessions; what it found enters here as a fact
 * (`sessionUserId`), so that every decision, the session rule included, is the engine's.
 */
export interface ProviderDebit {
  type: 'ProviderDebit';
  provider: string;
  txnId: string;
  userId: string;
  roundId: string;
  gameId: string;
  /** The game's name from the provider's catalogue (for statements); the id when it is not listed. */
  gameName: string;
  amount: Paise;
  /** The user whose live login session the DEBIT's wallet session belongs to; null when none or ended. */
  sessionUserId: string | null;
}

export interface ProviderCredit {
  type: 'ProviderCredit';
  provider: string;
  txnId: string;
  userId: string;
  roundId: string;
  gameId: string;
  gameName: string;
  amount: Paise;
}

export interface ProviderRollback {
  type: 'ProviderRollback';
  provider: string;
  txnId: string;
  /** The DEBIT it gives back. */
  betId: string;
  userId: string;
  roundId: string;
  gameId: string;
  gameName: string;
  amount: Paise;
}

export type ProviderCommand = ProviderDebit | ProviderCredit | ProviderRollback;
