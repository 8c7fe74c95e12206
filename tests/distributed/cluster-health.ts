/**
 * cluster.test.ts's last part, on its cluster (a cluster start is half a minute): /health that
 * tells the truth fast (docs/distributed.md, "Health"), and no consumer group left behind.
 *
 * - A gateway stopped leaves no consumer group; one killed leaves groups without offsets.
 * - With the relay stopped, /health shows the relay's and every read model's lag growing as bets
 *   are placed; a new relay drains it.
 * - With the broker killed, every process's /health answers within a second, degraded with a Kafka
 *   reason, while bets are still accepted; once the broker is back, reads catch up (the times are
 *   logged, not asserted: the documented ones are measured on a quiet machine).
 */
import type { Test } from 'tap';
import type { MatchDetail, ReadSideHealth } from '@exch/contracts';
import { connectKafka } from '@exch/kafka';
import { FEED_TOPIC, PUSHES_TOPIC } from '@exch/server';
import { eventually, startMember, type ClusterEnv, type Member } from '../helpers/cluster.js';
import { betBody, best } from '../helpers/exchange.js';
import type { ThrowawayKafka } from '../helpers/kafka.js';

const MO = 'sim-101.mo';
const silentBus = { info() {}, warn() {}, error() {}, debug() {} };

export interface HealthCluster {
  env: ClusterEnv;
  kafka: ThrowawayKafka;
  member: (...a: Parameters<typeof startMember>) => Promise<Member>;
  gateways: Member[];
  relay: Member;
  /** Every other process running: the engine leader and the projectors. */
  others: Member[];
  player: { token: string; userId: string };
}

/** /health, which must answer within a second: the fetch is abandoned after one. */
const health = async <T = ReadSideHealth>(m: Member): Promise<T> =>
  (await fetch(`${m.url}/health`, { signal: AbortSignal.timeout(1_000) })).json() as Promise<T>;

