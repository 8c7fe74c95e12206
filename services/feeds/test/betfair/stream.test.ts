import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import type { StatusMessage } from '../../src/betfair/protocol.js';
import { startEsaServer } from './esa-server.js';
import { definition, exchange, feedOn, image, M, markets, until } from './stream-setup.js';

t.test('a refused session: the status error is reported and no reconnect follows', async (t) => {
  const server = await startEsaServer();
  t.teardown(() => server.close());
  let refused: StatusMessage | null = null;
  const { feed } = await feedOn(server, { appKey: 'wrong', onFatal: (s) => (refused = s) });
  await until(() => refused !== null, 'the refusal');
  t.equal(refused!.errorCode, 'INVALID_SESSION_INFORMATION');
  await sleep(150);
  t.equal(server.connections, 1, 'not reconnected');
  feed.stop();
});

t.test(
  'segmented image, deltas, heartbeats, a dropped connection resubscribed from its clock: each change once',
  async (t) => {
    const server = await startEsaServer();
    t.teardown(() => server.close());
    const { feed, updates } = await feedOn(server);
    t.teardown(() => feed.stop());

    const first = await server.nextSubscription();
    t.same(first.request.marketFilter, { eventTypeIds: ['1'], marketTypes: ['MATCH_ODDS'] }, 'the filter as set');
    t.equal(first.request.conflateMs, 200, 'conflation asked for');
    t.equal(first.request.initialClk, undefined, 'a first subscription has no clock');
    const auth = server.requests.find((r) => r.op === 'authentication') as unknown as {
      appKey: string;
      session: string;
    };
    t.same([auth.appKey, auth.session], ['app-key', 'session-token']);

    // The image in three segments: nothing applies before SEG_END.
    first.connection.send({
      op: 'mcm',
      id: 2,
      pt: Date.now(),
      ct: 'SUB_IMAGE',
      segmentType: 'SEG_START',
      mc: [{ id: M, img: true, marketDefinition: definition('OPEN') }],
    });
    first.connection.send({
      op: 'mcm',
      id: 2,
      pt: Date.now(),
      ct: 'SUB_IMAGE',
      segmentType: 'SEG',
      mc: [{ id: M, rc: [{ id: 11, bdatb: [[0, 1.5, 10]], bdatl: [[0, 1.52, 20]] }] }],
    });
    await sleep(50);
    t.same(updates, [], 'nothing before the last segment');
    first.connection.send({
      op: 'mcm',
      id: 2,
      pt: Date.now(),
      ct: 'SUB_IMAGE',
      segmentType: 'SEG_END',
      initialClk: 'init-1',
      clk: 'c1',
      heartbeatMs: 500,
      conflateMs: 200,
      mc: [{ id: M, rc: [{ id: 12, bdatb: [[0, 3, 5]], bdatl: [[0, 3.1, 5]] }] }],
    });
    await until(() => exchange(updates, 12).length === 1, 'the image');
    t.equal(markets(updates).length, 1);
    t.same(exchange(updates, 11)[0]!.back, [{ price: 150, size: 1000 }]);

    // A conflated delta, then a heartbeat that carries only a clock.
    first.connection.send({
      op: 'mcm',
      id: 2,
      pt: Date.now(),
      clk: 'c2',
      mc: [{ id: M, con: true, rc: [{ id: 11, bdatb: [[0, 1.51, 7]] }] }],
    });
    first.connection.send({ op: 'mcm', id: 2, pt: Date.now(), ct: 'HEARTBEAT', clk: 'c3' });
    await until(() => exchange(updates, 11).length === 2, 'the delta');
    await sleep(30);
    first.connection.drop();

    const second = await server.nextSubscription();
    t.same([second.request.initialClk, second.request.clk], ['init-1', 'c3'], 'resubscribed from the last clock');
    // The server resends the last delta it is unsure of, then what was missed: the market closes.
    second.connection.send({
      op: 'mcm',
      id: 3,
      pt: Date.now(),
      ct: 'RESUB_DELTA',
      clk: 'c4',
      mc: [{ id: M, rc: [{ id: 11, bdatb: [[0, 1.51, 7]] }] }],
    });
    second.connection.send({
      op: 'mcm',
      id: 3,
      pt: Date.now(),
      clk: 'c5',
      mc: [{ id: M, marketDefinition: definition('CLOSED', 11) }],
    });
    await until(() => markets(updates).length === 2, 'the result');
    await sleep(30);
    t.same(
      exchange(updates, 11).map((u) => [u.status, u.back[0]?.price]),
      [
        ['ACTIVE', 150],
        ['ACTIVE', 151],
        ['SUSPENDED', 151],
      ],
      'each price and status once',
    );
    t.same(
      markets(updates).map((m) => [m.status, m.runners.map((r) => r.status)]),
      [
        ['OPEN', ['ACTIVE', 'ACTIVE']],
        ['CLOSED', ['WINNER', 'LOSER']],
      ],
      'the result once',
    );
    const h = feed.health.view();
    t.equal(h.reconnects, 1);
    t.equal(h.messages, 5, 'a three-segment image, a delta, a heartbeat, two after the reconnect');
    t.ok(h.lagMs !== null && h.lagMs < 5000);
  },
);

