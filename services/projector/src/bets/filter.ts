import type { MarketKind, Paise } from '@exch/contracts';
import { containsPattern } from '../like.js';
import { IN_DOWNLINE_IDS } from '../users/downline.js';

// The bet lists' filter: what a caller may choose, and the where clause the queries write from it
// (./queries.ts). The keyset and order helpers serve the casino's bet lists too.

/** Newest first, as the index rm_bets_placed_at (and rm_casino_bets_placed_at) walks backwards. */
export const NEWEST_PLACED = 'b.placed_at desc, b.placed_position desc';

export const BET_STATUSES = ['pending', 'settled', 'deleted', 'all', 'won', 'lost', 'void', 'cancelled'] as const;
export type BetStatusFilter = (typeof BET_STATUSES)[number];

export const STATUS_SQL: Record<BetStatusFilter, string> = {
  pending: `b.status = 'pending'`,
  settled: `b.status in ('won', 'lost', 'void')`,
  deleted: `b.status = 'deleted'`,
  all: 'true',
  won: `b.status = 'won'`,
  lost: `b.status = 'lost'`,
  void: `b.status = 'void'`,
  cancelled: `b.status = 'cancelled'`,
};

/** What the back office's bet lists can filter on; the actor's downline always. */
export interface BetFilter {
  status: BetStatusFilter;
  matchId?: string;
  marketId?: string;
  /** Needs `mt` (the match) joined, as BET_SELECT does. */
  sportId?: number;
  kinds?: MarketKind[];
  matched?: 'matched' | 'unmatched';
  side?: 'back' | 'lay';
  username?: string;
  from?: string;
  to?: string;
  minStake?: Paise;
  maxStake?: Paise;
}

/** The where clause over `b` (rm_bets) and `u` (rm_users); `params[0]` must be the actor's downlineIds. */
export function betWhere(f: BetFilter, params: unknown[]): string {
  const parts = [IN_DOWNLINE_IDS, STATUS_SQL[f.status]];
  const add = (value: unknown) => `$${params.push(value)}`;
  if (f.matchId) parts.push(`b.match_id = ${add(f.matchId)}`);
  if (f.marketId) parts.push(`b.market_id = ${add(f.marketId)}`);
  if (f.sportId !== undefined) parts.push(`mt.sport_id = ${add(f.sportId)}`);
  if (f.kinds && f.kinds.length > 0) parts.push(`b.kind = any(${add(f.kinds)}::text[])`);
  if (f.matched === 'matched') parts.push('b.stake - b.unmatched - b.cancelled > 0');
  if (f.matched === 'unmatched') parts.push('b.unmatched > 0');
  if (f.side) parts.push(`b.side = ${add(f.side)}`);
  if (f.username) parts.push(`u.username_lower like ${add(containsPattern(f.username))}`);
  if (f.from) parts.push(`b.placed_at >= ${add(f.from)}::timestamptz`);
  if (f.to)
    parts.push(
      f.to.length === 10 ? `b.placed_at < ${add(f.to)}::date + 1` : `b.placed_at <= ${add(f.to)}::timestamptz`,
    );
  if (f.minStake !== undefined) parts.push(`b.stake >= ${add(f.minStake)}`);
  if (f.maxStake !== undefined) parts.push(`b.stake <= ${add(f.maxStake)}`);
  return parts.join(' and ');
}

/**
 * `(placed_at, placed_position)` older than the bet `after` of `table` (its own row, by primary
 * key): the keyset the index rm_bets_placed_at (rm_casino_bets_placed_at) walks on from, so page 50
 * costs what page 1 does. A bet id that is not there picks nothing.
 */
export const afterSql = (table: string, after: string | undefined, params: unknown[]): string =>
  after === undefined
    ? ''
    : ` and (b.placed_at, b.placed_position) < (select a.placed_at, a.placed_position from ${table} a where a.bet_id = $${params.push(after)})`;
