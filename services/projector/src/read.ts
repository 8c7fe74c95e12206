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
// Bets, risk, locks, buttons and streams; the capped count, period filter and general report they read with.
export type { ButtonValuesRow } from './buttons/rows.js';
export { buttonValues } from './buttons/queries.js';
export type { WatchedRow, WatchRow } from './risk/rows.js';
export { bigBetThreshold, watchedBy, watchesOf } from './risk/queries.js';
export type { MatchStreamsRow } from './streams/rows.js';
export { matchStreams } from './streams/queries.js';
export type { Count } from './capped-count.js';
export { cappedCount } from './capped-count.js';
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
export { afterSql, BET_STATUSES, containsPattern, NEWEST_PLACED } from './bets/filter.js';
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
export { periodSql } from './period.js';
export { generalBets } from './general-report.js';
