import type { Rule } from './bucket.js';

/** Every per-account and per-address limit of a gateway (docs/rate-limits.md says why each default). */
export interface RateLimits {
  /** Bet instructions (place, cancel, cash out, auto cash-out settings) per account. */
  bets: Rule;
  /** Back-office writes (every call but a GET to a back-office route) per login. */
  backOfficeWrites: Rule;
  /** Failed logins per account, from any address. */
  loginAccount: Rule;
  /** Failed logins per address, for any account. */
  loginAddress: Rule;
  /** A websocket sending more messages than this within one second is closed. */
  wsMessagesPerSecond: number;
  /** All websockets of one address sending more than this within one second: the one over it is closed. */
  wsAddressMessagesPerSecond: number;
  /** Websockets open from one address at once; one more is closed as it opens. */
  wsConnectionsPerAddress: number;
  /** Rooms one websocket may be in at once; a join past it is refused. */
  wsRoomsPerSocket: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  bets: { burst: 20, perSecond: 5 },
  backOfficeWrites: { burst: 60, perSecond: 1 },
  loginAccount: { burst: 10, perSecond: 1 / 60 },
  loginAddress: { burst: 50, perSecond: 20 / 60 },
  wsMessagesPerSecond: 50,
  wsAddressMessagesPerSecond: 300,
  wsConnectionsPerAddress: 100,
  wsRoomsPerSocket: 50,
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
    backOfficeWrites: {
      burst: positive(env, 'ADMIN_WRITE_LIMIT_BURST', d.backOfficeWrites.burst, true),
      perSecond: positive(env, 'ADMIN_WRITE_LIMIT_PER_SECOND', d.backOfficeWrites.perSecond),
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
    wsAddressMessagesPerSecond: positive(env, 'WS_ADDRESS_MESSAGES_PER_SECOND', d.wsAddressMessagesPerSecond, true),
    wsConnectionsPerAddress: positive(env, 'WS_CONNECTIONS_PER_ADDRESS', d.wsConnectionsPerAddress, true),
    wsRoomsPerSocket: positive(env, 'WS_ROOMS_PER_SOCKET', d.wsRoomsPerSocket, true),
  };
}
