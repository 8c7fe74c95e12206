import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import type { CricketScoreUpdate, ExchangeRunnerUpdate, FeedUpdate, MarketStateUpdate } from '@exch/contracts';
import { betfairFileFeed } from '../../src/index.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const WIN = '1.200000001';
const PLACE = '1.200000002';
const CRICKET = '1.300000001';

async function replay(
  files: string[],
): Promise<{ updates: FeedUpdate[]; feed: Awaited<ReturnType<typeof betfairFileFeed>> }> {
  const updates: FeedUpdate[] = [];
  let done!: () => void;
  const ended = new Promise<void>((resolve) => (done = resolve));
  const feed = await betfairFileFeed({ files: files.map(fixture), speed: 0, onEnd: done });
  feed.subscribe((u) => updates.push(u));
  feed.start();
  await ended;
  feed.stop();
  return { updates, feed };
}

const states = (us: FeedUpdate[], marketId: string) =>
  us.filter((u): u is MarketStateUpdate => u.type === 'market' && u.marketId === marketId);
const runner = (us: FeedUpdate[], marketId: string, selectionId: number) =>
  us.filter(
    (u): u is ExchangeRunnerUpdate => u.type === 'exchange' && u.marketId === marketId && u.selectionId === selectionId,
  );

t.test(
  'a win market, plain file: open, suspended, a removed runner, in play with a delay, closed with a winner',
  async (t) => {
    const { updates } = await replay(['1.200000001']);
    const s = states(updates, WIN);
    t.same(
      s.map((m) => [m.status, m.inPlay, m.betDelaySec, m.numberOfWinners]),
      [
        ['OPEN', false, 0, 1],
        ['SUSPENDED', false, 0, 1],
        ['OPEN', false, 0, 1],
        ['OPEN', true, 1, 1],
        ['CLOSED', true, 1, 1],
      ],
      'one state per definition that changed something',
    );
    t.ok(s.every((m) => m.source === 'betfair'));
    t.same(s[2]!.runners[2], {
      selectionId: 103,
      status: 'REMOVED',
      adjustmentFactor: 23.5,
      removalDate: '2026-11-26T14:20:01.000Z',
    });
    t.same(
      s[4]!.runners.map((r) => [r.selectionId, r.status]),
      [
        [101, 'WINNER'],
        [102, 'LOSER'],
        [103, 'REMOVED'],
      ],
    );

    const red = runner(updates, WIN, 101);
    t.same(red[0], {
      type: 'exchange',
      marketId: WIN,
      selectionId: 101,
      status: 'ACTIVE',
      // The best three of four levels; GBP sizes as rupees in paise.
      back: [
        { price: 210, size: 12050 },
        { price: 208, size: 4000 },
        { price: 206, size: 1000 },
      ],
      lay: [
        { price: 212, size: 8000 },
        { price: 214, size: 2525 },
      ],
    });
    t.same(red[1]!.back, [
      { price: 212, size: 1500 },
      { price: 208, size: 4000 },
      { price: 206, size: 1000 },
    ]);
    t.same(
      red[1]!.lay,
      [
        { price: 214, size: 2525 },
        { price: 216, size: 3000 },
      ],
      'a size of 0 removes a price',
    );
    t.same(
      red.map((u) => u.status),
      ['ACTIVE', 'ACTIVE', 'SUSPENDED', 'ACTIVE', 'ACTIVE', 'SUSPENDED'],
      'suspended with the market, open again, in play, closed',
    );
    // clk 1006 offers 1.50 to back and 1.52 to lay in play and never takes 2.04 to 2.12 off the back
    // side: the crossed backs go, and the one below the best lay is still shown.
    t.same(red[4]!.back, [{ price: 150, size: 20000 }], 'the back under a crossed book');
    t.same(red[4]!.lay, [
      { price: 152, size: 10000 },
      { price: 214, size: 2525 },
      { price: 216, size: 3000 },
    ]);
    const shergar = runner(updates, WIN, 103);
    t.equal(shergar.at(-1)!.status, 'SUSPENDED', 'a removed runner takes no bets');
    t.same(shergar.at(-1)!.back, [], 'and its offers went');
  },
);

