import { PROVIDER_WINDOW_STREAM, type DomainEvent } from '@exch/contracts';
import type { EngineState } from '../state.js';
import { emptyGeneration, providerKey, type ProviderState } from './state.js';

/**
 * A turn of the idempotency window when it last turned before `turnBefore` (or never did) and the
 * turn would move or forget something: while every round is open and nothing waits to be forgotten,
 * a turn changes nothing, and an idle engine writes nothing.
 */
export function providerWindowTurn(state: Readonly<EngineState>, turnBefore: string, at: string): DomainEvent[] {
  const p = state.provider;
  if (p.turnedAt !== null && p.turnedAt >= turnBefore) return [];
  const forgets = Object.keys(p.previous.txns).length > 0 || Object.keys(p.previous.rounds).length > 0;
  const moves =
    Object.values(p.rounds).some((r) => r.credited) ||
    Object.entries(p.txns).some(([key, txn]) => !p.rounds[providerKey(key.slice(0, key.indexOf('|')), txn.roundId)]);
  if (!forgets && !moves) return [];
  return [{ type: 'ProviderWindowTurned', streamId: PROVIDER_WINDOW_STREAM, data: { turnedAt: at } }];
}

/**
 * Rounds still open stay current with every transaction id of theirs (their stakes are held, a
 * CREDIT or rollback may still come); closed rounds and their ids move to the previous generation,
 * which is still looked up; the generation before it is forgotten. So a closed round's ids are
 * remembered for at least one period and at most two.
 */
export function turnProviderWindow(p: ProviderState, turnedAt: string): void {
  const current = emptyGeneration();
  const previous = emptyGeneration();
  for (const [key, round] of Object.entries(p.rounds)) (round.credited ? previous : current).rounds[key] = round;
  for (const [key, txn] of Object.entries(p.txns)) {
    const provider = key.slice(0, key.indexOf('|'));
    (current.rounds[providerKey(provider, txn.roundId)] ? current : previous).txns[key] = txn;
  }
  p.txns = current.txns;
  p.rounds = current.rounds;
  p.previous = previous;
  p.turnedAt = turnedAt;
}
