import t from 'tap';
import {
  chaseOf,
  FANCY_TYPES,
  FEED_STATUSES,
  isLadderPrice,
  updateKey,
  type CricketScoreUpdate,
  type FeedUpdate,
} from '@exch/contracts';
import { createSimulator } from '../src/index.js';

const clock = () => Date.parse('2025-01-01T12:00:00.000Z');
const sim = (seed = 42) => createSimulator({ seed, tickMs: 1000, clock });

function collect(seed: number, n: number): FeedUpdate[] {
  const s = sim(seed);
  const out: FeedUpdate[] = [];
  s.subscribe((u) => out.length < n && out.push(u));
  while (out.length < n) s.step();
  return out;
}

t.test('catalogue: sports, series, four matches, market kinds and fancy types', async (t) => {
  const c = sim().catalogue();
  t.same(
    c.sports.map((s) => [s.id, s.name]),
    [
      [1, 'Soccer'],
      [2, 'Tennis'],
      [4, 'Cricket'],
    ],
  );
  t.same(c.matches.map((m) => m.sportId).sort(), [1, 2, 4, 4]);
  t.equal(c.matches.filter((m) => m.inPlay && m.sportId === 4).length, 1, 'one cricket match in play');
  t.equal(c.matches[0]!.startTime, '2025-01-01T10:20:00.000Z', 'start times come from the clock');
  for (const m of c.matches) {
    t.ok(
      c.series.some((s) => s.id === m.seriesId && s.sportId === m.sportId),
      `${m.id} has its series`,
    );
    const mine = c.markets.filter((k) => k.matchId === m.id);
    const mo = mine.filter((k) => k.kind === 'match_odds');
    t.equal(mo.length, 1, `${m.id} has one match odds market`);
    t.ok(mo[0]!.runners.length === 2 || mo[0]!.runners.length === 3);
    if (m.sportId === 4) {
      t.equal(mine.filter((k) => k.kind === 'bookmaker').length, 1);
      const fancies = mine.filter((k) => k.kind === 'fancy');
      t.ok(fancies.length >= 2 && fancies.length <= 3, `${m.id} has 2-3 fancies`);
      for (const f of fancies) if (f.kind === 'fancy') t.ok(FANCY_TYPES.includes(f.fancyType));
    } else t.equal(mine.length, 1, 'no bookmaker or fancies outside cricket');
  }
  const ids = c.markets.flatMap((m) => m.runners.map((r) => `${m.marketId}:${r.selectionId}`));
  t.equal(new Set(ids).size, ids.length, 'runner keys unique');
  c.matches.length = 0;
  t.equal(sim().catalogue().matches.length, 4, 'catalogue() hands out a copy');
});

t.test('determinism: same seed, same first 200 updates; another seed, others', async (t) => {
  const a = JSON.stringify(collect(7, 200));
  t.equal(JSON.stringify(collect(7, 200)), a, 'same seed, same updates');
  t.not(JSON.stringify(collect(8, 200)), a, 'another seed, other updates');
  t.equal(JSON.stringify(sim(7).snapshot()), JSON.stringify(sim(7).snapshot()), 'same starting state');
});

