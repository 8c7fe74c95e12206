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
 */
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import t from 'tap';
import pg from 'pg';
import WebSocket from 'ws';
import { EVENTS_TOPIC, type MatchDetail } from '@exch/contracts';
import { connectKafka } from '@exch/kafka';
import { FEED_TOPIC, PUSHES_TOPIC } from '@exch/server';
import { caller } from '../helpers/api.js';
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

    await t.test(
      'payments and shares across gateways: a deposit sent to gateway 1 is seen, shown and approved on gateway 2; the balance is pushed on gateway 1; a share set on one gateway is read on the other',
      async (t) => {
        const p = players[1]!;
        const live = await openSocket({ url: g1.url } as TestServer, p.token);
        t.teardown(() => live.close());
        const png = new Uint8Array([
          0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
        ]);
        const form = new FormData();
        for (const [k, v] of Object.entries({ amount: '1234', accountType: 'upi', utrno: '987654321012' }))
          form.append(k, v);
        form.append('imageUrl', new Blob([png], { type: 'image/png' }), 'paid.png');
        const sent = await fetch(`${g1.url}/api/payments/deposits`, {
          method: 'POST',
          headers: { authorization: `Bearer ${p.token}` },
          body: form,
        });
        t.equal(sent.status, 201, 'the deposit request through gateway 1');
        const id = ((await sent.json()) as { data: { _id: string } }).data._id;
        const agent = (await api2.login('agent1', true)).body.token as string;
        await eventually('the request listed on gateway 2', async () =>
          (
            (await api2.call('GET', '/api/admin/payment-requests?type=deposit', undefined, agent)).body.data as {
              _id: string;
            }[]
          ).some((r) => r._id === id),
        );
        const shot = await fetch(`${g2.url}/api/payments/requests/${id}/screenshot`, {
          headers: { authorization: `Bearer ${agent}` },
        });
        t.equal(shot.status, 200, 'the screenshot, stored through gateway 1, is served by gateway 2');
        t.same(new Uint8Array(await shot.arrayBuffer()), png);
        const before = (await api1.call('GET', '/api/users/profile', undefined, p.token)).body.balance
          .balance as number;
        t.match(
          await api2.call(
            'POST',
            `/api/admin/payment-requests/${id}/approve`,
            { transactionPassword: 'Txn@1234' },
            agent,
          ),
          { status: 200, body: { message: 'Deposit approved' } },
        );
        t.match(
          await live.next('balance', (d) => d.balance === before + 1234),
          { balance: before + 1234 },
          'the new balance pushed to the player on gateway 1',
        );

        t.match(
          await api2.call(
            'PUT',
            '/api/users/dealer1/partnership',
            { share: 35, transactionPassword: 'Txn@1234' },
            agent,
          ),
          { status: 200, body: { share: 35 } },
        );
        const agentOn1 = (await api1.login('agent1', true)).body.token as string;
        await eventually('the share read on gateway 1', async () =>
          (
            (await api1.call('GET', '/api/partnership', undefined, agentOn1)).body.data as {
              username: string;
              share: number;
            }[]
          ).some((r) => r.username === 'dealer1' && r.share === 35),
        );
        t.pass('dealer1 holds 35% on gateway 1 too');
      },
    );

    await t.test(
      "the lobby's prices reach a socket on either gateway, and match streams set on one are read on the other",
      async (t) => {
        const p = players[0]!;
        const live = await openSocket({ url: g2.url } as TestServer, p.token);
        t.teardown(() => live.close());
        live.send('joinRoom', { matchId: 'lobby' });
        await live.next('joined', (d) => d.matchId === 'lobby');
        const pushed = await live.next('lobbyPrices', (d) => typeof d.matchId === 'string' && Array.isArray(d.runners));
        t.ok(pushed.runners.length > 0, `lobbyPrices of ${pushed.matchId} on gateway 2, from the leader's feed`);

        const admin = (await api1.login('admin', true)).body.token as string;
        const urls = { tvUrl: 'https://tv.example.com/live/101', scoreUrl: 'https://tv.example.com/score/101' };
        t.match(await api1.call('PUT', '/api/admin/matches/sim-101/streams', urls, admin), {
          status: 200,
          body: { message: 'Streams saved' },
        });
        t.match(
          await api1.call(
            'PUT',
            '/api/admin/matches/sim-101/streams',
            { tvUrl: 'https://elsewhere.example/tv', scoreUrl: null },
            admin,
          ),
          { status: 400 },
          'an origin outside FRAME_ORIGINS is refused on every gateway',
        );
        const adminOn2 = (await api2.login('admin', true)).body.token as string;
        await eventually('the streams read on gateway 2', async () => {
          const r = (await api2.call('GET', '/api/admin/matches/sim-101/streams', undefined, adminOn2)).body as {
            tv: string | null;
            score: string | null;
          };
          return r.tv === urls.tvUrl && r.score === urls.scoreUrl;
        });
        t.pass('gateway 2 reads the URLs set through gateway 1');
      },
    );

    // Last: it ends player3's sessions, which the earlier tests use.
    await t.test(
      'a logout and an account lock through gateway 1 end the sessions on gateway 2, sockets and requests',
      async (t) => {
        const ended = async (token: string, end: () => Promise<unknown>) => {
          const ws = new WebSocket(g2.url.replace('http', 'ws') + '/ws');
          const frames: { event: string }[] = [];
          ws.on('message', (m) => frames.push(JSON.parse(m.toString())));
          const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
          await new Promise((r) => ws.once('open', r));
          ws.send(JSON.stringify({ event: 'login', data: { token } }));
          await eventually(
            'the socket on gateway 2 to log in',
            async () => frames.some((f) => f.event === 'loginSuccess'),
            10_000,
          );
          await end();
          // Unref'd: the ceiling must not keep the file's process alive after its last test.
          const code = await Promise.race([
            closed,
            new Promise<null>((r) => setTimeout(() => r(null), 10_000).unref()),
          ]);
          return { code, last: frames.at(-1)?.event };
        };
        const mine = (await api2.login('player3')).body;
        t.same(
          await ended(mine.token, () => api1.call('POST', '/api/auth/logout', undefined, mine.token)),
          { code: 4001, last: 'sessionEnded' },
          'logout: gateway 2 closed the socket with a reason frame',
        );
        await eventually(
          'gateway 2 to refuse the ended session',
          async () => (await api2.call('GET', '/api/users/profile', undefined, mine.token)).status === 401,
          5_000,
        );

        const locked = (await api2.login('player3')).body;
        const agent = (await api1.login('agent1', true)).body.token as string;
        const lock = (accountLocked: boolean) =>
          api1.call(
            'PUT',
            `/api/users/${locked.user._id}/lock`,
            { accountLocked, transactionPassword: 'Txn@1234' },
            agent,
          );
        t.same(
          await ended(locked.token, () => lock(true)),
          { code: 4001, last: 'sessionEnded' },
          'lock: gateway 2 closed the socket',
        );
        t.equal(
          (await api2.call('GET', '/api/users/profile', undefined, locked.token)).status,
          401,
          'and refuses its next request',
        );
        t.equal((await lock(false)).status, 200);
      },
    );

    await t.test("one account's burst of bet instructions spread over both gateways spends one bucket", async (t) => {
      const p = (await api1.login('player2')).body;
      // player2's own bet, matched: each cancel of it reaches the engine, which refuses it (nothing
      // unmatched) and so costs a token; a cancel the gateway answers itself (an unknown bet) costs none.
      const placed = await backOnFreshPrices(p.token, p.user._id);
      t.equal(placed.status, 200, JSON.stringify(placed.body));
      const betId = placed.body.bet_id as string;
      const cancel = (g: Member) =>
        fetch(`${g.url}/api/bets/${betId}/status`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
          body: JSON.stringify({ status: 'cancelled' }),
        }).then(async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.json() }));
      // Each gateway reads the bet from its read models: until they hold it, a cancel is answered 404 there.
      for (const g of [g1, g2])
        await eventually(`the bet readable through ${g.url}`, async () => (await cancel(g)).status !== 404);
      // Together 1.3 bursts, each gateway alone under one.
      const PER_GATEWAY = Math.round(BET_BURST * 0.65);
      const refusals: string[] = [];
      const started = Date.now();
      const answers = await Promise.all(
        [g1, g2].map(async (g) => {
          const statuses: number[] = [];
          const worker = async () => {
            while (statuses.length < PER_GATEWAY) {
              const r = await cancel(g);
              statuses.push(r.status);
              if (r.status === 429) refusals.push(`${r.retryAfter} ${r.body.code}`);
            }
          };
          await Promise.all(Array.from({ length: 8 }, worker));
          return statuses;
        }),
      );
      const seconds = (Date.now() - started) / 1000;
      const all = answers.flat();
      const passed = all.filter((s) => s !== 429).length;
      t.comment(
        `${all.length} cancels in ${seconds.toFixed(1)} s: ${passed} passed the limit, ${all.length - passed} refused`,
      );
      t.ok(
        all.every((s) => s === 400 || s === 429 || s === 200),
        `only the engine's answers and 429s: ${[...new Set(all)].sort()}`,
      );
      t.ok(all.filter((s) => s === 200).length <= 1, 'at most the first cancel took anything (a rest left unmatched)');
      t.ok(
        answers.every((a) => a.length < BET_BURST),
        `each gateway alone saw fewer than the burst of ${BET_BURST}`,
      );
      t.ok(passed <= BET_BURST + Math.ceil(seconds * BET_RATE) + 1, 'no more passed than one bucket holds and refills');
      t.ok(all.length - passed > 0, 'yet some were refused: the gateways share the bucket');
      t.ok(
        refusals.every((r) => /^[1-9]\d* TOO_MANY_BET_INSTRUCTIONS$/.test(r)),
        'each refusal with its Retry-After',
      );
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
