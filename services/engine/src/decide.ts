import type { CommandEnvelope } from '@exch/contracts';
import { decideCreateUser, decideMintChips, decideTransferChips } from './accounts/decide.js';
import { decideEditUser } from './accounts/edit.js';
import {
  decideSetAccountLock,
  decideSetBetLock,
  decideSetCreditReference,
  decideSetExposureLimit,
  decideSetPermissions,
  decideUpdateUserDetails,
} from './accounts/manage.js';
import {
  decideChangePassword,
  decideDisableTotp,
  decideEnableTotp,
  decideEndSessions,
  decideRecordLogin,
  decideSetTransactionPassword,
} from './accounts/self.js';
import { decideDeleteBets, decideCancelBet } from './betting/cancel.js';
import {
  decideSetMarketSettings,
  decideSetMarketStatus,
  decideSetNewsMessage,
  decideSyncCatalogue,
} from './betting/catalogue.js';
import { decideApplyFeedMarketState, decideConfirmFeedResult } from './betting/feed-market.js';
import { decideSetButtonValues, decideSetMarketLock } from './betting/locks.js';
import { decideClearHousePrice, decideSetHousePrice, WithHousePrices } from './betting/house-prices.js';
import { decidePlaceBet } from './betting/place.js';
import { decideCashOut } from './betting/cash-out.js';
import { decideCheckAutoCashOut, decideSetAutoCashOut } from './betting/auto-cash-out.js';
import { decideRematch } from './betting/rematch.js';
import type { QuoteView } from './betting/quotes.js';
import { decideRestoreMarket } from './betting/archive.js';
import { decideRememberMarket, decideRememberMatch } from './betting/forget.js';
import { decideHousekeep } from './housekeep.js';
import { decideRevokeResult, decideSettleMarket, decideVoidMarket } from './betting/settle.js';
import { decideCasino } from './casino/decide.js';
import { decideProvider } from './provider/decide.js';
import { refuse, type Decision } from './decision.js';
import {
  decideAddBankAccount,
  decideAddUpiId,
  decideDeletePaymentAccount,
  decideSetApprovalLimits,
  decideSetPaymentMethod,
} from './payments/accounts.js';
import { decideSetPartnership } from './accounts/partnership.js';
import { decideSetMatchStreams } from './streams/decide.js';
import { decideSetBigBetThreshold, decideSetWatch } from './risk/decide.js';
import { decideRequestProjectionRebuild } from './projections/decide.js';
import {
  decideApprovePaymentRequest,
  decideRejectPaymentRequest,
  decideRequestDeposit,
  decideRequestWithdrawal,
} from './payments/requests.js';
import { NOTHING_RECALLED, type RecalledRequests } from './payments/state.js';
import type { EngineState } from './state.js';

const NO_QUOTES: QuoteView = { exchange: () => undefined, bookmaker: () => undefined, fancy: () => undefined };

/**
 * Pure: the events a command produces against a state (and the live prices it may read, and the
 * payment requests the loop read back from the log for it: loop/recall.ts), or a typed refusal.
 */
export function decide(
  state: EngineState,
  envelope: CommandEnvelope,
  feedQuotes: QuoteView = NO_QUOTES,
  recalled: RecalledRequests = NOTHING_RECALLED,
): Decision {
  const c = envelope.command;
  const quotes = new WithHousePrices(state, feedQuotes);
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
    case 'EditUser':
      return decideEditUser(state, c, actor);
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
    case 'EndSessions':
      return decideEndSessions(state, c, actor);
    case 'SyncCatalogue':
      return decideSyncCatalogue(state, c, actor);
    case 'PlaceBet':
      return decidePlaceBet(state, quotes, c, envelope);
    case 'CashOut':
      return decideCashOut(state, quotes, c, envelope);
    case 'SetAutoCashOut':
      return decideSetAutoCashOut(state, c, envelope);
    case 'CheckAutoCashOut':
      return decideCheckAutoCashOut(state, quotes, c, envelope);
    case 'MatchResting':
      return actor === null
        ? decideRematch(state, quotes, c.marketId, c.selectionId)
        : refuse('FORBIDDEN', 'Resting orders are matched by the system');
    case 'ApplyFeedMarketState':
      return decideApplyFeedMarketState(state, c, actor, envelope.at);
    case 'ConfirmFeedResult':
      return decideConfirmFeedResult(state, c, actor, envelope.commandId, envelope.at);
    case 'CancelBet':
      return decideCancelBet(state, c, actor);
    case 'DeleteBets':
      return decideDeleteBets(state, c, actor);
    case 'SetMarketSettings':
      return decideSetMarketSettings(state, c, actor);
    case 'SetMarketStatus':
      return decideSetMarketStatus(state, c, actor);
    case 'SettleMarket':
      return decideSettleMarket(state, c, actor, envelope.commandId, envelope.at);
    case 'VoidMarket':
      return decideVoidMarket(state, c, actor, envelope.commandId, envelope.at);
    case 'RevokeResult':
      return decideRevokeResult(state, c, actor);
    case 'Housekeep':
      return decideHousekeep(state, c, envelope);
    case 'RestoreMarket':
      return decideRestoreMarket(state, c, actor);
    case 'RememberMarket':
      return decideRememberMarket(state, c, actor);
    case 'RememberMatch':
      return decideRememberMatch(state, c, actor);
    case 'SetMarketLock':
      return decideSetMarketLock(state, c, actor);
    case 'SetHousePrice':
      return decideSetHousePrice(state, c, actor);
    case 'ClearHousePrice':
      return decideClearHousePrice(state, c, actor);
    case 'SetButtonValues':
      return decideSetButtonValues(state, c, actor);
    case 'SetNewsMessage':
      return decideSetNewsMessage(state, c, actor);
    case 'RequestDeposit':
      return decideRequestDeposit(state, c, actor, recalled);
    case 'RequestWithdrawal':
      return decideRequestWithdrawal(state, c, actor);
    case 'ApprovePaymentRequest':
      return decideApprovePaymentRequest(state, c, actor, recalled);
    case 'RejectPaymentRequest':
      return decideRejectPaymentRequest(state, c, actor, recalled);
    case 'AddBankAccount':
      return decideAddBankAccount(state, c, actor);
    case 'AddUpiId':
      return decideAddUpiId(state, c, actor);
    case 'DeletePaymentAccount':
      return decideDeletePaymentAccount(state, c, actor);
    case 'SetPaymentMethod':
      return decideSetPaymentMethod(state, c, actor);
    case 'SetApprovalLimits':
      return decideSetApprovalLimits(state, c, actor);
    case 'ProviderDebit':
    case 'ProviderCredit':
    case 'ProviderRollback':
      return decideProvider(state, c, envelope);
    case 'SetPartnership':
      return decideSetPartnership(state, c, actor);
    case 'SetMatchStreams':
      return decideSetMatchStreams(state, c, actor);
    case 'SetBigBetThreshold':
      return decideSetBigBetThreshold(state, c, actor);
    case 'SetWatch':
      return decideSetWatch(state, c, actor);
    case 'RequestProjectionRebuild':
      return decideRequestProjectionRebuild(state, c, actor);
    default:
      return decideCasino(state, envelope) ?? refuse('UNKNOWN_COMMAND', 'Unknown command');
  }
}
