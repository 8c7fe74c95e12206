import type { CommandEnvelope } from '@exch/contracts';
import { decideCreateUser, decideMintChips, decideTransferChips } from './accounts/decide.js';
import type { Decision } from './decision.js';
import type { EngineState } from './state.js';

/** Pure: the events a command produces against a state, or a typed refusal. */
export function decide(state: EngineState, envelope: CommandEnvelope): Decision {
  const c = envelope.command;
  switch (c.type) {
    case 'CreateUser':
      return decideCreateUser(state, c, envelope.actor);
    case 'MintChips':
      return decideMintChips(state, c);
    case 'TransferChips':
      return decideTransferChips(state, c, envelope.actor);
  }
}
