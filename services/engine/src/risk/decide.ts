import { userStream, type SetBigBetThreshold, type SetWatch } from '@exch/contracts';
import { accept, refuse, type Decision } from '../decision.js';
import { isAncestor, type EngineState } from '../state.js';

/** A back-office login (any role above the player) acting on its own tape and risk desk. */
const backOffice = (state: Readonly<EngineState>, actor: string | null): string | null => {
  const user = actor === null ? undefined : state.users.get(actor);
  return user && user.role !== 'user' ? user.userId : null;
};

/** The stake from which the caller's downline bets count as big; nothing the engine decides bets on. */
export function decideSetBigBetThreshold(
  state: Readonly<EngineState>,
  c: SetBigBetThreshold,
  actor: string | null,
): Decision {
  const self = backOffice(state, actor);
  if (!self) return refuse('FORBIDDEN', 'Only back-office logins set a big-bet threshold');
  if (!Number.isSafeInteger(c.amount) || c.amount < 0)
    return refuse('INVALID_AMOUNT', 'The big-bet threshold is an amount of zero or more');
  return accept({ type: 'BigBetThresholdSet', streamId: userStream(self), data: { userId: self, amount: c.amount } });
}

/** Watch an account of the caller's downline, or stop: never one outside it. */
export function decideSetWatch(state: Readonly<EngineState>, c: SetWatch, actor: string | null): Decision {
  const self = backOffice(state, actor);
  if (!self) return refuse('FORBIDDEN', 'Only back-office logins keep a watch list');
  if (!state.users.get(c.userId) || !isAncestor(state, self, c.userId))
    return refuse('NOT_IN_DOWNLINE', 'User not found in your downline');
  return accept({
    type: 'WatchSet',
    streamId: userStream(self),
    data: { watcherId: self, userId: c.userId, watched: c.watched },
  });
}
