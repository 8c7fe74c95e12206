import type { CommandEnvelope, Housekeep } from '@exch/contracts';
import { archivable } from './betting/archive.js';
import { confirmDue } from './betting/feed-market.js';
import { forgettable } from './betting/forget.js';
import { accept, refuse, type Decision } from './decision.js';
import { paymentsWindowTurn } from './payments/window.js';
import { providerWindowTurn } from './provider/window.js';
import type { EngineState } from './state.js';

/** The engine's own housekeeping (contracts' Housekeep): often nothing to do, then no events. */
export function decideHousekeep(state: Readonly<EngineState>, c: Housekeep, envelope: CommandEnvelope): Decision {
  if (envelope.actor !== null) return refuse('FORBIDDEN', 'Only the engine keeps its house');
  return accept(
    ...archivable(state, c.settledBefore),
    ...forgettable(state, c.forgetBefore),
    ...providerWindowTurn(state, c.providerTurnBefore, envelope.at),
    ...paymentsWindowTurn(state, c.paymentsTurnBefore, envelope.at),
    ...confirmDue(state, c.confirmProposedBefore, envelope.commandId, envelope.at),
  );
}
