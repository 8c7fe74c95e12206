import { migrate, type SqlClient } from '@exch/contracts';
import { CHECKPOINT_DDL } from './checkpoints.js';
import { PARTITION_CHECKPOINT_DDL } from './kafka/partition-checkpoints.js';
import { BUILDS_DDL } from './rebuild/builds.js';

/**
 * Both checkpoint tables (the runner's and a projector group's per partition) and the builds
 * beside them (rebuild/builds.ts), created once even when several processes start together. The
 * embedded server gets the partition table too, empty: one schema for both modes, and the tools read
 * it the same way in each. Version 2 counts the events each partition checkpoint holds
 * (partition-checkpoints.ts); version 3 adds the builds.
 */
export const ensureCheckpointTables = (sql: SqlClient): Promise<void> =>
  migrate(sql, 'projector.checkpoints', 3, [CHECKPOINT_DDL, ...PARTITION_CHECKPOINT_DDL, BUILDS_DDL]);
