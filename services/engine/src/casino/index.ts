export { addTable, TABLES, tableByCode } from './tables/index.js';
export type {
  DealtCard,
  MarketDefinition,
  MarketOutcome,
  MarketResult,
  RoundResult,
  TableDefinition,
} from './tables/table.js';
export { backProfit } from './tables/settle.js';
export { commitmentWithNodeCrypto, newServerSeed, shuffleWithNodeCrypto } from './fair-node.js';
