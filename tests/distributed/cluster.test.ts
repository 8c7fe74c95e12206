/**
 * Distributed mode end to end, every part a real process on real PostgreSQL and Kafka: an engine
 * leader and a standby, the relay, two projectors, two gateways.
 *
 * - A bet placed through one gateway reaches the player's websocket on the other gateway
 *   (the push travels engine -> log -> relay -> Kafka -> projector -> Kafka -> gateway).
 * - The leader is killed (SIGKILL) under a stream of bets: the standby takes over, the gateways
 *   find it by themselves, every acknowledged bet is in the log and the read model exactly once.
 * - A deposit sent to one gateway is listed, its screenshot served and approved on the other, and
 *   the new balance pushed back; a partnership share set on one gateway is read on the other.
 * - The lobby's prices reach a socket on either gateway; match streams set on one are read on the other.
 * - A logout and an account lock end the sessions on the other gateway too.
 * - One account's bet instructions sent to both gateways at once spend one rate-limit bucket.
 * - /health with the relay stopped and with the broker killed, and consumer groups (cluster-health.ts).
 *
 * The sub-tests on what the gateways share are in cluster-gateways.ts, those on health in cluster-health.ts.
 */
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import t from 'tap';
import pg from 'pg';
import { EVENTS_TOPIC, type MatchDetail } from '@exch/contracts';
import { connectKafka } from '@exch/kafka';
import { FEED_TOPIC, PUSHES_TOPIC } from '@exch/server';
import { caller } from '../helpers/api.js';
import { acrossGatewaysTests } from './cluster-gateways.js';
import { healthTests } from './cluster-health.js';
import { eventually, newEngineSecret, startMember, type ClusterEnv, type Member } from '../helpers/cluster.js';
import { betBody, best, openSocket } from '../helpers/exchange.js';
import { kafkaSkip, startKafka } from '../helpers/kafka.js';
import { pgSkip, startPostgres } from '../helpers/postgres.js';
import type { TestServer } from '../helpers/server.js';

const skip = pgSkip() || kafkaSkip();
const MO = 'sim-101.mo';
const BET_BURST = 200;
const BET_RATE = 5;
const silentBus = { info() {}, warn() {}, error() {}, debug() {} };

