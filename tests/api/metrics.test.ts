import t from 'tap';
import type { ReadSideHealth } from '@exch/contracts';
import { allProjections } from '@exch/projector';
import { startTestServer } from '../helpers/server.js';
import { caller } from '../helpers/api.js';

const server = await startTestServer({ feedTickMs: 0 });
t.teardown(() => server.close());

t.test('the embedded server exposes Prometheus metrics', async (t) => {
  await caller(server).login('player1');
  const r = await fetch(`${server.url}/metrics`);
  t.equal(r.status, 200);
  t.match(r.headers.get('content-type'), /^text\/plain/);
  const text = await r.text();
  t.match(
    text,
    /engine_commit_seconds_bucket\{le="0.01",role="server",instance="embedded"\} \d+/,
    'commit latency histogram',
  );
  t.match(text, /engine_events_committed_total\{role="server",instance="embedded"\} [1-9]\d*/, 'events committed');
  t.match(text, /engine_queue_depth\{role="server",instance="embedded"\} 0/, 'engine queue depth');
  t.match(text, /projector_lag\{projection="users",role="server",instance="embedded"\} 0/, 'lag per read model');
  t.match(text, /gateway_websocket_clients\{role="server",instance="embedded"\} 0/, 'websocket clients');
  t.match(text, /process_resident_memory_bytes/, 'and the process defaults');
});

t.test(
  "/health: each read model's lag; degraded with the reason, within a second, when the database does not answer",
  async (t) => {
    const health = async () => {
      const r = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(1_000) });
      t.equal(r.status, 200, 'answered 200');
      return (await r.json()) as ReadSideHealth;
    };
    await server.runner.waitFor(await server.store.head());
    const quiet = await health();
    t.match(quiet, { status: 'ok', reasons: [], relay: null });
    t.ok(quiet.head! > 0, 'the head of the log');
    t.same(
      quiet.projections.map((p) => p.name),
      allProjections.map((p) => p.name),
      'every read model',
    );
    t.ok(
      quiet.projections.every((p) => p.lag === 0 && p.checkpoint === quiet.head),
      'each caught up',
    );

    // PGlite runs every query on one connection: a transaction held open holds the probe's query up.
    let release!: () => void;
    const held = server.store.sql.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    t.teardown(() => release());
    t.same(
      await health(),
      { status: 'degraded', reasons: ['pglite: no answer in 500 ms'], head: null, relay: null, projections: [] },
      'answered in time, degraded, with the reason',
    );
    release();
    await held;
    t.match(await health(), { status: 'ok', reasons: [] }, 'ok again once the database answers');
  },
);
