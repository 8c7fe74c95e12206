/**
 * A stream that stops or is refused suspends every market it feeds, saying why (docs/feeds.md,
 * "Stale rule"), until it speaks again.
 */
import t from 'tap';
import { startEsaServer } from './esa-server.js';
import { exchange, feedOn, image, markets, until } from './stream-setup.js';

t.test('a login refused on reconnecting (the session expired): the markets stay suspended, saying why', async (t) => {
  const server = await startEsaServer();
  t.teardown(() => server.close());
  const { feed, updates } = await feedOn(server);
  t.teardown(() => feed.stop());
  const first = await server.nextSubscription();
  first.connection.send(image('a'));
  await until(() => markets(updates).length === 1, 'the image');
  t.equal(markets(updates)[0]!.status, 'OPEN');

  server.expireSession();
  first.connection.drop();
  await until(() => feed.health.view().stale, 'the refusal');
  const refused = { reason: 'refused', text: 'stream refused (INVALID_SESSION_INFORMATION)' };
  t.same(feed.health.view().staleReason, refused);
  t.match(markets(updates).at(-1), { status: 'SUSPENDED', stale: refused });
  t.equal(exchange(updates, 11).at(-1)!.status, 'SUSPENDED', 'its prices are not offered');
  t.match(
    feed.snapshot().find((u) => u.type === 'market'),
    { status: 'SUSPENDED', stale: refused },
    'a reader that joins later sees why',
  );
  t.equal(server.connections, 2, 'not reconnecting after a refusal that reconnecting cannot mend');
});

t.test(
  'a status error that ends the connection suspends at once; the next message brings the markets back',
  async (t) => {
    const server = await startEsaServer();
    t.teardown(() => server.close());
    // Far longer than the test: the suspension comes from the status, not from silence.
    const { feed, updates } = await feedOn(server, { staleMs: 60_000 });
    t.teardown(() => feed.stop());
    const first = await server.nextSubscription();
    first.connection.send(image('a'));
    await until(() => markets(updates).length === 1, 'the image');
    first.connection.send({
      op: 'status',
      id: 3,
      statusCode: 'FAILURE',
      errorCode: 'TOO_MANY_REQUESTS',
      errorMessage: 'slow down',
      connectionClosed: true,
    });
    await until(() => markets(updates).length === 2, 'the suspension');
    t.match(markets(updates).at(-1), {
      status: 'SUSPENDED',
      stale: { reason: 'refused', text: 'stream refused (TOO_MANY_REQUESTS)' },
    });
    const second = await server.nextSubscription();
    t.equal(second.request.clk, 'a', 'resubscribed from its clock');
    second.connection.send({ op: 'mcm', id: 4, pt: Date.now(), ct: 'HEARTBEAT', clk: 'b' });
    await until(() => markets(updates).length === 3, 'the return');
    const back = markets(updates).at(-1)!;
    t.equal(back.status, 'OPEN');
    t.notOk('stale' in back, 'no reason once it speaks');
    t.equal(exchange(updates, 11).at(-1)!.status, 'ACTIVE');
    t.same(feed.health.view().staleReason, null);
  },
);

t.test('a silent stream says so: no message within its stale setting', async (t) => {
  const server = await startEsaServer();
  t.teardown(() => server.close());
  const { feed, updates } = await feedOn(server, { staleMs: 150 });
  t.teardown(() => feed.stop());
  (await server.nextSubscription()).connection.send(image('a'));
  await until(() => feed.health.view().stale, 'the silence');
  const silent = { reason: 'silent', text: 'no message from the stream in 0.15 s' };
  t.same(feed.health.view().staleReason, silent);
  t.match(markets(updates).at(-1), { status: 'SUSPENDED', stale: silent });
});