t.test(
  'a file cut mid-race suspends its market, saying why; files that close theirs leave nothing stale',
  async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'bf-cut-'));
    t.teardown(() => rm(dir, { recursive: true, force: true }));
    // Open and priced (clk 1001, 1002), then nothing: the file ends before the race.
    const lines = (await readFile(fixture(WIN), 'utf8')).split('\n');
    const cut = join(dir, WIN);
    await writeFile(cut, lines.slice(0, 2).join('\n'));
    const updates: FeedUpdate[] = [];
    let done!: () => void;
    const ended = new Promise<void>((resolve) => (done = resolve));
    const feed = await betfairFileFeed({ files: [cut, fixture('1.300000001.gz')], speed: 0, onEnd: done });
    feed.subscribe((u) => updates.push(u));
    feed.start();
    await ended;
    feed.stop();
    const because = { reason: 'ended', text: 'replay ended before the market closed' };
    t.same(
      states(updates, WIN).map((s) => [s.status, s.stale ?? null]),
      [
        ['OPEN', null],
        ['SUSPENDED', because],
      ],
    );
    t.equal(runner(updates, WIN, 101).at(-1)!.status, 'SUSPENDED', 'its last prices are not offered');
    t.same(feed.health.view().staleReason, because);
    t.equal(states(updates, CRICKET).at(-1)!.status, 'CLOSED', 'a market its file closed stays closed');
    t.notOk('stale' in states(updates, CRICKET).at(-1)!);

    const whole = await replay(['1.200000001', '1.200000002.bz2']);
    t.same(whole.feed.health.view().staleReason, null, 'every market closed: nothing stale');
  },
);

t.test('a place market, bzip2: positional best offers, two winners', async (t) => {
  const { updates } = await replay(['1.200000002.bz2']);
  const s = states(updates, PLACE);
  t.equal(s[0]!.numberOfWinners, 2);
  t.same(
    s.at(-1)!.runners.map((r) => r.status),
    ['WINNER', 'WINNER', 'LOSER'],
  );
  const red = runner(updates, PLACE, 101);
  t.same(
    red[1]!.back,
    [
      { price: 131, size: 1000 },
      { price: 130, size: 5000 },
      { price: 128, size: 2000 },
    ],
    'levels replaced by position',
  );
  t.same(runner(updates, PLACE, 102)[1]!.lay, [], 'a size of 0 empties the level');
});

