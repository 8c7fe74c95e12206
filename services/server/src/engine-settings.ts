import {
  DEFAULT_MARKET_MEMORY_MS,
  DEFAULT_PAYMENTS_WINDOW_MS,
  DEFAULT_PROVIDER_IDEMPOTENCY_MS,
  DEFAULT_REVOKE_WINDOW_MS,
  type EngineOptions,
} from '@exch/engine';

const HOUR = 3600_000;

function duration(env: NodeJS.ProcessEnv, name: string, unitMs: number, unit: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number of ${unit}, 0 or more`);
  return Math.round(n * unitMs);
}

/**
 * The engine's windows (README "Settings"): REVOKE_WINDOW_DAYS (default 7), how long after its result
 * a market's bets stay in the state before a revoke must read them back from the log
 * (docs/exchange.md "Archived markets"); MARKET_MEMORY_DAYS (default 30), how long after its result
 * an archived market's summary stays before a command naming it reads it back (docs/exchange.md
 * "Forgotten markets"); PROVIDER_IDEMPOTENCY_HOURS (default 168), how long at least a
 * closed third-party round's transaction ids keep their answers (docs/international-casino.md);
 * PAYMENTS_WINDOW_DAYS (default 7), how long at least a decided payment request stays in the state
 * before a command naming it or its UTR reads it back from the log (docs/payments.md).
 */
export function engineWindows(
  env: NodeJS.ProcessEnv = process.env,
): Pick<EngineOptions, 'revokeWindowMs' | 'marketMemoryMs' | 'providerIdempotencyMs' | 'paymentsWindowMs'> {
  return {
    revokeWindowMs: duration(env, 'REVOKE_WINDOW_DAYS', 24 * HOUR, 'days', DEFAULT_REVOKE_WINDOW_MS),
    marketMemoryMs: duration(env, 'MARKET_MEMORY_DAYS', 24 * HOUR, 'days', DEFAULT_MARKET_MEMORY_MS),
    providerIdempotencyMs: duration(env, 'PROVIDER_IDEMPOTENCY_HOURS', HOUR, 'hours', DEFAULT_PROVIDER_IDEMPOTENCY_MS),
    paymentsWindowMs: duration(env, 'PAYMENTS_WINDOW_DAYS', 24 * HOUR, 'days', DEFAULT_PAYMENTS_WINDOW_MS),
  };
}
