import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Privilege, SqlClient } from '@exch/contracts';
import type { Sessions } from './auth/sessions.js';
import type { LoginThrottle } from './auth/throttle.js';
import type { Directory } from './directory/directory.js';
import type { Commands } from './http/commands.js';
import type { Route } from './http/route.js';
import type { Limits } from './limits/limits.js';
import type { LivePrices } from './markets/live-prices.js';

// What app.ts hands every route module: here beside it, not in one domain's folder, as every domain takes it.
export interface Guards {
  /** Admin-context token, then the named privilege. */
  admin(permission: Privilege): preHandlerAsyncHookHandler[];
  /** A player-site token (role user). */
  player: preHandlerAsyncHookHandler;
  /** Any logged-in user (player site or back office). */
  any: preHandlerAsyncHookHandler;
  /** Any logged-in user, even one who still owes the forced password change. */
  pendingPasswordChange: preHandlerAsyncHookHandler;
}

export interface AccountDeps {
  sql: SqlClient;
  commands: Commands;
  sessions: Sessions;
  /** Sessions, accounts, markets and matches in memory (directory/directory.ts). */
  directory: Directory;
  throttle: LoginThrottle;
  /** Per-account and per-address rate limits (limits/limits.ts). */
  limits: Limits;
  guard: Guards;
  /** Registers a route with its schemas (http/route.ts). */
  route: Route;
}

/** What the exchange's routes share: the accounts' deps and the live prices. */
export interface ExchangeDeps extends AccountDeps {
  prices: LivePrices;
}
