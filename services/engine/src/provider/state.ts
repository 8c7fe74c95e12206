import type { Paise, ProviderRequest, WalletStatus } from '@exch/contracts';

/** The answer a transaction id got, given again to every repeat of it. */
export type TxnAnswer =
  | { ok: true; balance: Paise; referenceId: string }
  | { ok: false; status: WalletStatus; message: string; balance: Paise };

export interface ProviderTxnState extends ProviderRequest {
  answer: TxnAnswer;
  /** A DEBIT given back: the rollback that did it. */
  rolledBackBy: string | null;
}

export interface ProviderRoundState {
  userId: string;
  /** DEBITs taken in the round (rolled back ones included). */
  debits: number;
  /** Stakes taken and not given back. */
  held: Paise;
  /** Closed by its CREDIT: no more DEBITs, CREDITs or rollbacks. */
  credited: boolean;
}

/** Third-party casino wallets (docs/international-casino.md). Kept for good: an id keeps its answer. */
export interface ProviderState {
  /** `${provider}|${txnId}` -> what it was and the answer it got. */
  txns: Record<string, ProviderTxnState>;
  /** `${provider}|${roundId}`. */
  rounds: Record<string, ProviderRoundState>;
}

export const emptyProviderState = (): ProviderState => ({ txns: {}, rounds: {} });
export const providerKey = (provider: string, id: string): string => `${provider}|${id}`;