t.test(
  'distributed mode: pushes across gateways and engine failover under load',
  { skip, timeout: 600_000 },
  async (t) => {
    const [pgServer, kafkaServer] = await Promise.all([startPostgres(), startKafka()]);
    const env: ClusterEnv = {
      databaseUrl: pgServer.connectionString,
      kafkaBrokers: kafkaServer.brokers,
      logDir: mkdtempSync(join(tmpdir(), 'exch-cluster-')),
      engineSecret: newEngineSecret(),
    };
    t.comment(`process logs in ${env.logDir}`);
    const db = new pg.Pool({ connectionString: env.databaseUrl, max: 2 });
    const started: Member[] = [];
    t.teardown(async () => {
      await Promise.all(started.map((m) => m.kill()));
      await db.end();
      await Promise.all([pgServer.stop(), kafkaServer.stop()]);
    });
    const feed = { FEED: 'simulator', FEED_SEED: '7', FEED_TICK_MS: '300' };
    const member = async (...a: Parameters<typeof startMember>) => {
      const m = await startMember(...a);
      started.push(m);
      return m;
    };
    const leader = await member(env, 'engine', 'engine-a', { ...feed, SEED_DEMO: '1' });
    await eventually(
      'engine-a to lead',
      async () => (await (await fetch(`${leader.url}/health`)).json()).role === 'leader',
    );
    const standby = await member(env, 'engine', 'engine-b', feed);
    const relay = await member(env, 'relay', 'relay');
    const projector1 = await member(env, 'projector', 'projector-1', {}, ['--name', 'all']);
    const projector2 = await member(env, 'projector', 'projector-2', {}, ['--name', 'all']);
    // A burst the failover test's bets (and their retries) stay within; the last test spends it over both gateways.
    const frames = {
      FRAME_ORIGINS: 'https://tv.example.com',
      BET_LIMIT_BURST: String(BET_BURST),
      BET_LIMIT_PER_SECOND: String(BET_RATE),
    };
    const g1 = await member(env, 'gateway', 'gateway-1', frames);
    const g2 = await member(env, 'gateway', 'gateway-2', frames);
    t.equal(
      (await (await fetch(`${standby.url}/health`)).json()).role,
      'standby',
      'the second engine waits as a standby',
    );

    const api1 = caller({ url: g1.url } as TestServer);
    const api2 = caller({ url: g2.url } as TestServer);
    await eventually('the demo accounts in the read models', async () => (await api1.login('player1')).status === 200);
    const players = await Promise.all(
      ['player1', 'player2', 'player3'].map(async (u) => {
        const r = await api1.login(u);
        return { token: r.body.token as string, userId: r.body.user._id as string };
      }),
    );
    let detail!: MatchDetail;
    await eventually('live prices on the gateway (from the feed topic)', async () => {
      const r = await api1.call('GET', '/api/matches/sim-101', undefined, players[0]!.token);
      detail = r.body;
      return (
        r.status === 200 &&
        detail.markets.some(
          (m) =>
            m.marketId === MO &&
            m.section.some((s) => s.odds.some((o) => o.otype === 'back' && o.tno === 0 && o.odds > 0)),
        )
      );
    });

    /** ₹100 backed on the match odds' first runner through gateway 1; the simulated feed suspends runners now and then, so again on fresh prices until one is taken. */
    const backOnFreshPrices = async (token: string, userId: string) => {
      const sid = detail.markets.find((m) => m.marketId === MO)!.section[0]!.sid;
      let r = { status: 0, body: {} as any };
      for (let attempt = 0; attempt < 30 && r.status !== 200; attempt++) {
        if (attempt > 0) await new Promise((res) => setTimeout(res, 300));
        const fresh = (await api1.call('GET', '/api/matches/sim-101', undefined, token)).body as MatchDetail;
        r = await api1.call(
          'POST',
          '/api/bets',
          betBody(fresh, MO, sid, 'back', best(fresh, MO, sid, 'back').odds, 100, userId),
          token,
        );
        if (r.status !== 200 && r.body.code !== 'MARKET_SUSPENDED') break;
      }
      return r;
    };

    await t.test('the feed and push topics keep ten minutes, the event topic everything', async (t) => {
      const kafka = connectKafka({ brokers: env.kafkaBrokers, clientId: 'cluster-test', log: silentBus });
      const admin = kafka.admin();
      await admin.connect();
      t.teardown(() => admin.disconnect());
      // 2 is ConfigResourceTypes.TOPIC.
      const { resources } = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [EVENTS_TOPIC, FEED_TOPIC, PUSHES_TOPIC].map((name) => ({ type: 2, name })),
      });
      const config = (topic: string, name: string) =>
        resources.find((r) => r.resourceName === topic)?.configEntries.find((e) => e.configName === name)?.configValue;
      t.equal(config(EVENTS_TOPIC, 'retention.ms'), '-1');
      t.equal(config(FEED_TOPIC, 'retention.ms'), '600000');
      t.equal(
        config(FEED_TOPIC, 'max.message.bytes'),
        String(64 * 1024 * 1024),
        "a large catalogue's whole state fits",
      );
      t.equal(config(PUSHES_TOPIC, 'retention.ms'), '600000');
    });

    await t.test('a bet through gateway 1 is pushed to the player on gateway 2', async (t) => {
      const p = players[0]!;
      const live = await openSocket({ url: g2.url } as TestServer, p.token);
      t.teardown(() => live.close());
      const r = await backOnFreshPrices(p.token, p.userId);
      t.equal(r.status, 200, JSON.stringify(r.body));
      const pushed = await live.next('placedBet', (d) => d.bet._id === r.body.bet_id);
      t.equal(pushed.bet._id, r.body.bet_id, 'placedBet arrived on the other gateway');
      t.ok(live.all('balance').length > 0 || (await live.next('balance')), 'and the new balance with it');
    });

    await t.test('every process serves Prometheus metrics', async (t) => {
      const metrics = async (m: Member) => (await fetch(`${m.url}/metrics`)).text();
      t.match(
        await metrics(leader),
        /engine_leader\{role="engine",instance="engine-a"\} 1/,
        'the leader says it leads',
      );
      t.match(
        await metrics(standby),
        /engine_leader\{role="engine",instance="engine-b"\} 0/,
        'the standby says it does not',
      );
      t.match(
        await metrics(leader),
        /engine_commit_seconds_count\{role="engine",instance="engine-a"\} [1-9]/,
        'commit latency',
      );
      t.match(await metrics(leader), /engine_queue_depth\{/, 'queue depth');
      t.match(await metrics(relay), /relay_position\{role="relay",instance="relay"\} [1-9]/, 'relay position');
      const projector = await metrics(projector1);
      t.match(
        projector,
        /projector_lag\{projection="users",role="projector",instance="projector-1"\} \d+/,
        "lag per read model, the group's",
      );
      const head = ((await (await fetch(`${g1.url}/health`)).json()) as { head: number }).head;
      const loaded = Number(
        /engine_log_position\{role="engine",instance="engine-b"\} (\d+)/.exec(await metrics(standby))?.[1],
      );
      t.ok(loaded > 0 && loaded <= head, `the standby has loaded the log to ${loaded} (head ${head})`);
      t.match(
        await (await fetch(`${standby.url}/health`)).json(),
        { role: 'standby', position: Number, head: Number, status: 'ok' },
        'and says so on /health',
      );
      t.match(projector, /projector_events_applied_total\{/, 'events applied');
      t.match(
        await metrics(g2),
        /gateway_websocket_clients\{role="gateway",instance="gateway-2"\} \d+/,
        'websocket clients',
      );
    });

    await t.test('killing the leader under a stream of bets loses and doubles nothing', async (t) => {
      const sid = detail.markets.find((m) => m.marketId === MO)!.section[0]!.sid;
      const acknowledged: string[] = [];
      const refused: string[] = [];
      let retries = 0;
      let suspended = 0;
      let killedAt = 0;
      let firstAfterKill = 0;
      // A hundred bets, twenty at a time: each waits out the in-play delay, so more workers, not more bets each, shorten the stream.
      const WORKERS = 20;
      const PER_WORKER = 5;
      const worker = async (w: number) => {
        const p = players[w % players.length]!;
        const api = w % 2 === 0 ? api1 : api2;
        for (let i = 0; i < PER_WORKER; i++) {
          // A new key after a refusal (that bet is answered for good); the same key while the engine cannot answer.
          let attempt = 0;
          for (;;) {
            const key = `failover-${w}-${i}-${attempt}`;
            const fresh = (await api.call('GET', '/api/matches/sim-101', undefined, p.token)).body as MatchDetail;
            const body = betBody(fresh, MO, sid, 'back', best(fresh, MO, sid, 'back').odds, 100, p.userId);
            const r = await fetch(`${api === api1 ? g1.url : g2.url}/api/bets`, {
              method: 'POST',
              body: JSON.stringify(body),
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${p.token}`,
                'idempotency-key': key,
              },
            }).catch(() => null);
            if (r?.status === 200) {
              acknowledged.push(((await r.json()) as { bet_id: string }).bet_id);
              if (killedAt && !firstAfterKill) firstAfterKill = Date.now();
              break;
            }
            if (r && r.status >= 400 && r.status < 500) {
              const answer = JSON.stringify(await r.json());
              // The simulated feed suspends the market now and then: that bet is refused, and the player bets again on fresh prices.
              if (/MARKET_SUSPENDED|BALL_RUNNING/.test(answer) && attempt < 200) {
                suspended++;
                attempt++;
                await new Promise((res) => setTimeout(res, 200));
                continue;
              }
              refused.push(`${r.status} ${answer}`);
              break;
            }
            retries++;
            await new Promise((res) => setTimeout(res, 200));
          }
        }
      };
      const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
      await eventually('some bets before the kill', async () => acknowledged.length >= 20, 60_000);
      // The takeover alone, from the SIGKILL to the new leader's endpoint announced where gateways look
      // it up; the first bet after the kill also waits out the match's in-play delay again.
      const { rows: was } = await db.query<{ epoch: string }>('select epoch from engine_leader');
      const killSent = Date.now();
      const announced = (async () => {
        while (Date.now() - killSent < 60_000) {
          const { rows } = await db.query<{ epoch: string }>('select epoch from engine_leader');
          if (rows[0]!.epoch !== was[0]!.epoch) return Date.now() - killSent;
          await new Promise((res) => setTimeout(res, 10));
        }
        return null;
      })();
      await leader.kill();
      killedAt = Date.now();
      t.comment(`leader killed after ${acknowledged.length} acknowledged bets`);
      await load;
      t.comment(
        `${acknowledged.length} acknowledged, ${refused.length} refused, ${suspended} placed again after a suspension, ${retries} retries during the failover`,
      );
      for (const reason of new Set(refused)) t.comment(`refused: ${reason}`);
      t.equal(acknowledged.length + refused.length, WORKERS * PER_WORKER, 'every bet got an answer');
      t.same(refused, [], "no refusal but the feed's suspensions, and those were placed again");
      t.comment(`the standby announced itself leader ${await announced} ms after the SIGKILL`);
      t.comment(`first bet acknowledged ${firstAfterKill - killedAt} ms after the kill (a 2 s in-play delay included)`);
      t.equal((await (await fetch(`${standby.url}/health`)).json()).role, 'leader', 'the standby leads now');

      const { rows: placed } = await db.query<{ bet_id: string; n: string }>(
        `select data->>'betId' as bet_id, count(*) as n from events where type = 'BetPlaced' and data->>'betId' = any($1::text[]) group by 1`,
        [acknowledged],
      );
      t.equal(placed.length, acknowledged.length, 'every acknowledged bet is in the log');
      t.ok(
        placed.every((r) => Number(r.n) === 1),
        'none twice',
      );
      t.equal(new Set(acknowledged).size, acknowledged.length, 'no bet id answered twice');
      await eventually('the read model to hold them', async () => {
        const { rows } = await db.query<{ n: string }>(
          `select count(*) as n from rm_bets where bet_id = any($1::text[])`,
          [acknowledged],
        );
        return Number(rows[0]!.n) === acknowledged.length;
      });
      t.pass('every acknowledged bet is in the bets read model');
    });

    await acrossGatewaysTests(t, {
      g1,
      g2,
      api1,
      api2,
      players,
      backOnFreshPrices,
      betBurst: BET_BURST,
      betRate: BET_RATE,
    });

    // Last: they stop the relay and kill the broker.
    await healthTests(t, {
      env,
      kafka: kafkaServer,
      member,
      gateways: [g1, g2],
      relay,
      others: [standby, projector1, projector2],
      player: players[0]!,
    });
  },
);
