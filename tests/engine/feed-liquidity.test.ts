/**
 * The law of feed liquidity (docs/exchange.md, "A feed offer is sold once"): over any sequence of
 * feed updates and bets, the volume this exchange's players matched against the feed at a price,
 * on one runner's side, never exceeds the sum of the feed's increases of size at that price (a level
 * that appears counts as an increase from nothing). Checked after every step through the real
 * deciders and the engine's Quotes, as the loop drives them (a feed update, then MatchResting):
 *
 * - on generated sequences: random deltas, images, re-sends, levels out of the three shown,
 *   suspensions and emptied sides, with bets that take, bets that rest and cancels;
 * - on the fixture files replayed through the real Betfair file feed, with random bets between their
 *   messages.
 *
 *   PROPERTY_SEED=123 PROPERTY_STEPS=3000 npx tap tests/engine/feed-liquidity.test.ts
 */
import { join } from 'node:path';
import t, { type Test } from 'tap';
import {
  LADDER,
  type Command,
  type DomainEvent,
  type ExchangeRunnerUpdate,
  type FeedUpdate,
  type PriceSize,
} from '@exch/contracts';
import { betfairFileFeed } from '@exch/feeds';
import {
  chipsMinted,
  chipsTransferred,
  given,
  userCreated as user,
  type Scenario,
} from '../../services/engine/test/harness.js';
import { repoRoot } from '../helpers/server.js';
import { prng, type Rng } from './fixtures.js';

const SEED = Number(process.env.PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31));
const STEPS = Number(process.env.PROPERTY_STEPS ?? 3_000);
const PLAYERS = ['p1', 'p2', 'p3', 'p4'];
t.comment(`PROPERTY_SEED=${SEED} PROPERTY_STEPS=${STEPS}`);

/** Players with far more than they can risk here, under one dealer. */
function players(): Scenario {
  return given(
    user('a', 'admin', null),
    user('s', 'sadmin', 'a'),
    user('m', 'smdl', 's'),
    user('g', 'mdl', 'm'),
    user('d', 'dl', 'g'),
    chipsMinted('a', 1e13),
    ...PLAYERS.flatMap((p) => [user(p, 'user', 'd'), chipsTransferred('a', p, 1_00_00_000_00)]),
  );
}

/**
 * Keeps the feed's increases and the volume matched against the feed, per runner, side and price,
 * and checks the law after every step.
 */
class Ledger {
  private readonly shown = new Map<string, number>();
  private readonly increases = new Map<string, number>();
  private readonly matched = new Map<string, number>();
  /** Each bet's runner and side, for the later fills (BetMatched names only the bet). */
  private readonly bets = new Map<string, { runner: string; side: 'back' | 'lay' }>();
  steps = 0;
  fills = 0;

  /** An exchange update as the feed sent it (before the engine nets it). */
  feed(u: ExchangeRunnerUpdate): void {
    const runner = `${u.marketId}|${u.selectionId}`;
    for (const side of ['back', 'lay'] as const) {
      const now = new Map(u[side].map((l) => [l.price, l.size]));
      for (const key of this.shown.keys()) {
        const [r, s, price] = key.split('#') as [string, string, string];
        if (r === runner && s === side && !now.has(Number(price))) this.shown.delete(key);
      }
      for (const [price, size] of now) {
        const key = `${runner}#${side}#${price}`;
        const grew = size - (this.shown.get(key) ?? 0);
        if (grew > 0) this.increases.set(key, (this.increases.get(key) ?? 0) + grew);
        this.shown.set(key, size);
      }
    }
  }

  /** An accepted decision's events: their fills against the feed. */
  events(events: DomainEvent[]): void {
    for (const e of events) {
      if (e.type === 'BetPlaced' && e.data.selectionId !== null)
        this.bets.set(e.data.betId, { runner: `${e.data.marketId}|${e.data.selectionId}`, side: e.data.side });
      if (e.type !== 'BetPlaced' && e.type !== 'BetMatched') continue;
      const bet = this.bets.get(e.data.betId);
      if (!bet) continue;
      for (const f of e.data.fills) {
        if (f.counterBetId !== null) continue;
        const key = `${bet.runner}#${bet.side}#${f.price}`;
        this.matched.set(key, (this.matched.get(key) ?? 0) + f.size);
        this.fills++;
      }
    }
  }

  /** The prices where players matched more than the feed ever added. */
  broken(): string[] {
    const out: string[] = [];
    for (const [key, size] of this.matched) {
      const added = this.increases.get(key) ?? 0;
      if (size > added) out.push(`${key}: matched ${size} against increases of ${added}`);
    }
    return out;
  }
}

