/**
 * Bad input names itself (docs/feeds.md, "Bad input"): a market, score or catalogue file that cannot
 * be used stops the start with a FeedInputError naming the file and its line; a catalogue entry the
 * catalogue cannot use is skipped with a log line naming its index and market id.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import t, { type Test } from 'tap';
import { betfairFileFeed, FeedInputError } from '../../src/index.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const dir = await mkdtemp(join(tmpdir(), 'bf-bad-'));
t.teardown(() => rm(dir, { recursive: true, force: true }));

/** A file of the test's own: `bytes` (or text) under `name`. */
async function file(name: string, bytes: Buffer | string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

/** The feed's start fails with a FeedInputError whose message matches `message`. */
async function refused(t: Test, opts: Parameters<typeof betfairFileFeed>[0], message: RegExp): Promise<void> {
  const err = await betfairFileFeed(opts).then(
    () => null,
    (e: unknown) => e,
  );
  t.type(err, FeedInputError, 'a FeedInputError, printed without a stack');
  t.match((err as Error).message, message);
}

t.test('a truncated .gz names the file and the line it stopped at', async (t) => {
  const whole = await readFile(fixture('1.300000001.gz'));
  const cut = await file('1.300000001.gz', whole.subarray(0, 200));
  await refused(
    t,
    { files: [cut] },
    new RegExp(`^${cut}:\\d+: the gzip data is truncated or corrupt \\(unexpected end of file\\)$`),
  );
});

t.test('a truncated .bz2 names the file, not a TypeError from inside the decompressor', async (t) => {
  const whole = await readFile(fixture('1.200000002.bz2'));
  const cut = await file('1.200000002.bz2', whole.subarray(0, 300));
  await refused(t, { files: [cut] }, new RegExp(`^${cut}:\\d+: the bzip2 data is truncated or corrupt$`));
});

t.test('a missing file, a line that is not JSON or not a stream message: the file and line', async (t) => {
  await refused(t, { files: [join(dir, 'nothing-here')] }, /nothing-here: cannot read the file \(ENOENT\)$/);
  const lines = (await readFile(fixture('1.200000001'), 'utf8')).split('\n');
  const half = await file('half', `${lines[0]}\n${lines[1]!.slice(0, 40)}\n`);
  await refused(t, { files: [half] }, new RegExp(`^${half}:2: not JSON$`));
  const notMessage = await file('number', `${lines[0]}\n\n42\n`);
  await refused(t, { files: [notMessage] }, new RegExp(`^${notMessage}:3: not a stream message$`));
  const noPt = await file('no-pt', `${lines[0]}\n{"op":"mcm","clk":"2","mc":[]}\n`);
  await refused(t, { files: [noPt] }, new RegExp(`^${noPt}:2: no publish time \\(pt\\)$`));
  const badLadder = await file(
    'bad-ladder',
    `${lines[0]}\n{"op":"mcm","pt":1,"mc":[{"id":"1.2","rc":[{"id":7,"atb":[[2.1]]}]}]}\n`,
  );
  await refused(
    t,
    { files: [badLadder] },
    new RegExp(`^${badLadder}:2: market 1.2, runner 7: atb is not a list of \\[price, size\\]$`),
  );
});

t.test('a bad score file stops the start too, not the replay half way', async (t) => {
  const lines = (await readFile(fixture('cricket-30000002'), 'utf8')).split('\n');
  const scores = await file('scores', `${lines[0]}\n${lines[1]!.slice(0, 60)}\n`);
  await refused(t, { files: [fixture('1.300000001.gz')], scoreFiles: [scores] }, new RegExp(`^${scores}:2: not JSON$`));
});

t.test('a catalogue file that is not JSON, or not an array: its name, and the line and column', async (t) => {
  const broken = await file('catalogue-broken.json', '[\n  {"marketId": "1.2",}\n]\n');
  await refused(t, { files: [fixture('1.200000001')], catalogue: broken }, new RegExp(`^${broken}:2:22: not JSON \\(`));
  const cut = await file('catalogue-cut.json', '[\n  ');
  await refused(
    t,
    { files: [fixture('1.200000001')], catalogue: cut },
    new RegExp(`^${cut}:2:3: not JSON \\(Unexpected end of JSON input\\)$`),
  );
  const object = await file('catalogue-object.json', '{"marketId": "1.2"}');
  await refused(
    t,
    { files: [fixture('1.200000001')], catalogue: object },
    new RegExp(`^${object}: expected a JSON array of listMarketCatalogue results$`),
  );
  await refused(
    t,
    { files: [fixture('1.200000001')], catalogue: join(dir, 'no-catalogue.json') },
    /no-catalogue.json: cannot read the catalogue file \(ENOENT\)$/,
  );
});

t.test(
  'bad catalogue entries are skipped with a log line naming each; the rest still name their markets',
  async (t) => {
    const good = JSON.parse(await readFile(fixture('catalogue.json'), 'utf8')) as Record<string, unknown>[];
    const win = good.find((e) => e.marketId === '1.200000001')!;
    const cricket = good.find((e) => e.marketId === '1.300000001')!;
    const catalogue = await file(
      'catalogue-bad-entries.json',
      JSON.stringify([
        null,
        { ...cricket, eventType: { id: 'cricket', name: 'Cricket' } },
        { ...win, runners: [] },
        win,
      ]),
    );
    const logged: { msg: string; entry: number; marketId: string | null }[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    const feed = await betfairFileFeed({ files: [fixture('1.200000001'), fixture('1.300000001.gz')], catalogue, log });
    const skipped = logged.filter((l) => l.msg.includes('skipped'));
    t.same(
      skipped.map((l) => [l.entry, l.marketId]),
      [
        [0, null],
        [1, '1.300000001'],
        [2, '1.200000001'],
      ],
    );
    t.match(skipped[0]!.msg, /^catalogue entry 0 of .*catalogue-bad-entries.json skipped: not an object$/);
    t.match(skipped[1]!.msg, /entry 1 \(market 1.300000001\) .* skipped: eventType.id is not a positive whole number$/);
    t.match(skipped[2]!.msg, /entry 2 \(market 1.200000001\) .* skipped: no runners$/);
    const markets = feed.catalogue().markets;
    t.same(
      markets.find((m) => m.marketId === '1.200000001')!.runners.map((r) => r.name),
      ['1. Red Rum', '2. Arkle', '3. Shergar'],
      'the good entry of a market names it',
    );
    t.match(
      markets.find((m) => m.marketId === '1.300000001'),
      { name: 'Match Odds', runners: [{ name: 'India' }, { name: 'Australia' }] },
      'a market whose entry was skipped is named from its file, not dropped while its prices flow',
    );
  },
);

t.test('a catalogue entry no file carries is not listed as an open market', async (t) => {
  const logged: { msg: string }[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  const feed = await betfairFileFeed({ files: [fixture('1.200000001')], catalogue: fixture('catalogue.json'), log });
  t.same(
    feed.catalogue().markets.map((m) => m.marketId),
    ['1.200000001'],
  );
  t.same(
    feed.catalogue().sports.map((s) => s.id),
    [7],
  );
  t.ok(logged.some((l) => l.msg === 'catalogue entry for market 1.450000001: no file carries it, not listed'));
});
