import type { Paise } from '../money.js';

/**
 * The seamless wallet's calls as engine commands, sent by the gateway's wallet routes once the
 * provider's signature checked out (actor null: no user sends them). The wallet session is checked
 * at the gateway against the live login sessions; what it found enters here as a fact
 * (`sessionUserId`), so that every decision, the session rule included, is the engine's.
 */
/** What every wallet call names. */
export interface ProviderTxnFields {
  provider: string;
  txnId: string;
  userId: string;
  roundId: string;
  gameId: string;
  /** The game's name from the provider's catalogue (for statements); the id when it is not listed. */
  gameName: string;
  amount: Paise;
}

export interface ProviderDebit extends ProviderTxnFields {
  type: 'ProviderDebit';
  /** The user whose live login session the DEBIT's wallet session belongs to; null when none or ended. */
  sessionUserId: string | null;
}

export interface ProviderCredit extends ProviderTxnFields {
  type: 'ProviderCredit';
}

export interface ProviderRollback extends ProviderTxnFields {
  type: 'ProviderRollback';
  /** The DEBIT it gives back. */
  betId: string;
}

export type ProviderCommand = ProviderDebit | ProviderCredit | ProviderRollback;
