import { betStream, type CancelBet, type DeleteBets, type DomainEvent } from '@exch/contracts';
import { accept, refuse, type Decision } from '../decision.js';
import { isAncestor, type BetState, type EngineState } from '../state.js';
import { exposureAfter, exposuresAfter } from './positions.js';

/**
 * At the turn in play the match's unmatched match-odds stakes lapse unless their bettor chose to
 * keep them (PERSIST, Betfair's "Keep in play"): by default a price asked before the off is no
 * price for a match under way. One decision cancels the one kind and keeps the other. An unmatched
 * stake rests in its runner's book, so the books are looked through (what is open), not every
 * market ever listed; the bets lapse in the order they came.
 */
export function lapseAtInPlay(state: Readonly<EngineState>, matchId: string): DomainEvent[] {
  const lapsing: BetState[] = [];
  for (const [key, book] of state.books) {
    const market = state.markets.get(key.slice(0, key.lastIndexOf('|')));
    if (market?.matchId !== matchId || market.kind !== 'match_odds') continue;
    for (const level of [...book.backs, ...book.lays])
      for (const order of level.orders) {
        const bet = order.betId === null ? undefined : state.bets.get(order.betId);
        if (bet?.status === 'open' && bet.unmatched > 0 && bet.persistence === 'LAPSE') lapsing.push(bet);
      }
  }
  const changed = new Map<string, BetState>();
  for (const bet of lapsing.sort((a, b) => a.seq - b.seq)) changed.set(bet.betId, { ...bet, unmatched: 0 });
  const exposures = exposuresAfter(state, changed);
  return [...changed.values()].map((bet) => ({
    type: 'BetCancelled',
    streamId: betStream(bet.betId),
    data: {
      betId: bet.betId,
      userId: bet.userId,
      marketId: bet.marketId,
      size: state.bets.get(bet.betId)!.unmatched,
      by: 'lapsed',
      ...exposures(bet),
    },
  }));
}

/** The unmatched remainder of a bet off the book, by the bettor or an upline. */
export function decideCancelBet(state: Readonly<EngineState>, c: CancelBet, actor: string | null): Decision {
  const bet = state.bets.get(c.betId);
  if (!bet) return refuse('BET_NOT_FOUND', 'Invalid bet data. Unable to delete.');
  const own = actor === bet.userId;
  if (!own && !isAncestor(state, actor, bet.userId))
    return refuse('NOT_DOWNLINE', "You can only cancel your own bets or your downline's");
  if (bet.status !== 'open' || bet.unmatched === 0)
    return refuse('NOTHING_UNMATCHED', 'This bet has no unmatched stake to cancel');
  const after: BetState = { ...bet, unmatched: 0 };
  const exposure = exposureAfter(state, bet.userId, bet.marketId, [after]);
  return accept({
    type: 'BetCancelled',
    streamId: betStream(bet.betId),
    data: {
      betId: bet.betId,
      userId: bet.userId,
      marketId: bet.marketId,
      size: bet.unmatched,
      by: own ? 'player' : 'admin',
      ...exposure,
    },
  });
}

/** Pending bets deleted by an upline (SPEC.md section 5): void, as if they were never placed. */
export function decideDeleteBets(state: Readonly<EngineState>, c: DeleteBets, actor: string | null): Decision {
  if (!Array.isArray(c.betIds) || c.betIds.length === 0) return refuse('NO_SELECTION', 'Please select one item');
  const changed = new Map<string, BetState>();
  for (const id of new Set(c.betIds)) {
    const bet = state.bets.get(id);
    if (!bet) return refuse('BET_NOT_FOUND', 'Invalid bet data. Unable to delete.');
    if (!isAncestor(state, actor, bet.userId))
      return refuse('NOT_DOWNLINE', 'You can only delete bets of your downline');
    if (bet.status !== 'open') return refuse('NOT_PENDING', 'Only pending bets can be deleted');
    changed.set(id, { ...bet, status: 'deleted', unmatched: 0 });
  }
  const exposures = exposuresAfter(state, changed);
  const events: DomainEvent[] = [...changed.values()].map((bet) => ({
    type: 'BetDeleted',
    streamId: betStream(bet.betId),
    data: { betId: bet.betId, userId: bet.userId, marketId: bet.marketId, ...exposures(bet) },
  }));
  return accept(...events);
}
