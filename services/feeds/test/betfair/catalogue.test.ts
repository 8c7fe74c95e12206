import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import pino from 'pino';
import { listMarketCatalogue, toCatalogue, type MarketCatalogue } from '../../src/betfair/catalogue.js';
import { catalogueEntries } from '../../src/betfair/catalogue-entries.js';

const file = fileURLToPath(new URL('../fixtures/catalogue.json', import.meta.url));

const log = pino({ level: 'silent' });

t.test('listMarketCatalogue results into series, matches and markets', async (t) => {
  const entries = await catalogueEntries(file, log);
  const c = toCatalogue(entries, (id) => id === '1.300000001');
  t.same(
    c.sports,
    [
      { id: 4, name: 'Cricket' },
      { id: 7, name: 'Horse Racing' },
      { id: 4339, name: 'Greyhound Racing' },
      { id: 7522, name: 'Basketball' },
    ],
    "an event type outside the five is a sport under the catalogue's name",
  );
  t.same(c.series, [
    { id: 'bf-30000001', sportId: 7, name: 'Ascot 26th Nov' },
    { id: 'bf-30000003', sportId: 4339, name: 'Romford 26th Nov' },
    { id: 'bf-c12345', sportId: 4, name: 'T20 Internationals' },
    { id: 'bf-cet7522', sportId: 7522, name: 'Basketball' },
  ]);
  t.same(
    c.matches.map((m) => [m.id, m.seriesId, m.name, m.startTime, m.inPlay]),
    [
      ['bf-30000001-1430', 'bf-30000001', '14:30 Ascot', '2026-11-26T14:30:00.000Z', false],
      ['bf-30000003-1904', 'bf-30000003', '19:04 Romford', '2026-11-26T19:04:00.000Z', false],
      ['bf-30000002', 'bf-c12345', 'India v Australia', '2026-11-26T09:00:00.000Z', true],
      ['bf-39999999', 'bf-cet7522', 'Lakers v Celtics', '2026-11-27T01:00:00.000Z', false],
    ],
  );
  t.same(
    c.markets[0]!.runners,
    [
      { selectionId: 101, name: '1. Red Rum' },
      { selectionId: 102, name: '2. Arkle' },
      { selectionId: 103, name: '3. Shergar' },
    ],
    'sortPriority order, cloth numbers from the runner metadata',
  );
  t.same(
    c.markets[1]!.runners.map((r) => r.name),
    ['1. Swift Sally', '2. Dusty Dan'],
    'a trap once, even when the name carries it',
  );
  t.same(
    c.markets.map((m) => m.kind),
    ['match_odds', 'match_odds', 'match_odds', 'match_odds'],
  );
});

t.test('listMarketCatalogue over JSON-RPC: the app key and session in headers, 100 markets a call', async (t) => {
  const entries = await catalogueEntries(file, log);
  const calls: { headers: Record<string, string | string[] | undefined>; body: any }[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw);
      calls.push({ headers: req.headers, body });
      const ids: string[] = body.params.filter.marketIds;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: entries.filter((e) => ids.includes(e.marketId)) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/exchange/betting/json-rpc/v1`;
  const ids = ['1.300000001', ...Array.from({ length: 120 }, (_, i) => `1.8${String(i).padStart(8, '0')}`)];
  const found = await listMarketCatalogue({ appKey: 'k', sessionToken: 's', marketIds: ids, url });
  t.same(
    (found as MarketCatalogue[]).map((e) => e.marketId),
    ['1.300000001'],
  );
  t.equal(calls.length, 2);
  t.equal(calls[0]!.headers['x-application'], 'k');
  t.equal(calls[0]!.headers['x-authentication'], 's');
  t.equal(calls[0]!.body.method, 'SportsAPING/v1.0/listMarketCatalogue');
  t.equal(calls[0]!.body.params.filter.marketIds.length, 100);
  t.ok(calls[0]!.body.params.marketProjection.includes('RUNNER_METADATA'));
});
