import type { CasinoRoundSettled, StoredEvent } from '@exch/contracts';
import type { Remark } from '../ledger/market-labels.js';

/** A casino settlement's statement line names the table and the round: "Dragon Tiger 20-20 / Round 116261122153000: Tiger"; null for other events. */
export const casinoRemark = (e: StoredEvent): Remark | null => {
  if (e.type !== 'CasinoRoundSettled') return null;
  const d = e.data as CasinoRoundSettled;
  return { text: `${d.tableName} / Round ${d.mid}: ${d.winner}`, awaits: null };
};