t.test('a stale stream suspends its markets until it is back', async (t) => {
  const server = await startEsaServer();
  t.teardown(() => server.close());
  const { feed, updates } = await feedOn(server, { staleMs: 150 });
  t.teardown(() => feed.stop());
  const first = await server.nextSubscription();
  first.connection.send(image('a'));
  // Then silence: no heartbeat within 150 ms.
  const second = await server.nextSubscription();
  t.equal(feed.health.view().stale, true);
  t.same(
    markets(updates).map((m) => m.status),
    ['OPEN', 'SUSPENDED'],
    'suspended while stale',
  );
  t.equal(exchange(updates, 11).at(-1)!.status, 'SUSPENDED');
  t.equal(second.request.clk, 'a');
  second.connection.send({ op: 'mcm', id: 3, pt: Date.now(), ct: 'HEARTBEAT', clk: 'b' });
  await until(() => markets(updates).length === 3, 'the return');
  t.equal(markets(updates).at(-1)!.status, 'OPEN');
  t.same(
    exchange(updates, 11).map((u) => u.status),
    ['ACTIVE', 'SUSPENDED', 'ACTIVE'],
  );
  t.equal(feed.health.view().stale, false);
});

t.test(
  "a change marked 503 (Betfair's stream runs late) suspends the markets until one comes without it",
  async (t) => {
    const server = await startEsaServer();
    t.teardown(() => server.close());
    const { feed, updates } = await feedOn(server);
    t.teardown(() => feed.stop());
    const sub = await server.nextSubscription();
    const image = { id: M, img: true, marketDefinition: definition('OPEN'), rc: [{ id: 11, bdatb: [[0, 2, 10]] }] };
    sub.connection.send({ op: 'mcm', id: 2, pt: Date.now(), ct: 'SUB_IMAGE', clk: 'a', mc: [image] });
    await until(() => markets(updates).length === 1, 'the image');
    sub.connection.send({
      op: 'mcm',
      id: 2,
      pt: Date.now(),
      clk: 'b',
      status: 503,
      mc: [{ id: M, rc: [{ id: 11, bdatb: [[0, 2.02, 10]] }] }],
    });
    await until(() => markets(updates).length === 2, 'the suspension');
    t.equal(markets(updates).at(-1)!.status, 'SUSPENDED');
    t.equal(exchange(updates, 11).at(-1)!.status, 'SUSPENDED', 'the late price is not offered');
    t.equal(feed.health.view().stale, true);
    sub.connection.send({ op: 'mcm', id: 2, pt: Date.now(), ct: 'HEARTBEAT', clk: 'c' });
    await until(() => markets(updates).length === 3, 'the return');
    t.equal(markets(updates).at(-1)!.status, 'OPEN');
    t.match(exchange(updates, 11).at(-1), { status: 'ACTIVE', back: [{ price: 202 }] });
    t.equal(feed.health.view().stale, false);
  },
);

t.test('a silent score stream reconnects without suspending the markets', async (t) => {
  const server = await startEsaServer();
  const scores = await startEsaServer();
  t.teardown(async () => {
    await server.close();
    await scores.close();
  });
  const { feed, updates } = await feedOn(server, { scores, heartbeatMs: 40, staleMs: 150 });
  t.teardown(() => feed.stop());
  const sub = await server.nextSubscription();
  await scores.nextSubscription();
  // The market stream keeps talking; the score stream says nothing and is renewed.
  const beat = setInterval(
    () => sub.connection.send({ op: 'mcm', id: 2, pt: Date.now(), ct: 'HEARTBEAT', clk: 'h' }),
    30,
  );
  t.teardown(() => clearInterval(beat));
  sub.connection.send({
    op: 'mcm',
    id: 2,
    pt: Date.now(),
    ct: 'SUB_IMAGE',
    clk: 'a',
    mc: [{ id: M, img: true, marketDefinition: definition('OPEN') }],
  });
  await scores.nextSubscription();
  t.same(
    markets(updates).map((m) => m.status),
    ['OPEN'],
    'never suspended',
  );
  t.equal(feed.health.view().stale, false);
});

