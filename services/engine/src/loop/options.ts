import type { EventStore, ExchangeRunnerUpdate, StoredEvent } from '@exch/contracts';
import type { Log } from '../log.js';

export interface EngineOptions {
  store: EventStore;
  log: Log;
  /** Save a snapshot after this many events (0 = never). */
  snapshotEvery?: number;
  /** Most commands decided in one turn (one journal transaction). */
  maxBatch?: number;
  /** After each journal commit: its latency and event count (metrics). */
  onCommit?: (ms: number, events: number) => void;
  /**
   * After each journal commit and before its callers are answered, the committed events in log
   * order: the embedded server folds them into the read models and the gateway's directory
   * without reading the log back.
   */
  onCommitted?: (events: StoredEvent[]) => void;
  /**
   * After each turn, the traded ladders of the match-odds runners it changed (a feed move, a fill,
   * an order resting or leaving): what the screens show as available, the same book bets match.
   */
  onPrices?: (ladders: ExchangeRunnerUpdate[]) => void;
  /**
   * Each time the state has loaded or followed the log to a position: a standby's progress while it
   * waits for leadership (its metrics and /health), before Engine.start resolves.
   */
  onLoaded?: (position: number) => void;
  /** How long a declared result can be revoked from the state alone; then the market's bets leave it (default 7 days). */
  revokeWindowMs?: number;
  /**
   * How long after its result an archived market's summary stays in the state (default 30 days);
   * then it leaves too, and a command naming the market reads it back from the log first.
   */
  marketMemoryMs?: number;
  /**
   * How long, at least, a closed third-party casino round's transaction ids keep their answers
   * (default a week; at most twice that): the idempotency window for the providers' retries.
   */
  providerIdempotencyMs?: number;
  /**
   * How long, at least, a decided payment request stays in the engine's state (default a week; at
   * most twice that); an older one, or its UTR, is read back from the log when a command names it.
   */
  paymentsWindowMs?: number;
  /**
   * How long a feed's proposed result waits before it settles by itself (FEED_SETTLE_DELAY_MS); absent
   * or null, an admin confirms each. The edge confirms on time; housekeeping settles any it missed
   * (a restart during the delay).
   */
  feedSettleDelayMs?: number | null;
  /** How often the engine keeps its house (archives, the provider and payments windows; default every minute; 0 = only when asked). */
  housekeepEveryMs?: number;
}

export const DEFAULT_REVOKE_WINDOW_MS = 7 * 24 * 3600_000;
export const DEFAULT_MARKET_MEMORY_MS = 30 * 24 * 3600_000;
export const DEFAULT_PROVIDER_IDEMPOTENCY_MS = 7 * 24 * 3600_000;
export const DEFAULT_PAYMENTS_WINDOW_MS = 7 * 24 * 3600_000;
