import type { SqlClient, StoredEvent } from '@exch/contracts';

/** A read model folded from the log. apply runs inside the runner's transaction, with the checkpoint. */
export interface Projection {
  name: string;
  /** Bump when the tables or the fold change: the runner then rebuilds it from zero at start. */
  version: number;
  /** Tables it owns: dropped by rebuild. */
  tables: string[];
  /** Idempotent DDL (create ... if not exists). */
  setup(sql: SqlClient): Promise<void>;
  /**
   * Indexes the readers need and the fold does not, by name: `table (columns)` to have, or null for
   * one to drop. Brought about at start without a rebuild (prepare.ts ensureIndexes), so a report
   * can gain an index without folding a year of log again; the version stays for the tables and
   * the fold.
   */
  indexes?: Readonly<Record<string, string | null>>;
  /** Fold a batch (position order, none seen before) into the read model. */
  apply(tx: SqlClient, events: StoredEvent[]): Promise<void>;
}
