export { ProjectionRunner, type ProjectionLag, type RunnerLog } from './runner.js';
export type { Projection } from './projection.js';
export { walletOwner, postingsOf } from './wallets.js';
export { tableExists } from './table-exists.js';
export { HISTORY_TABLES, PAYMENT_REQUESTS, type HistoryTable } from './history-tables.js';
export { balancesTouched } from './exposure.js';
export { betsTouched } from './bets/projection.js';
export { marketsTouched } from './catalogue/projection.js';
export { casinoBetsTouched, casinoTablesTouched } from './casino/projection.js';
export { paymentsTouched } from './payments/projection.js';

import { activityProjection } from './activity/projection.js';
import { auditProjection } from './audit/projection.js';
import { betsProjection } from './bets/projection.js';
import { buttonValuesProjection } from './buttons/projection.js';
import { casinoProjection } from './casino/projection.js';
import { catalogueProjection } from './catalogue/projection.js';
import { ledgerProjection } from './ledger/projection.js';
import { marketLocksProjection } from './locks/projection.js';
import { paymentsProjection } from './payments/projection.js';
import { partnershipProjection } from './partnership/projection.js';
import { providerProjection } from './provider/projection.js';
import { riskProjection } from './risk/projection.js';
import { statementBetsProjection } from './statement-bets/projection.js';
import { streamsProjection } from './streams/projection.js';
import { usersProjection } from './users/projection.js';

export {
  activityProjection,
  auditProjection,
  betsProjection,
  buttonValuesProjection,
  casinoProjection,
  catalogueProjection,
  ledgerProjection,
  marketLocksProjection,
  partnershipProjection,
  paymentsProjection,
  providerProjection,
  riskProjection,
  statementBetsProjection,
  streamsProjection,
  usersProjection,
};
/** Every read model of the product, in the order they are started. */
export const allProjections = [
  usersProjection,
  ledgerProjection,
  activityProjection,
  catalogueProjection,
  betsProjection,
  marketLocksProjection,
  buttonValuesProjection,
  paymentsProjection,
  providerProjection,
  casinoProjection,
  partnershipProjection,
  streamsProjection,
  riskProjection,
  auditProjection,
  statementBetsProjection,
];
export { KafkaProjectionRunner, type KafkaRunnerOptions } from './kafka/runner.js';
export { readPartitionCheckpoints, type PartitionCheckpoint } from './kafka/partition-checkpoints.js';
export { ensureCheckpointTables } from './checkpoint-tables.js';
export { groupLag, lagOf, readLogLag, type LogLag, type PartitionLag } from './kafka/lag.js';
export { countFoldedEvents } from './kafka/folded-count.js';
export { quoteIdent, identOf, inSchema, setUp, type FoldTarget } from './rebuild/schema.js';
export { CutFold, type CutFoldOptions } from './rebuild/cut-fold.js';
export { Rebuilds, type RebuildsOptions } from './rebuild/rebuilds.js';
export { partitionCut, runnerCut, type LiveCut } from './rebuild/live-cut.js';
