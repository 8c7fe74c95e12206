import type { Table } from '../dict.js';
import type { MarketLocks } from '../state.js';

/**
 * A snapshot's locks made current: one may hold an account's locks as a list of keys, with no
 * owners; they are read as locks no owner is recorded for.
 */
export function ownedLocks(locks: Table<MarketLocks | string[]>): Table<MarketLocks> {
  for (const [userId, held] of locks)
    if (Array.isArray(held)) locks.set(userId, Object.fromEntries(held.map((key) => [key, null])));
  return locks as Table<MarketLocks>;
}
