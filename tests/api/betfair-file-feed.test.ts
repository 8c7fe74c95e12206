import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import t from 'tap';
import { repoRoot, startTestServer } from '../helpers/server.js';
import { caller } from '../helpers/api.js';

const fixtures = join(repoRoot, 'services/feeds/test/fixtures');
const server = await startTestServer({
  feed: {
    kind: 'betfair-file',
    files: ['1.200000001', '1.200000002.bz2', '1.300000001.gz'].map((f) => join(fixtures, f)),
    speed: 0,
    maxGapMs: 0,
  },
});
t.teardown(() => server.close());

async function metrics(): Promise<string> {
  return (await fetch(`${server.url}/metrics`)).text();
}

t.test('FEED=betfair-file: the files replay into the product, /metrics shows the feed', async (t) => {
  let text = '';
  for (let i = 0; i < 100 && !/feed_messages_total\{[^}]*\} 14\b/.test(text); i++) {
    await sleep(50);
    text = await metrics();
  }
  t.match(text, /feed_messages_total\{role="server",instance="embedded"\} 14/, 'every message of the three files');
  t.match(text, /feed_messages_per_second\{role="server",instance="embedded"\} \d/, 'messages per second');
  t.match(text, /feed_lag_ms\{role="server",instance="embedded"\} \d+/, 'lag behind publish time');
  t.match(text, /feed_reconnects_total\{role="server",instance="embedded"\} 0/, 'reconnects');
  t.match(text, /feed_stale\{role="server",instance="embedded"\} 0/, 'not stale');

  const api = caller(server);
  const token = await api.tokenOf('player1', false);
  const r = await api.call('GET', '/api/matches/bf-30000002', undefined, token);
  t.equal(r.status, 200, 'the cricket match is in the catalogue');
  t.equal(r.body.match.name, 'India v Australia');
});
