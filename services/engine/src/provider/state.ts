import { providerRoundStream, type Paise, type ProviderRequest, type WalletStatus } from '@exch/contracts';

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
  /** The stream its events go to; absent in a state saved before rounds carried it (then the unsuffixed name). */
  stream?: string;
}

export interface ProviderGeneration {
  /** `${provider}|${txnId}` -> what it was and the answer it got. */
  txns: Record<string, ProviderTxnState>;
  /** `${provider}|${roundId}`. */
  rounds: Record<string, ProviderRoundState>;
}

/**
 * Third-party casino wallets (docs/international-casino.md). An id keeps its answer for the
 * idempotency window: the current generation and the previous one (provider/window.ts).
 */
export interface ProviderState extends ProviderGeneration {
  previous: ProviderGeneration;
  /** When the window last turned (the housekeeping command's time); null before the first turn. */
  turnedAt: string | null;
}

export const emptyGeneration = (): ProviderGeneration => ({ txns: {}, rounds: {} });
export const emptyProviderState = (): ProviderState => ({
  ...emptyGeneration(),
  previous: emptyGeneration(),
  turnedAt: null,
});
export const providerKey = (provider: string, id: string): string => `${provider}|${id}`;

/** The stream of the round kept under `providerKey(provider, roundId)`. */
export function roundStreamOf(key: string, round: ProviderRoundState): string {
  if (round.stream !== undefined) return round.stream;
  const bar = key.indexOf('|');
  return providerRoundStream(key.slice(0, bar), key.slice(bar + 1));
}

/**
 * The stream a provider command's events go to: its round's while the window remembers the round,
 * else a new one named by the window's last turn (a round the window never saw, or one it forgot).
 */
export function roundStream(p: ProviderState, provider: string, roundId: string): string {
  const key = providerKey(provider, roundId);
  const round = roundOf(p, key);
  return round ? roundStreamOf(key, round) : providerRoundStream(provider, roundId, p.turnedAt);
}

/** The streams of every round the window remembers: the only provider round streams still written. */
export function rememberedRoundStreams(p: ProviderState): Set<string> {
  const streams = new Set<string>();
  for (const g of [p, p.previous])
    for (const [key, round] of Object.entries(g.rounds)) streams.add(roundStreamOf(key, round));
  return streams;
}

/** A transaction id as remembered in either generation of the window. */
export const txnOf = (p: ProviderState, key: string): ProviderTxnState | undefined =>
  p.txns[key] ?? p.previous.txns[key];
export const roundOf = (p: ProviderState, key: string): ProviderRoundState | undefined =>
  p.rounds[key] ?? p.previous.rounds[key];
