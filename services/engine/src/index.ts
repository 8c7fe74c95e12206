export { Engine } from './loop/engine.js';
export { SNAPSHOT_NAME } from './loop/memory.js';
export {
  DEFAULT_MARKET_MEMORY_MS,
  DEFAULT_PAYMENTS_WINDOW_MS,
  DEFAULT_PROVIDER_IDEMPOTENCY_MS,
  DEFAULT_REVOKE_WINDOW_MS,
  type EngineOptions,
} from './loop/options.js';
export { loadSnapshotCore } from './snapshot/load.js';
export { decide } from './decide.js';
export { evolve, fold } from './evolve.js';
export {
  emptyState,
  balanceOf,
  isAncestor,
  type BetState,
  type EngineState,
  type MarketState,
  type UserState,
} from './state.js';
export { Dict } from './dict.js';
export type { Decision } from './decision.js';
export type { Log } from './log.js';
export { Quotes, type QuoteView } from './betting/quotes.js';
export { MARKET_DEFAULTS } from './betting/catalogue.js';
export {
  addTable,
  TABLES,
  tableByCode,
  newServerSeed,
  commitmentWithNodeCrypto,
  shuffleWithNodeCrypto,
  type TableDefinition,
} from './casino/index.js';
export type { CasinoTableState, CasinoRoundState } from './casino/state.js';
