import type { DomainEvent } from '@exch/contracts';
import { evolveBetting } from './betting/evolve.js';
import { evolveCasino, isCasinoEvent } from './casino/evolve.js';
import { evolvePayments, isPaymentEvent } from './payments/evolve.js';
import { evolveProvider } from './provider/evolve.js';
import type { EngineState, UserState } from './state.js';

// Not a closure in evolve: under tsx (keepNames) each closure costs a defineProperty per event.
/** A user changed by replacing it, never in place: a snapshot being saved may still have to write it as it was (Table). */
const setUser = (state: EngineState, userId: string, change: Partial<UserState>): void => {
  state.users.set(userId, { ...state.users.get(userId)!, ...change });
};

/** An account or bet lock set or lifted: its owner kept while it holds, and no key for it otherwise (as a snapshot reads it back). */
const setUserLock = (
  state: EngineState,
  d: { userId: string; locked: boolean; setBy?: string },
  flag: 'accountLocked' | 'betLocked',
  by: 'accountLockedBy' | 'betLockedBy',
): void => {
  const { [by]: _owner, ...user } = state.users.get(d.userId)!;
  state.users.set(d.userId, { ...user, [flag]: d.locked, ...(d.locked && d.setBy ? { [by]: d.setBy } : {}) });
};

/**
 * The state after an event. It folds in place and returns the same object: the engine owns its
 * state and copying maps of every wallet per event would make a turn O(accounts). It never reads
 * the clock or makes ids (DESIGN.md rule 5), so a replay of the log rebuilds the same state.
 */
export function evolve(state: EngineState, event: Pick<DomainEvent, 'type' | 'data'>): EngineState {
  const e = event as DomainEvent;
  switch (e.type) {
    case 'UserCreated': {
      const { userId, username, role, parentId, creditReference, exposureLimit } = e.data;
      state.users.set(userId, {
        userId,
        username,
        role,
        parentId,
        creditReference,
        exposureLimit,
        accountLocked: false,
        betLocked: false,
        totpEnabled: false,
      });
      state.usernames[username.toLowerCase()] = userId;
      break;
    }
    case 'ChipsMinted':
    case 'ChipsTransferred':
      for (const p of e.data.postings) state.balances.set(p.account, (state.balances.get(p.account) ?? 0) + p.amount);
      break;
    case 'CreditReferenceSet':
      setUser(state, e.data.userId, { creditReference: e.data.creditReference });
      break;
    case 'ExposureLimitSet':
      setUser(state, e.data.userId, { exposureLimit: e.data.exposureLimit });
      break;
    case 'AccountLockSet':
      setUserLock(state, e.data, 'accountLocked', 'accountLockedBy');
      break;
    case 'BetLockSet':
      setUserLock(state, e.data, 'betLocked', 'betLockedBy');
      break;
    case 'TotpEnabled':
      setUser(state, e.data.userId, { totpEnabled: true });
      break;
    case 'TotpDisabled':
      setUser(state, e.data.userId, { totpEnabled: false });
      break;
    case 'PartnershipSet':
      state.partnership[e.data.userId] = e.data.shareBp;
      break;
    // Read-side only: nothing the engine decides on.
    case 'UserDetailsUpdated':
    case 'PasswordChanged':
    case 'TransactionPasswordSet':
    case 'PermissionsSet':
    case 'UserLoggedIn':
    case 'SessionsEnded':
    case 'MatchStreamsSet':
    case 'BigBetThresholdSet':
    case 'WatchSet':
    case 'ProjectionRebuildRequested':
      break;
    case 'ProviderWindowTurned':
    case 'ProviderDebited':
    case 'ProviderCredited':
    case 'ProviderRolledBack':
    case 'ProviderTxnRepeated':
    case 'ProviderTxnDeclined':
      evolveProvider(state, e);
      break;
    // The events of every bet, named here: the default below tries two other domains' sets first.
    case 'BetPlaced':
    case 'BetMatched':
      evolveBetting(state, e);
      break;
    default:
      if (isPaymentEvent(e)) evolvePayments(state, e);
      else if (isCasinoEvent(e)) evolveCasino(state, e);
      else evolveBetting(state, e);
  }
  return state;
}

export const fold = (state: EngineState, events: Iterable<Pick<DomainEvent, 'type' | 'data'>>): EngineState => {
  for (const e of events) evolve(state, e);
  return state;
};
