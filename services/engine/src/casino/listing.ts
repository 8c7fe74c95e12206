import type { CasinoTableListed } from '@exch/contracts';
import type { TableDefinition } from './tables/table.js';

/** What the log says of a table: its definition as data, the shoe as card codes (docs/casino.md). */
export function tableListing(t: TableDefinition): CasinoTableListed {
  return {
    tableCode: t.code,
    name: t.name,
    category: t.category,
    midPrefix: t.midPrefix,
    minStake: t.minStake,
    maxStake: t.maxStake,
    bettingSeconds: t.bettingSeconds,
    markets: t.markets.map((m) => ({
      sid: m.sid,
      name: m.name,
      group: m.group,
      odds: m.odds,
      ...(m.payTable && { payTable: m.payTable.map((p) => ({ hand: p.hand, odds: p.odds })) }),
      ...(m.picks !== undefined && { picks: m.picks }),
    })),
    shoe: t.shoe().map((c) => c.code),
  };
}

/**
 * JSON with object keys sorted: the same text for a listing as decided and as read back from the
 * log, where PostgreSQL's jsonb has put the keys in its own order.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
