import type { Rule } from './bucket.js';

/** Every per-account and per-address limit of a gateway (docs/rate-limits.md says why each default). */
export interface RateLimits {
  /** Bet instructions (place, cancel, cash out, auto cash-out settings) per account. */
  bets: Rule;
  /** Failed logins per account, from any address. */
  loginAccount: Rule;
  /** Failed logins per address, for any account. */
  loginAddress: Rule;
  /** A websocket sending more messages than this within one second is closed. */
  wsMessagesPerSecond: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  bets: { burst: 20, perSecond: 5 },
  loginAccount: { burst: 10, perSecond: 1 / 60 },
  loginAddress: { burst: 50, perSecond: 20 / 60 },
  wsMessagesPerSecond: 50,
};

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, whole = false): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  // A burst below one would refuse everything: bursts and the websocket limit are whole counts.
  if (!Number.isFinite(n) || n <= 0 || (whole && !Number.isSafeInteger(n)))
    throw new Error(`${name} must be a positive ${whole ? 'whole number' : 'number'} (got ${text})`);
  return n;
}

/** The limits from the environment (README's settings table), each defaulting to DEFAULT_RATE_LIMITS. */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): RateLimits {
  const d = DEFAULT_RATE_LIMITS;
  return {
    bets: {
      burst: positive(env, 'BET_LIMIT_BURST', d.bets.burst, true),
      perSecond: positive(env, 'BET_LIMIT_PER_SECOND', d.bets.perSecond),
    },
    loginAccount: {
      burst: positive(env, 'LOGIN_LIMIT_ACCOUNT_BURST', d.loginAccount.burst, true),
      perSecond: positive(env, 'LOGIN_LIMIT_ACCOUNT_PER_MINUTE', d.loginAccount.perSecond * 60) / 60,
    },
    loginAddress: {
      burst: positive(env, 'LOGIN_LIMIT_IP_BURST', d.loginAddress.burst, true),
      perSecond: positive(env, 'LOGIN_LIMIT_IP_PER_MINUTE', d.loginAddress.perSecond * 60) / 60,
    },
    wsMessagesPerSecond: positive(env, 'WS_MESSAGES_PER_SECOND', d.wsMessagesPerSecond, true),
  };
}