t.test('1,000 steps keep every invariant', async (t) => {
  for (const seed of [1, 2, 3]) {
    const s = sim(seed);
    const cat = s.catalogue();
    const fancyIds = new Set(cat.markets.filter((m) => m.kind === 'fancy').map((m) => m.marketId));
    const problems: string[] = [];
    const fail = (msg: string, u: FeedUpdate) => problems.length < 5 && problems.push(`${msg}: ${JSON.stringify(u)}`);
    const notActiveFor = new Map<string, number>();
    let longestPause = 0;
    let lastScore: FeedUpdate | undefined;
    let scoreUpdates = 0;
    const seen = new Set<string>();
    let exchangeUpdates = 0;

    for (let i = 0; i < 1000; i++) {
      for (const u of s.step()) {
        if (u.type === 'market') fail('the simulator states no market definitions', u);
        if (u.type === 'market') continue;
        if (u.type !== 'score' && !FEED_STATUSES.includes(u.status)) fail('status', u);
        if (u.type !== 'score') seen.add(u.type === 'exchange' ? u.status : `${u.type}:${u.status}`);
        if (u.type === 'exchange') {
          exchangeUpdates++;
          if (u.back.length !== 3 || u.lay.length !== 3) fail('3 levels a side', u);
          for (const l of [...u.back, ...u.lay]) {
            if (!isLadderPrice(l.price)) fail('off the ladder', u);
            if (!Number.isInteger(l.size) || l.size <= 0) fail('size', u);
          }
          if (!(u.back[0]!.price < u.lay[0]!.price)) fail('best back < best lay', u);
          if (!u.back.every((l, j) => j === 0 || l.price < u.back[j - 1]!.price)) fail('back descending', u);
          if (!u.lay.every((l, j) => j === 0 || l.price > u.lay[j - 1]!.price)) fail('lay ascending', u);
        } else if (u.type === 'bookmaker') {
          if (!Number.isInteger(u.back) || !Number.isInteger(u.lay) || u.back < 1 || u.back >= u.lay)
            fail('bookmaker rates', u);
        } else if (u.type === 'fancy') {
          if (!fancyIds.has(u.marketId)) fail('unknown fancy', u);
          for (const side of [u.no, u.yes])
            if (!Number.isInteger(side.line) || side.line < 0 || !Number.isInteger(side.rate) || side.rate <= 0)
              fail('fancy line', u);
          if (u.no.line > u.yes.line) fail('no line <= yes line', u);
        } else {
          scoreUpdates++;
          if (lastScore?.type === 'score') {
            const p = lastScore;
            // A new innings starts from nothing; a T20 has two, then the simulator plays the match again.
            const next = u.innings !== p.innings && u.runs === 0 && u.balls === 0 && u.wickets === 0;
            const up =
              next ||
              (u.innings === p.innings &&
                u.runs >= p.runs &&
                u.wickets >= p.wickets &&
                u.balls >= p.balls &&
                (u.runs > p.runs || u.balls > p.balls));
            if (!up) fail('score went down', u);
            if (u.innings < 1 || u.innings > 2) fail('a T20 has two innings', u);
            if (next && u.battingTeam === p.battingTeam) fail('sides swap', u);
          }
          if (u.overs !== `${Math.floor(u.balls / 6)}.${u.balls % 6}`) fail('overs', u);
          if (u.batsmen.length !== 2 || u.batsmen.filter((b) => b.onStrike).length !== 1)
            fail('two in, one on strike', u);
          if (u.batsmen.reduce((n, b) => n + b.runs, 0) > u.runs) fail("the batsmen's runs within the total", u);
          if (u.bowlers.length !== 1 || u.bowlers[0]!.runs > u.runs) fail('the bowler of the over', u);
          if (u.target !== (u.innings === 2 ? u.previous[0]!.runs + 1 : null)) fail('target', u);
          lastScore = u;
        }
      }
      // Status from the full state after each step: nothing stays off ACTIVE for long.
      for (const u of s.snapshot()) {
        if (u.type === 'score') continue;
        const key = updateKey(u);
        const n = u.status === 'ACTIVE' ? 0 : (notActiveFor.get(key) ?? 0) + 1;
        notActiveFor.set(key, n);
        longestPause = Math.max(longestPause, n);
      }
    }
    t.same(problems, [], `seed ${seed}: no invariant broken`);
    t.ok(
      longestPause > 0 && longestPause <= 10,
      `seed ${seed}: every pause ends within 10 steps (longest ${longestPause})`,
    );
    t.ok(
      seen.has('SUSPENDED') && seen.has('fancy:Ball Running') && seen.has('bookmaker:Ball Running'),
      `seed ${seed}: suspensions and balls in play happen`,
    );
    // A ball about every 40 steps (the innings turning over: the next test).
    t.ok(scoreUpdates > 15, `seed ${seed}: the score advances (${scoreUpdates} updates)`);
    t.ok(exchangeUpdates > 1000, `seed ${seed}: prices move`);
  }
});

