import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { Engine, emptyState, fold, SNAPSHOT_NAME } from '@exch/engine';
import { openPGliteStore } from '@exch/eventstore';
import { DEMO_ACCOUNTS } from '@exch/server';
import { generateHistory } from '../../scripts/history/generate.js';
import { verifyLedger } from '../../scripts/ledger/verify.js';

const silent = { info() {}, warn() {}, error() {} };

t.test('a small history: the ledger holds, the demo logins are there, old markets left the state', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'exch-history-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  let store = await openPGliteStore({ dataDir: dir });
  const done = await generateHistory({ store, bets: 2_000, days: 20, players: 10 });
  t.ok(done.bets >= 2_000, `${done.bets} bets`);
  await done.engine.stop();
  await store.close();

  store = await openPGliteStore({ dataDir: dir });
  t.teardown(() => store.close());
  const report = await verifyLedger(store);
  t.ok(report.ok, 'ledger:verify passes on the log written');

  // The restart a `npm start` on the folder makes: from the snapshot saved at the end.
  const snapshot = await store.loadSnapshot<unknown>(SNAPSHOT_NAME);
  t.equal(snapshot?.position, done.head, 'a snapshot at the head');
  const engine = await Engine.start({ store, log: silent, housekeepEveryMs: 0 });
  t.teardown(() => engine.stop());
  for (const a of DEMO_ACCOUNTS) {
    const user = engine.view.users.get(engine.view.usernames[a.username] ?? '');
    t.equal(user?.role, a.role, `${a.username} is there`);
  }
  const markets = [...engine.view.markets.values()];
  t.ok(
    markets.some((m) => m.archived),
    'markets settled beyond the revoke window were archived',
  );
  t.ok(
    markets.some((m) => !m.archived),
    'recent markets stay',
  );
  const pay = engine.view.payments;
  const held = [...Object.keys(pay.requests), ...Object.keys(pay.previous.requests)];
  t.ok(
    held.length > 0 && !held.includes('hp1-d'),
    `the payments window holds recent requests only (${held.length} of them), not the first match's`,
  );
  const { rows } = await store.sql.query<{ key: string }>('select key from snapshot_parts');
  const kinds = new Set(rows.map((r) => r.key.replace(/[#:@].*$/, '')));
  t.ok(
    ['core', 'market', 'summaries', 'provider-previous'].every((k) => kinds.has(k)),
    `the snapshot's parts: ${[...kinds].sort().join(', ')}`,
  );
  const log = await store.readAll(0, 1_000_000);
  t.same(
    JSON.parse(JSON.stringify(engine.view)),
    JSON.parse(JSON.stringify(fold(emptyState(), log as never))),
    'the state put back from the snapshot and its parts equals a full fold of the log',
  );
});
