import type { CommandEnvelope } from '@exch/contracts';
import type { Decision } from '../decision.js';
import type { EngineState } from '../state.js';
import { decidePlaceCasinoBet } from './bets.js';
import {
  decideCloseCasinoBetting,
  decideDealCasinoRound,
  decideOpenCasinoRound,
  decideRevealCasinoCard,
  decideSetCasinoTableStatus,
  decideSettleCasinoRound,
  decideSyncCasinoTables,
  decideVoidCasinoRound,
} from './rounds.js';

/** The casino's half of decide; null for a command that is not the casino's. */
export function decideCasino(state: Readonly<EngineState>, envelope: CommandEnvelope): Decision | null {
  const c = envelope.command;
  const actor = envelope.actor;
  switch (c.type) {
    case 'SyncCasinoTables':
      return decideSyncCasinoTables(state, actor);
    case 'SetCasinoTableStatus':
      return decideSetCasinoTableStatus(state, c, actor);
    case 'OpenCasinoRound':
      return decideOpenCasinoRound(state, c, envelope);
    case 'PlaceCasinoBet':
      return decidePlaceCasinoBet(state, c, envelope);
    case 'CloseCasinoBetting':
      return decideCloseCasinoBetting(state, c, actor);
    case 'DealCasinoRound':
      return decideDealCasinoRound(state, c, actor);
    case 'RevealCasinoCard':
      return decideRevealCasinoCard(state, c, actor);
    case 'SettleCasinoRound':
      return decideSettleCasinoRound(state, c, actor);
    case 'VoidCasinoRound':
      return decideVoidCasinoRound(state, c, actor);
    default:
      return null;
  }
}