/** ₹100 backed through a gateway, without a read token (a read after it must not wait for the read side); its bet id. */
async function placeBet(g: Member, player: HealthCluster['player']): Promise<string> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${player.token}` };
  for (let attempt = 0; ; attempt++) {
    const detail = (await (await fetch(`${g.url}/api/matches/sim-101`, { headers })).json()) as MatchDetail;
    const sid = detail.markets.find((m) => m.marketId === MO)!.section[0]!.sid;
    const body = betBody(detail, MO, sid, 'back', best(detail, MO, sid, 'back').odds, 100, player.userId);
    const r = await fetch(`${g.url}/api/bets`, { method: 'POST', headers, body: JSON.stringify(body) });
    const answer = (await r.json()) as { bet_id?: string; code?: string };
    if (r.status === 200) return answer.bet_id!;
    // The simulated feed suspends the market now and then: bet again on fresh prices.
    if (!/MARKET_SUSPENDED|BALL_RUNNING/.test(answer.code ?? '') || attempt > 30)
      throw new Error(`bet refused: ${r.status} ${JSON.stringify(answer)}`);
    await new Promise((res) => setTimeout(res, 300));
  }
}

const caughtUp = (h: ReadSideHealth) =>
  h.relay?.lag === 0 && h.projections.length > 0 && h.projections.every((p) => p.lag === 0);

export async function healthTests(t: Test, c: HealthCluster): Promise<void> {
  const [g1, g2] = c.gateways as [Member, Member];

  await t.test('a gateway stopped leaves no consumer group; one killed leaves groups without offsets', async (t) => {
    const admin = connectKafka({ brokers: c.env.kafkaBrokers, clientId: 'health-test', log: silentBus }).admin();
    await admin.connect();
    t.teardown(() => admin.disconnect());
    const groupsOf = async (instance: string) =>
      (await admin.listGroups()).groups
        .map((g) => g.groupId)
        .filter((id) => id.startsWith(`pushes.${instance}.`) || id.startsWith(`feed.${instance}.`))
        .sort();

    const stopped = await startMember(c.env, 'gateway', 'gateway-restarted');
    t.equal(
      (await groupsOf('gateway-restarted')).length,
      2,
      'a gateway reads pushes and the feed in groups of its own',
    );
    await stopped.stop();
    t.same(await groupsOf('gateway-restarted'), [], 'both deleted when it stopped');

    const killed = await startMember(c.env, 'gateway', 'gateway-killed');
    await killed.kill();
    const left = await groupsOf('gateway-killed');
    t.equal(left.length, 2, 'a killed gateway could not delete its groups');
    for (const [groupId, topic] of [
      [left.find((g) => g.startsWith('pushes.'))!, PUSHES_TOPIC],
      [left.find((g) => g.startsWith('feed.'))!, FEED_TOPIC],
    ] as const) {
      const offsets = (await admin.fetchOffsets({ groupId, topics: [topic] })).flatMap((o) => o.partitions);
      t.ok(
        offsets.every((p) => p.offset === '-1'),
        `${groupId} committed no offset, so the broker removes it once it is empty`,
      );
    }
  });

  let relay = c.relay;
  await t.test('with the relay stopped, /health shows the lag growing as bets are placed', async (t) => {
    await eventually('the read side caught up', async () => caughtUp(await health(g1)));
    await relay.stop();
    const before = await health(g1);
    const bets = [await placeBet(g1, c.player), await placeBet(g2, c.player)];
    const after = await health(g1);
    t.comment(`head ${before.head} -> ${after.head}; relay lag ${before.relay?.lag} -> ${after.relay?.lag}`);
    t.ok(after.head! >= before.head! + bets.length, 'the log grew by the bets');
    t.equal(after.relay!.lag, after.head! - after.relay!.position, "the relay's lag: the head less its position");
    t.ok(after.relay!.lag >= bets.length, 'and it grew by the bets');
    t.ok(
      after.projections.every((p) => p.lag >= after.relay!.lag),
      'every read model lags at least as much: what the relay has not published is not folded',
    );
    t.match(await health(g2), { status: 'ok', relay: { lag: after.relay!.lag } }, 'the other gateway says the same');

    relay = await c.member(c.env, 'relay', 'relay-2');
    await eventually('a new relay to drain the lag', async () => caughtUp(await health(g1)));
    t.pass('a new relay drained it');
  });

  await t.test(
    'with the broker killed, every /health answers within a second, degraded; reads catch up after',
    async (t) => {
      await c.kafka.kill();
      for (const m of [...c.gateways, relay, ...c.others]) {
        const started = performance.now();
        const h = await health<{ status: string; reasons: string[] }>(m);
        t.comment(
          `${m.role} on ${m.port}: ${h.status} ${JSON.stringify(h.reasons)} in ${Math.round(performance.now() - started)} ms`,
        );
        t.equal(h.status, 'degraded', `the ${m.role} on ${m.port} answered, degraded`);
        t.ok(
          h.reasons.some((r) => r.startsWith('kafka: ')),
          'with a Kafka reason',
        );
      }
      const bets = [await placeBet(g1, c.player), await placeBet(g2, c.player)];
      t.pass('bets are still accepted');
      const during = await health(g1);
      t.ok(during.relay!.lag >= bets.length, `the relay's lag grows while the broker is away (${during.relay!.lag})`);

      await c.kafka.restart();
      const back = performance.now();
      const since = () => `${Math.round(performance.now() - back)} ms`;
      await eventually('the relay to publish again', async () => (await health(g1)).relay?.lag === 0, 60_000);
      t.comment(`the relay had published everything ${since()} after the broker listened again`);
      const headers = { authorization: `Bearer ${c.player.token}` };
      await eventually(
        "the outage's bets in the player's bet history on gateway 2",
        async () => {
          const page = (await (await fetch(`${g2.url}/api/bets/mine?limit=100`, { headers })).json()) as {
            data: { _id: string }[];
          };
          return bets.every((id) => page.data.some((b) => b._id === id));
        },
        60_000,
      );
      t.comment(`reads caught up ${since()} after the broker listened again`);
      await eventually(
        'every read model to catch up and the gateways to be ok',
        async () => {
          const hs = await Promise.all(c.gateways.map((g) => health(g)));
          return hs.every((h) => h.status === 'ok' && caughtUp(h));
        },
        60_000,
      );
      t.comment(`every read model caught up and both gateways ok ${since()} after the broker listened again`);
    },
  );
}