t.test("a T20 at a real match's pace: the demo opens on the chase, then plays the match again", async (t) => {
  for (const seed of [1, 2, 3]) {
    const s = sim(seed); // 1 s ticks, as npm start runs it
    const opening = s.snapshot().find((u): u is CricketScoreUpdate => u.type === 'score')!;
    const first = opening.previous[0]!;
    t.match(
      opening,
      {
        matchId: 'sim-101',
        innings: 2,
        battingTeam: 'Chennai',
        runs: 0,
        balls: 0,
        maxOvers: 20,
        target: first.runs + 1,
      },
      `seed ${seed}: Chennai chase ${first.runs + 1}`,
    );
    t.ok(
      first.battingTeam === 'Mumbai' && (first.balls === 120 || first.wickets === 10),
      'after a whole first innings',
    );
    t.same(
      [opening.batsmen.map((b) => [b.name, b.runs, b.onStrike]), opening.bowlers.map((b) => b.name)],
      [
        [
          ['K. Iyer', 0, true],
          ['M. Raman', 0, false],
        ],
        ['K. Pawar'],
      ],
      'the openers in, the first of the last five bowling',
    );
    const turns: { minute: number; innings: number; battingTeam: string }[] = [];
    let last = opening;
    let chaseEnd: CricketScoreUpdate | null = null;
    for (let second = 1; second <= 4 * 3600; second++)
      for (const u of s.step()) {
        if (u.type !== 'score') continue;
        if (u.innings !== last.innings) {
          turns.push({ minute: Math.round(second / 60), innings: u.innings, battingTeam: u.battingTeam });
          if (last.innings === 2) chaseEnd ??= last;
        }
        last = u;
      }
    const [restart, second] = turns;
    t.ok(chaseEnd && chaseOf(chaseEnd)?.state !== 'needs', `seed ${seed}: the chase ends decided`);
    t.ok(
      restart && restart.innings === 1 && restart.minute >= 40,
      `seed ${seed}: the match again at ${restart?.minute} min`,
    );
    t.ok(
      second && second.innings === 2 && second.battingTeam === 'Chennai' && second.minute - restart!.minute >= 40,
      `seed ${seed}: its chase ${second ? second.minute - restart!.minute : '-'} min later`,
    );
    t.comment(`seed ${seed}: ${JSON.stringify(turns)}`);
  }
});

t.test('a step emits exactly what changed, once per runner, fancy or score', async (t) => {
  const s = sim(11);
  const state = new Map(s.snapshot().map((u) => [updateKey(u), JSON.stringify(u)]));
  const problems: string[] = [];
  let quiet = 0;
  for (let i = 0; i < 300; i++) {
    const updates = s.step();
    const keys = updates.map(updateKey);
    if (new Set(keys).size !== keys.length) problems.push(`step ${i}: a key twice`);
    for (const u of updates) {
      const key = updateKey(u);
      if (!state.has(key)) problems.push(`step ${i}: unknown ${key}`);
      if (state.get(key) === JSON.stringify(u)) problems.push(`step ${i}: ${key} sent unchanged`);
      state.set(key, JSON.stringify(u));
    }
    // The updates applied to the old state give the new state: nothing changed silently.
    const now = new Map(s.snapshot().map((u) => [updateKey(u), JSON.stringify(u)]));
    for (const [key, json] of now)
      if (state.get(key) !== json) problems.push(`step ${i}: ${key} changed without an update`);
    quiet += state.size - updates.length;
  }
  t.same(problems, []);
  t.ok(quiet > 300, 'runners whose prices and status did not change get no update');
});

t.test('subscribe, unsubscribe, start and stop', async (t) => {
  const s = createSimulator({ seed: 5, tickMs: 5 });
  const got: FeedUpdate[] = [];
  const off = s.subscribe((u) => got.push(u));
  s.start();
  s.start(); // a second start does not double the ticks
  await new Promise((r) => setTimeout(r, 80));
  s.stop();
  t.ok(got.length > 0, 'ticks deliver updates');
  const n = got.length;
  await new Promise((r) => setTimeout(r, 40));
  t.equal(got.length, n, 'stop() ends the ticks');
  off();
  s.step();
  t.equal(got.length, n, 'an unsubscribed listener hears nothing');
  s.stop(); // stopping twice is harmless
});