t.test(
  'the cricket score stream: subscribed beside the markets, resubscribed from its clock, each score once',
  async (t) => {
    const server = await startEsaServer();
    const scores = await startEsaServer();
    t.teardown(async () => {
      await server.close();
      await scores.close();
    });
    const { feed, updates } = await feedOn(server, { scores, staleMs: 5000 });
    t.teardown(() => feed.stop());
    t.equal((await server.nextSubscription()).request.op, 'marketSubscription');
    const first = await scores.nextSubscription();
    t.equal(first.request.op, 'cricketSubscription');
    const change = (runs: number, overs: string) => ({
      eventId: '900',
      matchStats: {
        currentInnings: 1,
        inningsStats: [
          { inningsNum: 1, battingTeam: 'India', inningsRuns: runs, inningsOvers: overs, inningsWickets: 1 },
        ],
      },
    });
    first.connection.send({
      op: 'ccm',
      pt: Date.now(),
      ct: 'SUB_IMAGE',
      initialClk: 'x',
      clk: 's1',
      cc: [change(10, '2.1')],
    });
    await until(() => updates.some((u) => u.type === 'score'), 'the first score');
    first.connection.drop();
    const second = await scores.nextSubscription();
    t.same([second.request.initialClk, second.request.clk], ['x', 's1']);
    second.connection.send({ op: 'ccm', pt: Date.now(), ct: 'RESUB_DELTA', clk: 's2', cc: [change(10, '2.1')] });
    second.connection.send({ op: 'ccm', pt: Date.now(), clk: 's3', cc: [change(14, '2.2')] });
    await until(() => updates.filter((u) => u.type === 'score').length === 2, 'the next score');
    await sleep(30);
    t.same(
      updates.filter((u) => u.type === 'score').map((u) => (u.type === 'score' ? [u.matchId, u.runs, u.balls] : null)),
      [
        ['bf-900', 10, 13],
        ['bf-900', 14, 14],
      ],
    );
  },
);

t.test('a quiet connection is asked for a heartbeat; its answer does not keep stale prices open', async (t) => {
  const server = await startEsaServer();
  t.teardown(() => server.close());
  const { feed, updates } = await feedOn(server, { heartbeatMs: 40, staleMs: 300 });
  t.teardown(() => feed.stop());
  const first = await server.nextSubscription();
  t.equal(first.request.heartbeatMs, 40, 'the interval asked of the server');
  first.connection.send({
    op: 'mcm',
    id: 2,
    pt: Date.now(),
    ct: 'SUB_IMAGE',
    clk: 'a',
    mc: [{ id: M, img: true, marketDefinition: definition('OPEN') }],
  });
  await until(() => server.requests.some((r) => r.op === 'heartbeat'), 'a heartbeat request');
  await until(() => feed.health.view().stale, 'staleness despite the heartbeat answers');
  t.equal(markets(updates).at(-1)!.status, 'SUSPENDED');
});

t.test(
  'a clock the server no longer knows (INVALID_CLOCK): the next subscription starts from a full image',
  async (t) => {
    const server = await startEsaServer();
    t.teardown(() => server.close());
    const { feed } = await feedOn(server);
    t.teardown(() => feed.stop());
    const first = await server.nextSubscription();
    first.connection.send({ op: 'mcm', id: 2, pt: Date.now(), ct: 'SUB_IMAGE', initialClk: 'i', clk: 'a', mc: [] });
    await until(() => feed.health.view().messages === 1, 'the image');
    first.connection.drop();
    const second = await server.nextSubscription();
    t.equal(second.request.clk, 'a');
    second.connection.send({
      op: 'status',
      id: 2,
      statusCode: 'FAILURE',
      errorCode: 'INVALID_CLOCK',
      errorMessage: 'clock too old',
      connectionClosed: true,
    });
    const third = await server.nextSubscription();
    t.same([third.request.initialClk, third.request.clk], [undefined, undefined]);
    t.equal(server.connections, 3, 'reconnected, not stopped');
  },
);
