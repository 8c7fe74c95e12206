/**
 * The EventStore contract, run against every driver (test/pglite.test.ts, test/postgres.test.ts).
 * It lives outside test/ because tap runs every file of a folder it is given as a test.
 * `open` must give a store on a fresh, empty log; the suite closes what it opens. Each part of the
 * contract is a file of this folder.
 */
import { appendsContract } from './appends.js';
import type { OpenStore, TapTest } from './fixtures.js';
import { readsContract } from './reads.js';
import { singleWriterContract } from './single-writer.js';
import { snapshotsContract } from './snapshots.js';
import { subscriptionsContract } from './subscriptions.js';

export function eventStoreContract(t: TapTest, open: OpenStore): void {
  appendsContract(t, open);
  singleWriterContract(t, open);
  readsContract(t, open);
  subscriptionsContract(t, open);
  snapshotsContract(t, open);
}
