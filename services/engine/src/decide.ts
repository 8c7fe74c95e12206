import type { CommandEnvelope } from '@exch/contracts';
import { decideCreateUser, decideMintChips, decideTransferChips } from './accounts/decide.js';
import {
  decideSetAccountLock,
  decideSetBetLock,
  decideSetCreditReference,
  decideSetExposureLimit,
  decideSetPermissions,
  decideUpdateUserDetails,
} from './accounts/manage.js';
import { decideChangePassword, decideDisableTotp, decideEnableTotp, decideRecordLogin, decideSetTransactionPassword } from './accounts/self.js';
import type { Decision } from './decision.js';
import type { EngineState } from './state.js';

/** Pure: the events a command produces against a state, or a typed refusal. */
export function decide(state: EngineState, envelope: CommandEnvelope): Decision {
  const c = envelope.command;
  const actor = envelope.actor;
  switch (c.type) {
    case 'CreateUser':
      return decideCreateUser(state, c, actor);
    case 'MintChips':
      return decideMintChips(state, c, actor);
    case 'TransferChips':
      return decideTransferChips(state, c, actor);
    case 'UpdateUserDetails':
      return decideUpdateUserDetails(state, c, actor);
    case 'SetCreditReference':
      return decideSetCreditReference(state, c, actor);
    case 'SetExposureLimit':
      return decideSetExposureLimit(state, c, actor);
    case 'SetAccountLock':
      return decideSetAccountLock(state, c, actor);
    case 'SetBetLock':
      return decideSetBetLock(state, c, actor);
    case 'SetPermissions':
      return decideSetPermissions(state, c, actor);
    case 'ChangePassword':
      return decideChangePassword(state, c, actor);
    case 'SetTransactionPassword':
      return decideSetTransactionPassword(state, c, actor);
    case 'EnableTotp':
      return decideEnableTotp(state, c, actor);
    case 'DisableTotp':
      return decideDisableTotp(state, c, actor);
    case 'RecordLogin':
      return decideRecordLogin(state, c, actor);
  }
}
