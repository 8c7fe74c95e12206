import { formatPaise, type CasinoRoundSettled, type StoredEvent } from '@exch/contracts';
import type { Remark } from './market-labels.js';

/** A casino settlement's statement line names the table and the round: "Dragon Tiger 20-20 / Round 116261122153000: Tiger"; null for other events. */
export const casinoRemark = (e: StoredEvent): Remark | null => {
  if (e.type !== 'CasinoRoundSettled') return null;
  const d = e.data as CasinoRoundSettled;
  return { text: `${d.tableName} / Round ${d.mid}: ${d.winner}`, awaits: null };
};

const signed = (p: number): string => `${p > 0 ? '+' : p < 0 ? '-' : ''}₹${formatPaise(Math.abs(p))}`;

/**
 * A bettor's line adds their bets in the round, so a round whose bets cancel out (a zero line) still
 * says what happened: "Andar Bahar 20-20 / Round …: Bahar 7 · Bahar 7 +₹100.00, Andar 7 -₹100.00".
 * Rounds settled before the event named bettors keep the round's remark.
 */
export function casinoBettorRemark(d: CasinoRoundSettled, round: string, userId: string): string {
  const bets = d.bets.filter((b) => b.userId === userId && b.selectionName !== undefined);
  if (bets.length === 0) return round;
  return `${round} · ${bets.map((b) => `${b.selectionName} ${signed(b.pnl)}`).join(', ')}`;
}
