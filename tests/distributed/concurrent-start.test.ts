/**
 * Distributed mode as an operator starts it: processes started together on an EMPTY database. Four
 * gateways and two projectors, real processes spawned in the same instant, each creating its tables
 * at start (the log's, the gateway's, the leader table, checkpoints, read models). Five rounds, a
 * fresh database each on one PostgreSQL server and one Kafka broker: every process must start and
 * answer /health, and every part's schema must be recorded once (contracts/src/migrate.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import pg from 'pg';
import { newEngineSecret, startMember, type ClusterEnv, type Member } from '../helpers/cluster.js';
import { kafkaSkip, startKafka } from '../helpers/kafka.js';
import { pgSkip, startPostgres } from '../helpers/postgres.js';

const skip = pgSkip() || kafkaSkip();
const ROUNDS = 5;

t.test(
  'four gateways and two projectors started at once on an empty database all start and serve',
  { skip, timeout: 900_000 },
  async (t) => {
    const [pgServer, kafkaServer] = await Promise.all([startPostgres(), startKafka()]);
    const logDir = mkdtempSync(join(tmpdir(), 'exch-start-'));
    t.comment(`process logs in ${logDir}`);
    const running: Member[] = [];
    t.teardown(async () => {
      await Promise.all(running.map((m) => m.kill()));
      await Promise.all([pgServer.stop(), kafkaServer.stop()]);
    });

    for (let round = 1; round <= ROUNDS; round++) {
      const env: ClusterEnv = {
        databaseUrl: await pgServer.createDatabase(`start_${round}`),
        kafkaBrokers: kafkaServer.brokers,
        logDir,
        engineSecret: newEngineSecret(),
      };
      const started = performance.now();
      const members = await Promise.allSettled([
        ...[1, 2, 3, 4].map((i) => startMember(env, 'gateway', `r${round}-gateway-${i}`)),
        ...[1, 2].map((i) => startMember(env, 'projector', `r${round}-projector-${i}`, {}, ['--name', 'all'])),
      ]);
      const up = members.flatMap((m) => (m.status === 'fulfilled' ? [m.value] : []));
      running.push(...up);
      for (const m of members) if (m.status === 'rejected') t.fail(`round ${round}: ${(m.reason as Error).message}`);
      t.equal(up.length, 6, `round ${round}: all six started (${Math.round(performance.now() - started)} ms)`);
      for (const m of up)
        t.equal((await fetch(`${m.url}/health`)).status, 200, `round ${round}: ${m.role} on ${m.port} serves /health`);

      const db = new pg.Client(env.databaseUrl);
      await db.connect();
      const { rows } = await db.query<{ name: string; version: number }>(
        `select name, version from schema_versions order by name`,
      );
      await db.end();
      t.same(
        rows.map((r) => r.name),
        [
          'engine_leader',
          'eventstore',
          'gateway',
          'gateway-payments',
          'projector.checkpoints',
          'provider-wallet-sessions',
          // The gateways' shared rate-limit buckets (docs/rate-limits.md).
          'rate-limits',
        ],
        `round ${round}: each part's schema recorded once`,
      );

      await Promise.all(up.map((m) => m.stop()));
      running.length = 0;
    }
  },
);
