import type { Paise } from '../money.js';

/**
 * The provider port: how the operator reaches a third-party game provider (launch a game or the
 * lobby for a player's session, list its games) and how the provider reaches the operator's
 * seamless wallet (QTech's calls, ../shared/CASINO-PAYMENTS.md section 4). The provider holds no
 * money: it asks the wallet to take the stake (DEBIT), pay the win (CREDIT) or give a stake back
 * (rollback). docs/international-casino.md has the rules.
 */

export type LaunchMode = 'real' | 'demo';
export type LaunchDevice = 'desktop' | 'mobile';

/** What the operator tells the provider about the player it launches (QTech's v1/games/lobby-url body). */
export interface LaunchRequest {
  playerId: string;
  displayName: string;
  currency: 'INR';
  country: string;
  lang: string;
  mode: LaunchMode;
  device: LaunchDevice;
  /** The operator's wallet session: the provider sends it back with every DEBIT. */
  walletSessionId: string;
  /** Null: the lobby; else one game. */
  gameId: string | null;
}

export interface ProviderGame {
  gameId: string;
  name: string;
  /** Lobby category and the sub-category tab it sits under. */
  category: string;
  subCategory: string;
  description: string;
  /** Published return to player in basis points (9730 = 97.30%). */
  rtpBp: number;
}

/** The operator's side of the port: one adapter per provider (services/gateway/src/provider/). */
export interface ProviderPort {
  /** Short id, part of ledger account names and transaction keys: never changes. */
  readonly id: string;
  readonly name: string;
  /** Where the provider serves its game pages: the one origin the operator's pages may frame for it. */
  readonly origin: string;
  games(): Promise<ProviderGame[]>;
  launch(request: LaunchRequest): Promise<{ url: string }>;
}

/** The wallet's answer to a session, balance or transaction call: the player's available balance (paise). */
export interface WalletBalance {
  balance: Paise;
  currency: 'INR';
}

export interface WalletReceipt {
  balance: Paise;
  /** The operator's reference of the transaction: the same for every repeat of it. */
  referenceId: string;
}

export interface DebitCredit {
  txnType: 'DEBIT' | 'CREDIT';
  txnId: string;
  playerId: string;
  roundId: string;
  gameId: string;
  amount: Paise;
  currency: 'INR';
  /** Required on a DEBIT (a live session); a CREDIT is paid whether or not the session has ended. */
  walletSessionId?: string;
}

export interface Rollback {
  txnId: string;
  /** The DEBIT's txnId. */
  betId: string;
  playerId: string;
  roundId: string;
  gameId: string;
  amount: Paise;
  currency: 'INR';
}

/** The provider's side of the port: the calls it makes to the operator's wallet. */
export interface OperatorWallet {
  session(playerId: string, walletSessionId: string, gameId: string): Promise<WalletBalance>;
  balance(playerId: string): Promise<WalletBalance>;
  transaction(body: DebitCredit): Promise<WalletReceipt>;
  rollback(body: Rollback): Promise<WalletReceipt>;
}

/**
 * The provider's own API the operator calls (QTech's shape): its games, and a launch address for a
 * player's lobby or one game. Signed like the wallet calls (`@exch/contracts/node`).
 */
export const PROVIDER_API = {
  games: '/v1/games',
  lobbyUrl: '/v1/games/lobby-url',
  launchUrl: (gameId: string) => `/v1/games/${encodeURIComponent(gameId)}/launch-url`,
};
export type LaunchBody = Omit<LaunchRequest, 'gameId'>;
export interface GamesAnswer {
  items: ProviderGame[];
}
