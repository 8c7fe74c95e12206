import t from 'tap';
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
