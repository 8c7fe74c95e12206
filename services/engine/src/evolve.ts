import type { DomainEvent } from '@exch/contracts';
import type { EngineState } from './state.js';

/**
 * The state after an event. It folds in place and returns the same object: the engine owns its
 * state and copying maps of every wallet per event would make a turn O(accounts). It never reads
 * the clock or makes ids (DESIGN.md rule 5), so a replay of the log rebuilds the same state.
 */
export function evolve(state: EngineState, event: Pick<DomainEvent, 'type' | 'data'>): EngineState {
  const e = event as DomainEvent;
  switch (e.type) {
    case 'UserCreated': {
      const { userId, username, role, parentId } = e.data;
      state.users[userId] = { userId, username, role, parentId };
      state.usernames[username.toLowerCase()] = userId;
      return state;
    }
    case 'ChipsMinted':
    case 'ChipsTransferred':
      for (const p of e.data.postings) state.balances[p.account] = (state.balances[p.account] ?? 0) + p.amount;
      return state;
  }
}

export const fold = (state: EngineState, events: Iterable<Pick<DomainEvent, 'type' | 'data'>>): EngineState => {
  for (const e of events) evolve(state, e);
  return state;
};