/** Decides and folds as the loop does; the accepted events go to the ledger. */
function step(w: Scenario, ledger: Ledger, command: Command, actor: string | null): boolean {
  const d = w.step(command, actor);
  if (d.ok) ledger.events(d.events);
  return d.ok;
}

/** A feed update as the loop takes it: exchange prices into the quotes, then resting orders they reach. */
function feed(w: Scenario, ledger: Ledger, u: FeedUpdate): void {
  if (u.type === 'exchange') {
    ledger.feed(u);
    w.feed(u);
    step(w, ledger, { type: 'MatchResting', marketId: u.marketId, selectionId: u.selectionId }, null);
  } else if (u.type === 'market') {
    // A definition may take three turns (in play, removals, result): sent while it changes something.
    for (let turn = 0; turn < 3; turn++) {
      const d = w.step({ type: 'ApplyFeedMarketState', update: u }, null);
      if (!d.ok || d.events.length === 0) break;
      ledger.events(d.events);
    }
  } else w.feed(u);
}

let betNo = 0;
/** A random bet near the runner's prices: some take, some rest; now and then a cancel. */
function randomBet(w: Scenario, ledger: Ledger, rng: Rng, marketId: string, selectionId: number, open: string[]): void {
  if (open.length > 0 && rng.chance(0.15)) {
    const [betId, userId] = rng.pick(open).split('|') as [string, string];
    step(w, ledger, { type: 'CancelBet', betId }, userId);
    return;
  }
  const quote = w.quotes.exchange(marketId, selectionId);
  const side = rng.chance(0.5) ? 'back' : 'lay';
  const near = (side === 'back' ? quote?.back[0]?.price : quote?.lay[0]?.price) ?? rng.pick(LADDER);
  const i = Math.max(0, Math.min(LADDER.length - 1, LADDER.indexOf(near) + rng.int(-3, 3)));
  const betId = `b${++betNo}`;
  const userId = rng.pick(PLAYERS);
  const stake = rng.chance(0.3) ? rng.int(100_00, 200_00) : rng.int(100_00, 5_000_00);
  const ok = step(
    w,
    ledger,
    {
      type: 'PlaceBet',
      betId,
      marketId,
      selectionId,
      side,
      odds: LADDER[i]!,
      volume: null,
      stake,
      referenceId: `ref-${betId}`,
      persistence: 'PERSIST',
    },
    userId,
  );
  if (ok) open.push(`${betId}|${userId}`);
}

/** One runner's whole book at the feed (deeper than the three levels it sends), moved at random. */
class RunnerBook {
  back = new Map<number, number>();
  lay = new Map<number, number>();
  suspended = false;

  constructor(
    private readonly rng: Rng,
    readonly selectionId: number,
  ) {
    this.image();
  }

  /** A new book around a random middle: up to six levels a side. */
  image(): void {
    const mid = this.rng.int(20, 200);
    this.back = new Map();
    this.lay = new Map();
    for (let k = 0; k < this.rng.int(0, 6); k++) this.back.set(LADDER[mid - k]!, this.size());
    for (let k = 1; k <= this.rng.int(0, 6); k++) this.lay.set(LADDER[mid + k]!, this.size());
  }

  private size(): number {
    return this.rng.chance(0.2) ? this.rng.int(1, 500) : this.rng.int(100_00, 3_000_00);
  }

  /** One change of the kinds a stream sends; `resend` changes nothing (the runner is sent again). */
  move(): void {
    const r = this.rng.next();
    const side = this.rng.chance(0.5) ? this.back : this.lay;
    const prices = [...side.keys()];
    if (r < 0.3) return;
    if (r < 0.55 && prices.length > 0) {
      const p = this.rng.pick(prices);
      side.set(p, Math.max(1, side.get(p)! + this.rng.int(-100_00, 100_00)));
    } else if (r < 0.65 && prices.length > 0) side.delete(this.rng.pick(prices));
    else if (r < 0.8) this.addBeside(side === this.back);
    else if (r < 0.88) this.suspended = !this.suspended;
    else if (r < 0.94) side.clear();
    else this.image();
  }

  /** A level a few ticks behind the best or a new best, the book kept uncrossed. */
  private addBeside(back: boolean): void {
    const bestBack = this.back.size > 0 ? Math.max(...this.back.keys()) : null;
    const bestLay = this.lay.size > 0 ? Math.min(...this.lay.keys()) : null;
    const anchor = (back ? (bestBack ?? bestLay) : (bestLay ?? bestBack)) ?? 200;
    const i = LADDER.indexOf(anchor) + (back ? this.rng.int(-5, 1) : this.rng.int(-1, 5));
    const price = LADDER[Math.max(0, Math.min(LADDER.length - 1, i))]!;
    if (back && bestLay !== null && price >= bestLay) return;
    if (!back && bestBack !== null && price <= bestBack) return;
    (back ? this.back : this.lay).set(price, this.size());
  }

