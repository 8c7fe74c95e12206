import type { SessionsEnded } from './events.js';

/**
 * What a batch of events changes of what the gateway keeps in memory to answer without a query
 * (its directory): accounts (role, locks, forced password change, privileges), sessions that
 * ended, markets (settings, status, prices by hand, result) and matches. The embedded server reads
 * it off each commit; in distributed mode the projectors send it to every gateway once folded.
 */
export interface DirectoryChanges {
  users: string[];
  sessions: string[];
  markets: string[];
  matches: string[];
}

const USER_EVENTS = new Set([
  'UserCreated',
  'UserDetailsUpdated',
  'PasswordChanged',
  'AccountLockSet',
  'BetLockSet',
  'PermissionsSet',
  'TransactionPasswordSet',
  'TotpEnabled',
  'TotpDisabled',
]);
const MARKET_EVENTS = new Set([
  'MarketListed',
  'MarketRenamed',
  'MarketSettingsSet',
  'MarketStatusSet',
  'MarketSettled',
  'MarketVoided',
  'ResultRevoked',
  'HousePriceSet',
  'HousePriceCleared',
]);
const MATCH_EVENTS = new Set(['MatchListed', 'MatchRenamed', 'MatchInPlaySet']);

export function directoryChanges(events: readonly { type: string; data: unknown }[]): DirectoryChanges {
  const users = new Set<string>();
  const sessions = new Set<string>();
  const markets = new Set<string>();
  const matches = new Set<string>();
  for (const e of events) {
    const data = e.data as { userId?: string; marketId?: string; matchId?: string };
    if (USER_EVENTS.has(e.type)) users.add(data.userId!);
    else if (e.type === 'SessionsEnded') for (const id of (e.data as SessionsEnded).sessionIds) sessions.add(id);
    else if (MARKET_EVENTS.has(e.type)) markets.add(data.marketId!);
    else if (MATCH_EVENTS.has(e.type)) matches.add(data.matchId!);
  }
  return { users: [...users], sessions: [...sessions], markets: [...markets], matches: [...matches] };
}

export const noDirectoryChanges = (c: DirectoryChanges): boolean =>
  c.users.length + c.sessions.length + c.markets.length + c.matches.length === 0;
