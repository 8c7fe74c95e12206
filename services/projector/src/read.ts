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
export { periodSql } from './period.js';
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
