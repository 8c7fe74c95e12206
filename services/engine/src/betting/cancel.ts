import { betStream, type CancelBet, type DeleteBets, type DomainEvent } from '@exch/contracts';
import { accept, refuse, type Decision } from '../decision.js';
import { isAncestor, positionKey, type BetState, type EngineState } from '../state.js';
import { exposureAfter } from './positions.js';

/** The unmatched remainder of a bet off the book, by the bettor or an upline. */
export function decideCancelBet(state: Readonly<EngineState>, c: CancelBet, actor: string | null): Decision {
  const bet = state.bets[c.betId];
  if (!bet) return refuse('BET_NOT_FOUND', 'Invalid bet data. Unable to delete.');
  const own = actor === bet.userId;
  if (!own && !isAncestor(state, actor, bet.userId)) return refuse('NOT_DOWNLINE', 'You can only cancel your own bets or your downline\'s');
  if (bet.status !== 'open' || bet.unmatched === 0) return refuse('NOTHING_UNMATCHED', 'This bet has no unmatched stake to cancel');
  const after: BetState = { ...bet, unmatched: 0 };
  const exposure = exposureAfter(state, bet.userId, bet.marketId, new Map([[bet.betId, after]]));
  return accept({
    type: 'BetCancelled',
    streamId: betStream(bet.betId),
    data: { betId: bet.betId, userId: bet.userId, marketId: bet.marketId, size: bet.unmatched, by: own ? 'player' : 'admin', ...exposure },
  });
}

/** Pending bets deleted by an upline (SPEC.md section 5): void, as if they were never placed. */
export function decideDeleteBets(state: Readonly<EngineState>, c: DeleteBets, actor: string | null): Decision {
  if (!Array.isArray(c.betIds) || c.betIds.length === 0) return refuse('NO_SELECTION', 'Please select one item');
  const changed = new Map<string, BetState>();
  for (const id of new Set(c.betIds)) {
    const bet = state.bets[id];
    if (!bet) return refuse('BET_NOT_FOUND', 'Invalid bet data. Unable to delete.');
    if (!isAncestor(state, actor, bet.userId)) return refuse('NOT_DOWNLINE', 'You can only delete bets of your downline');
    if (bet.status !== 'open') return refuse('NOT_PENDING', 'Only pending bets can be deleted');
    changed.set(id, { ...bet, status: 'deleted', unmatched: 0 });
  }
  // One user's bets in several markets: each event's total must count every market's change, not only its own.
  const marketExposures = new Map<string, { userId: string; marketExposure: number; delta: number }>();
  for (const bet of changed.values()) {
    const key = positionKey(bet.userId, bet.marketId);
    if (marketExposures.has(key)) continue;
    const { marketExposure } = exposureAfter(state, bet.userId, bet.marketId, changed);
    marketExposures.set(key, { userId: bet.userId, marketExposure, delta: marketExposure - (state.marketExposure[key] ?? 0) });
  }
  const totals = new Map<string, number>();
  for (const m of marketExposures.values()) totals.set(m.userId, (totals.get(m.userId) ?? state.exposure[m.userId] ?? 0) + m.delta);
  const events: DomainEvent[] = [...changed.values()].map((bet) => ({
    type: 'BetDeleted',
    streamId: betStream(bet.betId),
    data: { betId: bet.betId, userId: bet.userId, marketId: bet.marketId, marketExposure: marketExposures.get(positionKey(bet.userId, bet.marketId))!.marketExposure, totalExposure: totals.get(bet.userId)! },
  }));
  return accept(...events);
}