  /** What the feed sends: the best three a side. */
  update(marketId: string): ExchangeRunnerUpdate {
    const top = (m: Map<number, number>, highest: boolean): PriceSize[] =>
      [...m]
        .sort((a, b) => (highest ? b[0] - a[0] : a[0] - b[0]))
        .slice(0, 3)
        .map(([price, size]) => ({ price, size }));
    return {
      type: 'exchange',
      marketId,
      selectionId: this.selectionId,
      status: this.suspended ? 'SUSPENDED' : 'ACTIVE',
      back: top(this.back, true),
      lay: top(this.lay, false),
    };
  }
}

t.test('generated feed sequences: matched against the feed never exceeds its increases', async (t) => {
  const rng = prng(SEED);
  const w = players();
  w.do(
    {
      type: 'SyncCatalogue',
      catalogue: {
        series: [{ id: 'S', sportId: 4, name: 'S' }],
        matches: [
          { id: 'M', seriesId: 'S', sportId: 4, name: 'A v B', startTime: '2027-01-01T00:00:00.000Z', inPlay: false },
        ],
        markets: [
          {
            marketId: 'mo',
            matchId: 'M',
            kind: 'match_odds',
            name: 'Match Odds',
            runners: [1, 2, 3].map((selectionId) => ({ selectionId, name: `R${selectionId}` })),
          },
        ],
      },
    },
    null,
  );
  const ledger = new Ledger();
  const books = [1, 2, 3].map((s) => new RunnerBook(rng, s));
  for (const b of books) feed(w, ledger, b.update('mo'));
  const open: string[] = [];
  for (let i = 0; i < STEPS; i++) {
    const book = rng.pick(books);
    if (rng.chance(0.5)) {
      book.move();
      feed(w, ledger, book.update('mo'));
    } else randomBet(w, ledger, rng, 'mo', book.selectionId, open);
    const broken = ledger.broken();
    if (broken.length > 0) {
      t.fail(`step ${i}: ${broken.join('; ')}`);
      return;
    }
  }
  t.ok(ledger.fills > STEPS / 20, `bets took from the feed (${ledger.fills} fills)`);
  t.pass(`${STEPS} steps hold the law`);
});

/**
 * Replays market files through the real Betfair file feed with random bets between their messages
 * (`runs` seeds), checking the law after every step.
 */
async function replayHolds(t: Test, files: string[], runs: number): Promise<void> {
  const updates: FeedUpdate[] = [];
  let done = () => {};
  const ended = new Promise<void>((resolve) => (done = resolve));
  const source = await betfairFileFeed({ files, speed: 0, onEnd: () => done() });
  source.subscribe((u) => updates.push(u));
  const first = source.snapshot();
  source.start();
  await ended;
  source.stop();
  const catalogue = source.catalogue();
  t.ok(updates.filter((u) => u.type === 'exchange').length > 10, `the files move prices (${updates.length} updates)`);

  let fills = 0;
  for (let run = 0; run < runs; run++) {
    const rng = prng(SEED + run);
    const w = players();
    w.do({ type: 'SyncCatalogue', catalogue }, null);
    const ledger = new Ledger();
    const open: string[] = [];
    for (const u of [...first, ...updates]) {
      feed(w, ledger, u);
      if (u.type !== 'exchange') continue;
      for (let k = rng.int(0, 4); k > 0; k--) randomBet(w, ledger, rng, u.marketId, u.selectionId, open);
      const broken = ledger.broken();
      if (broken.length > 0) {
        t.fail(`run ${run}: ${broken.join('; ')}`);
        return;
      }
    }
    fills += ledger.fills;
  }
  t.ok(fills > 0, `bets took from the files' offers (${fills} fills over ${runs} runs)`);
}

t.test('the fixture files replayed: matched against the feed never exceeds its increases', async (t) => {
  const fixtures = join(repoRoot, 'services/feeds/test/fixtures');
  await replayHolds(
    t,
    ['1.200000001', '1.200000002.bz2', '1.300000001.gz', '1.400000001'].map((f) => join(fixtures, f)),
    40,
  );
});

// Betfair's own historic files, where a run has them (PROPERTY_FILES, a comma list): too large to keep in the repository.
const real = process.env.PROPERTY_FILES?.split(',').filter((f) => f !== '') ?? [];
t.test(
  'market files given in PROPERTY_FILES replayed: the same law',
  { skip: real.length === 0 && 'PROPERTY_FILES unset' },
  async (t) => {
    await replayHolds(t, real, 3);
  },
);
