// The typed read side (docs/architecture.md, "The typed read side"): the row types and queries of the
// projections the gateway and scripts read through functions, not SQL text on rm_ tables. Kept apart
// from the package's index so a reader does not load the runner and its Kafka client.
export type { MarketRow, MatchRow } from './catalogue/rows.js';
export { downlineCte, downlineIds, IN_DOWNLINE, IN_DOWNLINE_IDS } from './users/downline.js';
export {
  eventMarkets,
  listMatches,
  marketById,
  marketsById,
  marketsOf,
  matchById,
  newsText,
  seriesOfSport,
  sportMatchCounts,
  listedSports,
} from './catalogue/queries.js';
// Payments, the Indian casino and the third-party providers.
export type { PlayerGameRow, ProviderAggregateRow, ProviderGameRow } from './provider/rows.js';
export { downlineProviderGames, playerProviderGames, type DayRange } from './provider/queries.js';
export { cappedCount, COUNT_CAP, pageSql, type Count } from './paging.js';
export type {
  ApprovalLimitsRow,
  PaymentMethodRow,
  PendingCountRow,
  RequestRow,
  SavedAccountRow,
} from './payments/rows.js';
export {
  downlineRequests,
  nearestPaymentMethod,
  paymentMethodOf,
  pendingRequestCounts,
  requestById,
  requestUplines,
  savedAccountKind,
  savedAccounts,
  topApprovalLimits,
  userRequests,
  utrTaken,
  type OffsetPage,
} from './payments/queries.js';
export type {
  CasinoBetRow,
  CasinoDayRow,
  CasinoResultRow,
  CasinoRoundRow,
  CasinoTableRow,
} from './casino/rows.js';
export {
  busiestTable,
  casinoBetsById,
  casinoTable,
  casinoTables,
  casinoTapeBets,
  downlineCasinoDays,
  downlineRoundBets,
  lastResults,
  lastRound,
  playerCasinoBets,
  roundWithShoe,
  tableResults,
  type Page,
} from './casino/queries.js';
// One fold per fact (docs/architecture.md): the pure folds a command route answers from, each next to
// the projection that folds the same events into the same row, with that row's type.
export { clientAfter } from './users/after.js';
export { betAfter } from './bets/after.js';
export { marketAfter } from './catalogue/after.js';
// Bets, risk, locks, buttons and streams; the capped count, period filter and general report they read with.
export type { ButtonValuesRow } from './buttons/rows.js';
export { buttonValues } from './buttons/queries.js';
export type { WatchedRow, WatchRow } from './risk/rows.js';
export { bigBetThreshold, watchedBy, watchesOf } from './risk/queries.js';
export type { MatchStreamsRow } from './streams/rows.js';
export { matchStreams } from './streams/queries.js';
export type {
  AutoCashOutRow,
  BeforeSuspensionRow,
  BetHistoryRow,
  BetRow,
  BookBetRow,
  OpenBetRow,
  PendingStakeRow,
  SettledMarketRow,
  SharedIpRow,
  WindowBetRow,
} from './bets/rows.js';
export type { BetFilter, BetStatusFilter } from './bets/filter.js';
export { afterSql, BET_STATUSES, NEWEST_PLACED } from './bets/filter.js';
export { containsPattern } from './like.js';
export {
  autoCashOutRules,
  betById,
  betCount,
  betHistory,
  betsBeforeSuspension,
  betsById,
  downlineBetCount,
  downlineBetPage,
  downlineBetsAfter,
  newestDownlineBets,
  openMatchedBets,
  pendingMarketBets,
  pendingStakes,
  playerBetPage,
  playerBets,
  playerMarketBets,
  settledMarketPage,
  sharedIps,
  windowBets,
} from './bets/queries.js';
export { settlementLineBets, type LineBetRow } from './statement-bets/queries.js';
export { locksOnMatch } from './locks/queries.js';
export { periodSql } from './period.js';
export { generalBets } from './general-report.js';

// Users, ledger, partnership, activity and audit.
export type { ActivityEntryRow } from './activity/rows.js';
export { activityCount, activityEntries } from './activity/queries.js';
export type { AuditEntryRow } from './audit/rows.js';
export { auditCount, auditEntries, type AuditFilter } from './audit/queries.js';
export {
  LEDGER_TABLES,
  type BranchPnlRow,
  type DailyPnlRow,
  type EntryRow,
  type LedgerLineRow,
  type WalletTotalsRow,
} from './ledger/rows.js';
export {
  branchPnl,
  dailyCategoryPnl,
  entriesAt,
  entriesBetween,
  hasLedgerEntries,
  ledgerBalances,
  postingCount,
  statementPage,
  walletLinesAsOf,
  walletTotalsAsOf,
  type PostingFilter,
} from './ledger/queries.js';
export type { ShareTreeRow } from './partnership/rows.js';
export { shareOf, shareTree } from './partnership/queries.js';
export {
  USERS_TABLE,
  type AccountRef,
  type BalanceRow,
  type ClientDbRow,
  type CreditRow,
  type DirectoryUserRow,
  type PnlChildRow,
  type UserRow,
} from './users/rows.js';
export {
  accountRef,
  accountRefOf,
  availableBalance,
  balancesOf,
  branchWallets,
  chainUp,
  childIds,
  clientCount,
  clientOf,
  clientPage,
  creditCount,
  creditPage,
  directoryUser,
  downlineOfRoles,
  downlinePlayerLocks,
  isTopAccount,
  ownClient,
  parentAndShare,
  pnlChildren,
  transactionPasswordHash,
  uplinesOf,
  userById,
  userByUsername,
  userIdOf,
  usernameOf,
  userBalances,
  type ClientFilter,
} from './users/queries.js';

// Read models being rebuilt (rebuild/): where each stands, and the operator's request for a rebuild
// (a row of projection_builds the projectors pick up, not a read model).
export { projectionStatus } from './rebuild/status.js';
export { endBuild, requestBuild } from './rebuild/builds.js';
