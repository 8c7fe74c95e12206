import type { Posting } from '../ledger.js';
import type { Paise } from '../money.js';
import type { ProviderTxnFields } from './commands.js';
import type { WalletStatus } from './wallet.js';

export type ProviderTxnType = 'DEBIT' | 'CREDIT' | 'ROLLBACK';

/** What identifies a request under its transaction id: the same values again are a repeat, others a misuse of the id. */
export interface ProviderRequest {
  txnType: ProviderTxnType;
  userId: string;
  roundId: string;
  gameId: string;
  amount: Paise;
  /** A rollback's DEBIT. */
  betId: string | null;
}

/** What a wallet transaction was about, and the answer it got. */
export interface ProviderTxnFacts extends ProviderTxnFields {
  /** The operator's reference (the deciding command's id): every repeat is answered with it. */
  referenceId: string;
  /** The player's available balance (wallet minus exposure) right after it: the answer's balance. */
  balance: Paise;
}

/** A stake taken: wallet:{user} to the provider's house account. */
export interface ProviderDebited extends ProviderTxnFacts {
  postings: Posting[];
}

/** A round closed with its win (none for a CREDIT of 0): the house account to the wallet. */
export interface ProviderCredited extends ProviderTxnFacts {
  postings: Posting[];
}

/** A stake given back: the house account to the wallet. */
export interface ProviderRolledBack extends ProviderTxnFacts {
  betId: string;
  postings: Posting[];
}

/**
 * A transaction id sent again with the same request (a provider's retry): nothing moves, and the
 * answer is the first one (`balance`, `referenceId`). A rollback under a new id of a stake already
 * given back is answered like the first rollback.
 */
export interface ProviderTxnRepeated extends ProviderRequest {
  provider: string;
  txnId: string;
  balance: Paise;
  referenceId: string;
}

/**
 * A DEBIT or rollback refused for good: journalled so that its id keeps its answer (a retry after a
 * top-up does not take a stake the provider gave up on). `tombstone`: a rollback of a DEBIT that had
 * not arrived; that DEBIT is refused if it ever does.
 */
export interface ProviderTxnDeclined extends ProviderRequest {
  provider: string;
  txnId: string;
  txnType: 'DEBIT' | 'ROLLBACK';
  status: WalletStatus;
  message: string;
  /** The available balance then (INSUFFICIENT_FUNDS answers with it). */
  balance: Paise;
  tombstone: boolean;
}

/**
 * The idempotency window turns (docs/international-casino.md): the transaction ids and rounds of
 * rounds already closed move to the previous generation, and the generation before that is forgotten.
 */
export interface ProviderWindowTurned {
  turnedAt: string;
}

export interface ProviderEventData {
  ProviderWindowTurned: ProviderWindowTurned;
  ProviderDebited: ProviderDebited;
  ProviderCredited: ProviderCredited;
  ProviderRolledBack: ProviderRolledBack;
  ProviderTxnRepeated: ProviderTxnRepeated;
  ProviderTxnDeclined: ProviderTxnDeclined;
}

export const PROVIDER_WINDOW_STREAM = 'provider-window';

/**
 * One stream per provider round: its DEBITs, CREDIT and rollbacks stay in order wherever they are
 * folded. A round first seen after the idempotency window turned is named with that turn
 * (`since`): a round id the window forgot and a provider sends again starts a stream of its own,
 * so the engine need not remember forgotten rounds' stream versions.
 */
export const providerRoundStream = (provider: string, roundId: string, since: string | null = null): string =>
  `provider-round-${provider}-${roundId}${since === null ? '' : `@${since}`}`;
