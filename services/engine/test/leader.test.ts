import t from 'tap';
import pg from 'pg';
import pino from 'pino';
import { EngineUnavailableError } from '@exch/contracts';
import { openPostgresStore } from '@exch/eventstore';
import { pgSkip, startPostgres } from '../../../tests/helpers/postgres.js';
import { Engine } from '../src/index.js';
import { envelope as env } from './harness.js';

const log = pino({ level: 'silent' });

t.test(
  'a standby waits for the leader lock, takes over when the leader dies, and the old leader cannot write',
  { skip: pgSkip() },
  async (t) => {
    const pgServer = await startPostgres();
    t.teardown(() => pgServer.stop());
    const storeA = await openPostgresStore({ connectionString: pgServer.connectionString });
    const storeB = await openPostgresStore({ connectionString: pgServer.connectionString });
    t.teardown(async () => {
      await storeA.close().catch(() => {});
      await storeB.close().catch(() => {});
    });

    const leader = await Engine.start({ store: storeA, log, snapshotEvery: 0 });
    await leader.execute(
      env(
        {
          type: 'CreateUser',
          userId: 'a',
          username: 'admin',
          fullName: 'A',
          role: 'admin',
          parentId: null,
          passwordHash: 'h',
          creditReference: 0,
          exposureLimit: 0,
          mustChangePassword: false,
        },
        null,
      ),
    );
    await leader.execute(env({ type: 'MintChips', userId: 'a', amount: 10_000 }, null));

    let standbyReady = false;
    const standbyStarting = Engine.start({ store: storeB, log, snapshotEvery: 0 }).then((e) => {
      standbyReady = true;
      return e;
    });
    await new Promise((r) => setTimeout(r, 700));
    t.notOk(standbyReady, 'the standby waits while the leader holds the lock');
    // Written while the standby follows the log (every half second) and just before the leader dies.
    await leader.execute(env({ type: 'MintChips', userId: 'a', amount: 300 }, null));
    await new Promise((r) => setTimeout(r, 700));
    await leader.execute(env({ type: 'MintChips', userId: 'a', amount: 20 }, null));

    // Kill the leader's lock connection, as a crashed process would lose it.
    const admin = new pg.Client({ connectionString: pgServer.connectionString });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted and pid <> pg_backend_pid()`,
    );
    await admin.end();

    const standby = await standbyStarting;
    t.teardown(() => standby.stop());
    t.ok(standby.epoch > leader.epoch, `new epoch ${standby.epoch} > old ${leader.epoch}`);
    t.equal(standby.view.balances.get('wallet:a'), 10_320, 'the standby caught up from the log');

    await t.rejects(
      leader.execute(env({ type: 'MintChips', userId: 'a', amount: 1 }, null)),
      EngineUnavailableError,
      'the deposed leader refuses commands',
    );
    const r = await standby.execute(env({ type: 'MintChips', userId: 'a', amount: 5 }, null));
    t.match(r, { ok: true });
    t.equal(standby.view.balances.get('wallet:a'), 10_325);
  },
);
