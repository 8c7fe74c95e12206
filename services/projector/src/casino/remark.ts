import type { CasinoRoundSettled, StoredEvent } from '@exch/contracts';

/** A casino settlement's statement line names the table and the round: "Dragon Tiger 20-20 / Round 116261122153000: Tiger". */
export const casinoRemark = (e: StoredEvent): { text: string; awaits: null } => {
  const d = e.data as CasinoRoundSettled;
  return { text: `${d.tableName} / Round ${d.mid}: ${d.winner}`, awaits: null };
};