t.test('a partial positional delta never puts a worse price in the best cell', async (t) => {
  // Level 0 moves to 1.80 while levels 1 and 2 stay at 1.84 and 1.83: the ladder is shown best first.
  const dir = await mkdtemp(join(tmpdir(), 'bf-ladder-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const def = JSON.parse((await readFile(fixture('1.200000001'), 'utf8')).split('\n')[0]!).mc[0].marketDefinition;
  const line = (clk: number, mc: unknown) =>
    JSON.stringify({ op: 'mcm', clk: String(clk), pt: 1_795_690_000_000 + clk, mc: [mc] });
  const file = join(dir, WIN);
  await writeFile(
    file,
    [
      line(1, {
        id: WIN,
        img: true,
        marketDefinition: def,
        rc: [
          {
            id: 101,
            bdatb: [
              [0, 1.85, 10],
              [1, 1.84, 10],
              [2, 1.83, 10],
            ],
            bdatl: [[0, 1.9, 10]],
          },
        ],
      }),
      line(2, { id: WIN, rc: [{ id: 101, bdatb: [[0, 1.8, 3]] }] }),
    ].join('\n'),
  );
  const updates: FeedUpdate[] = [];
  let done!: () => void;
  const ended = new Promise<void>((resolve) => (done = resolve));
  const feed = await betfairFileFeed({ files: [file], speed: 0, onEnd: done });
  feed.subscribe((u) => updates.push(u));
  feed.start();
  await ended;
  feed.stop();
  t.same(
    runner(updates, WIN, 101).map((u) => [u.status, u.back.map((l) => l.price)]),
    [
      ['ACTIVE', [185, 184, 183]],
      ['ACTIVE', [184, 183, 180]],
      // The file ends with the market still open: it is suspended, not left trading on its last prices.
      ['SUSPENDED', [184, 183, 180]],
    ],
  );
});

t.test('a cricket match, gzip: the display ladder, in play with a 5 s delay, a winner', async (t) => {
  const { updates, feed } = await replay(['1.300000001.gz']);
  const s = states(updates, CRICKET);
  t.same(
    s.map((m) => [m.status, m.inPlay, m.betDelaySec]),
    [
      ['OPEN', false, 0],
      ['OPEN', true, 5],
      ['CLOSED', true, 5],
    ],
  );
  const india = runner(updates, CRICKET, 201);
  t.same(
    india[0]!.lay.map((l) => l.price),
    [186, 187, 188],
  );
  t.same(india[1]!.back[0], { price: 180, size: 30000 });
  t.same(
    india[1]!.lay.map((l) => l.price),
    [186, 187],
  );
  const c = feed.catalogue();
  t.same(c.sports, [{ id: 4, name: 'Cricket' }]);
  t.same(c.matches[0]!.name, 'India v Australia');
  t.equal(c.matches[0]!.inPlay, true, 'in play from the market definition');
  t.same(
    c.markets[0]!.runners.map((r) => r.name),
    ['India', 'Australia', 'The Draw'],
  );
});

t.test(
  'several files replay as one stream in publish-time order; the catalogue names them before the start',
  async (t) => {
    const feed = await betfairFileFeed({
      files: ['1.200000001', '1.200000002.bz2', '1.300000001.gz'].map(fixture),
      speed: 0,
    });
    const c = feed.catalogue();
    t.same(
      c.sports.map((s) => s.id),
      [4, 7],
    );
    t.same(
      c.matches.map((m) => [m.id, m.name, m.sportId]),
      [
        ['bf-30000001-1430', '14:30 Ascot', 7],
        ['bf-30000002', 'India v Australia', 4],
      ],
    );
    t.same(
      c.markets.map((m) => [m.marketId, m.name, m.matchId]),
      [
        [WIN, '2m Hcap', 'bf-30000001-1430'],
        [PLACE, 'To Be Placed', 'bf-30000001-1430'],
        [CRICKET, 'Match Odds', 'bf-30000002'],
      ],
    );
    const { updates } = await replay(['1.200000001', '1.200000002.bz2', '1.300000001.gz']);
    const order = updates.filter((u) => u.type === 'market').map((u) => (u as MarketStateUpdate).marketId);
    t.equal(order[0], CRICKET, 'the earliest publish time first');
    t.equal(order.at(-1), PLACE, 'the place market closes last');
  },
);

t.test('pacing: speed and the longest gap', async (t) => {
  let done!: () => void;
  const ended = new Promise<void>((resolve) => (done = resolve));
  // Gaps of 1 s, 599 s, 1 s, 1 s, 1 s, 297 s: each capped at 100 ms, at 10 times real time 10 ms.
  const feed = await betfairFileFeed({ files: [fixture('1.200000001')], speed: 10, maxGapMs: 100, onEnd: done });
  const started = Date.now();
  feed.start();
  await ended;
  const took = Date.now() - started;
  // Uncapped, the gaps would take 90 s at this speed: the ceiling is generous for a busy machine.
  t.ok(took >= 55 && took < 20_000, `6 gaps of at most 10 ms took ${took} ms`);
});

t.test('the cricket score stream (ccm) from a score file drives the match score', async (t) => {
  const updates: FeedUpdate[] = [];
  let done!: () => void;
  const ended = new Promise<void>((resolve) => (done = resolve));
  const feed = await betfairFileFeed({
    files: [fixture('1.300000001.gz')],
    scoreFiles: [fixture('cricket-30000002')],
    speed: 0,
    onEnd: done,
  });
  feed.subscribe((u) => updates.push(u));
  feed.start();
  await ended;
  const scores = updates.filter((u): u is CricketScoreUpdate => u.type === 'score');
  t.same(
    scores.map((s) => [s.matchId, s.innings, s.battingTeam, s.runs, s.wickets, s.balls, s.overs]),
    [
      ['bf-30000002', 1, 'India', 0, 0, 0, '0.0'],
      ['bf-30000002', 1, 'India', 80, 2, 77, '12.5'],
      ['bf-30000002', 1, 'India', 81, 2, 78, '13.0'],
      ['bf-30000002', 2, 'Australia', 4, 0, 3, '0.3'],
    ],
    'a late change that would take the score back and a fixture-only change send nothing',
  );
  t.equal(
    updates.findIndex((u) => u.type === 'score') > updates.findIndex((u) => u.type === 'market'),
    true,
    'merged with the market file by publish time',
  );
  t.same(
    feed.snapshot().find((u) => u.type === 'score'),
    scores.at(-1),
  );
});
