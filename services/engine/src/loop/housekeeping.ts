import type { CommandEnvelope } from '@exch/contracts';
import {
  DEFAULT_MARKET_MEMORY_MS,
  DEFAULT_PAYMENTS_WINDOW_MS,
  DEFAULT_PROVIDER_IDEMPOTENCY_MS,
  DEFAULT_REVOKE_WINDOW_MS,
  type EngineOptions,
} from './options.js';
import { HOUSEKEEP_PREFIX, ownEnvelope } from './queue.js';

/**
 * What keeps the state bounded by what can still change, as of `now`: markets whose result was
 * declared more than the revoke window before leave it with their bets (betting/archive.ts), and
 * the provider's idempotency and payments windows turn once a period (provider/window.ts,
 * payments/window.ts). The engine's own command, decided in turn like any other.
 */
export function housekeeping(opts: EngineOptions, now: Date): CommandEnvelope {
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  return ownEnvelope(HOUSEKEEP_PREFIX, now.toISOString(), {
    type: 'Housekeep',
    settledBefore: before(opts.revokeWindowMs ?? DEFAULT_REVOKE_WINDOW_MS),
    forgetBefore: before(opts.marketMemoryMs ?? DEFAULT_MARKET_MEMORY_MS),
    providerTurnBefore: before(opts.providerIdempotencyMs ?? DEFAULT_PROVIDER_IDEMPOTENCY_MS),
    paymentsTurnBefore: before(opts.paymentsWindowMs ?? DEFAULT_PAYMENTS_WINDOW_MS),
    confirmProposedBefore: opts.feedSettleDelayMs == null ? null : before(opts.feedSettleDelayMs),
  });
}

/** Runs `housekeep` every housekeepEveryMs (a minute unless set); none when it is 0, housekeeping then runs only when asked. */
export function housekeepEvery(opts: EngineOptions, housekeep: () => Promise<unknown>): NodeJS.Timeout | null {
  const every = opts.housekeepEveryMs ?? 60_000;
  if (!(every > 0)) return null;
  return setInterval(
    () => void housekeep().catch((err) => opts.log.warn({ err }, 'housekeeping failed')),
    every,
  ).unref();
}
