/**
 * The casino in distributed mode, every part a real process on real PostgreSQL and Kafka: only the
 * engine leader deals; its rounds reach a gateway's websocket through the projectors' notices; a
 * bet placed through the gateway is paid; and when the leader is killed in the middle of a round's
 * betting, the standby's dealer (which never had that round's seed) voids it, returning the stake,
 * and deals on. The ledger is proven afterwards on the projector group's read models.
 */
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import t from 'tap';
import type { CasinoRoundDetail, CasinoTableLive } from '@exch/contracts';
import { TABLES } from '@exch/engine';
import { openPostgresStore } from '@exch/eventstore';
import { verifyLedger } from '../../scripts/ledger/verify.js';
import { caller } from '../helpers/api.js';
import { eventually, newEngineSecret, startMember, type ClusterEnv, type Member } from '../helpers/cluster.js';
import { openSocket } from '../helpers/exchange.js';
import { kafkaSkip, startKafka } from '../helpers/kafka.js';
import { pgSkip, startPostgres } from '../helpers/postgres.js';
import type { TestServer } from '../helpers/server.js';

const skip = pgSkip() || kafkaSkip();
const TABLE = 'lucky7';

t.test(
  'distributed mode: the leader deals, pushes cross Kafka, a failover voids the round it interrupted',
  { skip, timeout: 600_000 },
  async (t) => {
    const [pgServer, kafkaServer] = await Promise.all([startPostgres(), startKafka()]);
    const env: ClusterEnv = {
      databaseUrl: pgServer.connectionString,
      kafkaBrokers: kafkaServer.brokers,
      logDir: mkdtempSync(join(tmpdir(), 'exch-casino-cluster-')),
      engineSecret: newEngineSecret(),
    };
    t.comment(`process logs in ${env.logDir}`);
    const started: Member[] = [];
    t.teardown(async () => {
      await Promise.all(started.map((m) => m.kill()));
      await Promise.all([pgServer.stop(), kafkaServer.stop()]);
    });
    const member = async (...a: Parameters<typeof startMember>) => {
      const m = await startMember(...a);
      started.push(m);
      return m;
    };
    // A long window: the test bets in it and kills the leader in it.
    const casino = { CASINO: 'on', CASINO_BETTING_MS: '8000' };
    const leader = await member(env, 'engine', 'engine-a', { ...casino, SEED_DEMO: '1' });
    await eventually(
      'engine-a to lead',
      async () => (await (await fetch(`${leader.url}/health`)).json()).role === 'leader',
    );
    const standby = await member(env, 'engine', 'engine-b', casino);
    await member(env, 'relay', 'relay');
    await member(env, 'projector', 'projector-1', {}, ['--name', 'all']);
    const gateway = await member(env, 'gateway', 'gateway-1');
    t.equal(
      (await (await fetch(`${standby.url}/health`)).json()).role,
      'standby',
      'the second engine waits: it does not deal',
    );

    const api = caller({ url: gateway.url } as TestServer);
    await eventually('the demo accounts in the read models', async () => (await api.login('player1')).status === 200);
    const p1 = (await api.login('player1')).body;
    const live = async (): Promise<CasinoTableLive> =>
      (await api.call('GET', `/api/casino/tables/${TABLE}`, undefined, p1.token)).body;
    const profile = async (): Promise<{ balance: number; exposer: number }> => {
      const { balance, exposer } = (await api.call('GET', '/api/users/profile', undefined, p1.token)).body.balance;
      return { balance, exposer };
    };
    /** A round betting with at least `ms` left, and a bet of ₹1,000 on Low Card in it. */
    const betOnNextRound = async (ms: number): Promise<string> => {
      let mid = '';
      await eventually(
        `a ${TABLE} round with ${ms} ms of betting left`,
        async () => {
          const r = (await live()).round;
          if (!r || r.status !== 'betting' || Date.parse(r.closesAt) - Date.now() < ms) return false;
          mid = r.mid;
          return true;
        },
        90_000,
      );
      const bet = await api.call(
        'POST',
        '/api/bets',
        {
          user_id: p1.user._id,
          event_id: TABLE,
          event_name: 'Lucky 7',
          market_id: mid,
          market_type: 'CASINO',
          selection: 1,
          selection_name: 'Low Card',
          odds: 2,
          stake: 1000,
          bet_type: 'casino',
          table_id: TABLE,
          game_round_id: mid,
        },
        p1.token,
      );
      t.equal(bet.status, 200, `bet on ${mid}: ${JSON.stringify(bet.body).slice(0, 200)}`);
      return mid;
    };

    await t.test("the leader deals every table; the rounds reach the gateway's websocket through Kafka", async (t) => {
      await eventually(
        'every table listed',
        async () =>
          ((await api.call('GET', '/api/casino/table/getalltable', undefined, p1.token)).body.data?.length ?? 0) ===
          TABLES.length,
      );
      const socket = await openSocket({ url: gateway.url } as TestServer, p1.token);
      t.teardown(() => socket.close());
      socket.send('joinRoom', { matchId: `casino:${TABLE}` });
      const pushed = await eventually(
        'a casinoTable push',
        async () => socket.all('casinoTable').length > 0,
        30_000,
      ).then(() => socket.all('casinoTable')[0] as CasinoTableLive);
      t.equal(pushed.table._id, TABLE);
    });

    await t.test('a bet through the gateway is settled and paid once', async (t) => {
      const before = await profile();
      const mid = await betOnNextRound(2_000);
      await eventually(
        'the round settled',
        async () =>
          ((await api.call('GET', `/api/casino/rounds/${mid}`, undefined, p1.token)).body as CasinoRoundDetail)
            .status === 'settled',
        60_000,
      );
      const round: CasinoRoundDetail = (await api.call('GET', `/api/casino/rounds/${mid}`, undefined, p1.token)).body;
      const low = round.result!.markets.find((m) => m.sid === 1)!.outcome;
      const pnl = low === 'win' ? 1000 : low === 'half-lose' ? -500 : -1000;
      await eventually('the payout in the read model', async () => (await profile()).balance === before.balance + pnl);
      t.same(await profile(), { balance: before.balance + pnl, exposer: 0 }, `Low Card ${low}: ${pnl}`);
    });

    await t.test(
      'SIGKILL of the leader while betting: the new leader voids that round, the stake comes back, dealing goes on',
      async (t) => {
        const before = await profile();
        const mid = await betOnNextRound(5_000);
        await eventually('the stake reserved', async () => (await profile()).exposer === 1000);
        await leader.kill();
        await eventually(
          'engine-b to lead',
          async () => (await (await fetch(`${standby.url}/health`)).json()).role === 'leader',
          60_000,
        );
        await eventually(
          'the interrupted round voided',
          async () =>
            ((await api.call('GET', `/api/casino/rounds/${mid}`, undefined, p1.token)).body as CasinoRoundDetail)
              .status === 'void',
          60_000,
        );
        await eventually('the stake returned', async () => (await profile()).exposer === 0);
        t.same(await profile(), before, 'balance as before, no exposure');
        const mine = (await api.call('GET', `/api/casino/bets/mine?table=${TABLE}`, undefined, p1.token)).body.data as {
          game_round_id: string;
          status: string;
        }[];
        t.equal(mine.find((b) => b.game_round_id === mid)?.status, 'void', 'the bet shows as void');
        await eventually(
          'the new leader deals on',
          async () => (await live()).results.some((r) => r.mid > mid && r.win !== 'Void'),
          90_000,
        );
      },
    );

    await t.test("the ledger replays clean on the projector group's read models", async (t) => {
      const store = await openPostgresStore({ connectionString: env.databaseUrl });
      t.teardown(() => store.close());
      let report = await verifyLedger(store, { partitions: 4 });
      await eventually(
        'the read models to catch up',
        async () => (report = await verifyLedger(store, { partitions: 4 })).ok,
        30_000,
      ).catch(() => {});
      t.ok(
        report.ok,
        report.differences
          .slice(0, 5)
          .map((d) => d.message)
          .join('; ') || 'ledger OK',
      );
    });
  },
);
