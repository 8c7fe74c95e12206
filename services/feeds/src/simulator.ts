/**
 * A deterministic built-in feed for demos and tests: four matches (simulated-matches.ts: two
 * cricket, one in play with its chase under way and a live score, simulated-cricket.ts; one
 * soccer, one tennis), prices that drift by whole ticks on the contracts ladder, bookmaker rates
 * that follow the exchange, fancy lines that follow the score, and the odd suspension or ball in
 * play. All randomness comes from one seeded PRNG, so the same seed gives
 * the same updates; `step()` advances one tick synchronously, `start()` runs it every `tickMs`.
 */
import {
  MAX_PRICE,
  MIN_PRICE,
  snapToLadder,
  tickFrom,
  SPORTS,
  updateKey,
  type Catalogue,
  type FancyMarket,
  type FeedPort,
  type FeedStatus,
  type FeedUpdate,
  type Market,
  type Match,
  type PriceSize,
} from '@exch/contracts';
import {
  ballOf,
  inningsOver,
  inningsScore,
  INNINGS_BALLS,
  newInnings,
  play,
  scoreUpdate,
  type SimInnings,
} from './simulated-cricket.js';
import { MATCHES, SERIES, type FancyRule } from './simulated-matches.js';

export interface SimulatorOptions {
  seed: number;
  tickMs: number;
  /** Milliseconds since the epoch; only used for the catalogue's start times. Defaults to Date.now. */
  clock?: () => number;
  /** Runners, bookmaker rates and fancies are suspended now and then (default); benchmarks turn it off. */
  suspensions?: boolean;
}

export interface Simulator extends FeedPort {
  /** Advance one tick; deliver and return the updates of what changed. */
  step(): FeedUpdate[];
}

/** mulberry32: a small, fast 32-bit PRNG; the same seed gives the same stream. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LEVELS = 3;
const MAX_SPREAD = 2;
/** Best back stays where all 3 back levels and all 3 lay levels are distinct ladder prices. */
const LOWEST_BACK = tickFrom(MIN_PRICE, LEVELS - 1)!;
const HIGHEST_BACK = tickFrom(MAX_PRICE, -(MAX_SPREAD + LEVELS - 1))!;
const MIN_SIZE = 100; // ₹1 in paise
const MAX_SIZE = 100_000_00; // ₹1,00,000 in paise
// A T20 at a real match's pace, in ticks (seconds at the default 1 s tick; a faster FEED_TICK_MS plays
// faster): a ball about every 40 ticks (an innings of about 80 minutes), "Ball Running" for the last
// 4 before it lands, 20 minutes between innings. The demo opens on the chase, which plays for over an
// hour; after a break the match starts again from the first innings.
const BALL_TICKS = 40;
const BALL_JITTER_TICKS = 8;
const BALL_RUNNING_TICKS = 4;
const INNINGS_BREAK_TICKS = 20 * 60;

interface ExchangeRunner {
  marketId: string;
  selectionId: number;
  back: number; // best back price, on the ladder
  spread: number; // ticks from best back to best lay, 1..MAX_SPREAD
  backSizes: number[];
  laySizes: number[];
  suspendedFor: number;
  cooldown: number;
}

interface BookmakerRunner {
  marketId: string;
  selectionId: number;
  source: ExchangeRunner;
  suspendedFor: number;
  cooldown: number;
}

interface Fancy {
  marketId: string;
  rule: FancyRule;
  bias: number; // integer runs added to the projection, random-walks in [-3, 3]
  sameLine: boolean; // true: one line at 110/90; false: lines one run apart at 100/100
  suspendedFor: number;
  cooldown: number;
}

interface SimMatch {
  match: Match;
  teams: string[];
  /** Each side's eleven in batting order (cricket). */
  squads: string[][];
  exchange: ExchangeRunner[];
  bookmaker: BookmakerRunner[];
  fancies: Fancy[];
  score: SimInnings | null; // null unless a cricket match in play
  ballRunning: boolean;
  /** Ticks until the next ball lands (or the next innings' first ball, after a break). */
  untilBall: number;
}

const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, n));

/**
 * A match in play as the demo opens it: the first innings already played (with a PRNG of its own,
 * so the feed's own stream of draws is the same whatever it scored), the chase about to start.
 */
function chaseUnderWay(seed: number, battedFirst: string): SimInnings {
  const random = mulberry32(seed ^ 0x5eed);
  const first = newInnings(1, []);
  while (!inningsOver(first)) play(first, ballOf(random()));
  return newInnings(2, [inningsScore(first, battedFirst)]);
}

export function createSimulator({ seed, tickMs, clock = Date.now, suspensions = true }: SimulatorOptions): Simulator {
  const random = mulberry32(seed);
  const chance = (p: number): boolean => random() < p;
  /** Integer in [lo, hi]. */
  const int = (lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));

  const now = clock();
  const markets: Market[] = [];
  const sims: SimMatch[] = MATCHES.map((m, mi) => {
    const match: Match = {
      id: m.id,
      seriesId: m.seriesId,
      sportId: m.sportId,
      name: m.teams.filter((t) => t !== 'The Draw').join(' v '),
      startTime: new Date(now + m.startInMinutes * 60_000).toISOString(),
      inPlay: m.startInMinutes <= 0,
    };
    const runners = m.teams.map((name, i) => ({ selectionId: (mi + 1) * 100 + i + 1, name }));
    const moId = `${m.id}.mo`;
    markets.push({ marketId: moId, matchId: m.id, kind: 'match_odds', name: 'Match Odds', runners });
    const exchange = runners.map(
      (r, i): ExchangeRunner => ({
        marketId: moId,
        selectionId: r.selectionId,
        back: clamp(snapToLadder(m.odds[i]!, 'down'), LOWEST_BACK, HIGHEST_BACK),
        spread: 1,
        backSizes: Array.from({ length: LEVELS }, () => int(10_000, 5_000_000)),
        laySizes: Array.from({ length: LEVELS }, () => int(10_000, 5_000_000)),
        suspendedFor: 0,
        cooldown: 0,
      }),
    );
    const bookmaker: BookmakerRunner[] = [];
    const fancies: Fancy[] = [];
    if (m.sportId === 4) {
      const bmId = `${m.id}.bm`;
      markets.push({ marketId: bmId, matchId: m.id, kind: 'bookmaker', name: 'Bookmaker', runners });
      exchange.forEach((source) =>
        bookmaker.push({ marketId: bmId, selectionId: source.selectionId, source, suspendedFor: 0, cooldown: 0 }),
      );
      (m.fancies ?? []).forEach(([name, fancyType, rule], i) => {
        const fancy: FancyMarket = {
          marketId: `${m.id}.f${i + 1}`,
          matchId: m.id,
          kind: 'fancy',
          fancyType,
          name,
          runners: [],
        };
        markets.push(fancy);
        fancies.push({ marketId: fancy.marketId, rule, bias: 0, sameLine: false, suspendedFor: 0, cooldown: 0 });
      });
    }
    const score = m.sportId === 4 && match.inPlay ? chaseUnderWay(seed + mi, m.teams[0]!) : null;
    return {
      match,
      teams: m.teams,
      squads: m.squads ?? [],
      exchange,
      bookmaker,
      fancies,
      score,
      ballRunning: false,
      untilBall: BALL_TICKS,
    };
  });

  const catalogue: Catalogue = {
    // Only the sports it simulates: races come from a real feed (FEED=betfair...), not from here.
    sports: SPORTS.filter((s) => SERIES.some((x) => x.sportId === s.id)).map((s) => ({ ...s })),
    series: SERIES.map((s) => ({ ...s })),
    matches: sims.map((s) => ({ ...s.match })),
    markets,
  };

  // --- State to updates -------------------------------------------------------------------

  const exchangeUpdate = (r: ExchangeRunner): FeedUpdate => {
    const back: PriceSize[] = [];
    const lay: PriceSize[] = [];
    for (let i = 0; i < LEVELS; i++) {
      back.push({ price: tickFrom(r.back, -i)!, size: r.backSizes[i]! });
      lay.push({ price: tickFrom(r.back, r.spread + i)!, size: r.laySizes[i]! });
    }
    return {
      type: 'exchange',
      marketId: r.marketId,
      selectionId: r.selectionId,
      status: r.suspendedFor > 0 ? 'SUSPENDED' : 'ACTIVE',
      back,
      lay,
    };
  };

  const roundStatus = (item: { suspendedFor: number }, sim: SimMatch): FeedStatus =>
    item.suspendedFor > 0 ? 'SUSPENDED' : sim.ballRunning ? 'Ball Running' : 'ACTIVE';

  const bookmakerUpdate = (b: BookmakerRunner, sim: SimMatch): FeedUpdate => {
    // House rate tracks the exchange's best back: 1.85 -> 84 to back, 86 to lay.
    const back = Math.max(1, b.source.back - 100 - 1);
    return {
      type: 'bookmaker',
      marketId: b.marketId,
      selectionId: b.selectionId,
      status: roundStatus(b, sim),
      back,
      lay: back + 2,
    };
  };

  const fancyUpdate = (f: Fancy, sim: SimMatch): FeedUpdate => {
    const s = sim.score ?? { runs: 0, wickets: 0, balls: 0, overStartRuns: 0 };
    const perBall = clamp(s.balls >= 6 ? s.runs / s.balls : 8 / 6, 4 / 6, 14 / 6);
    const left = INNINGS_BALLS - s.balls;
    let projection: number;
    if (f.rule === 'innings') projection = s.runs + perBall * left;
    else if (f.rule === 'over') projection = s.runs - s.overStartRuns + perBall * (6 - (s.balls % 6));
    else projection = s.runs + perBall * Math.max(6, left / Math.max(1, 10 - s.wickets));
    const line = Math.max(0, Math.round(projection) + f.bias);
    const no = { line, rate: f.sameLine ? 110 : 100 };
    const yes = { line: f.sameLine ? line : line + 1, rate: f.sameLine ? 90 : 100 };
    return { type: 'fancy', marketId: f.marketId, status: roundStatus(f, sim), no, yes };
  };

  function currentState(): FeedUpdate[] {
    const out: FeedUpdate[] = [];
    for (const sim of sims) {
      for (const r of sim.exchange) out.push(exchangeUpdate(r));
      for (const b of sim.bookmaker) out.push(bookmakerUpdate(b, sim));
      for (const f of sim.fancies) out.push(fancyUpdate(f, sim));
      if (sim.score) out.push(scoreUpdate(sim.match.id, sim.teams, sim.squads, sim.score));
    }
    return out;
  }

  // --- One tick ----------------------------------------------------------------------------

  const moveBack = (r: ExchangeRunner, ticks: number): void => {
    r.back = clamp(tickFrom(r.back, ticks)!, LOWEST_BACK, HIGHEST_BACK);
  };

  const driftSize = (size: number): number => clamp(Math.round(size * (0.8 + random() * 0.45)), MIN_SIZE, MAX_SIZE);

  /** A suspension lasts 1..4 ticks, then at least 5 ticks pass before the next, so it always comes back. */
  const maybeSuspend = (item: { suspendedFor: number; cooldown: number }, p: number): void => {
    if (!suspensions) return;
    if (item.suspendedFor > 0) {
      item.suspendedFor--;
      if (item.suspendedFor === 0) item.cooldown = 5;
    } else if (item.cooldown > 0) item.cooldown--;
    else if (chance(p)) item.suspendedFor = int(1, 4);
  };

  function bowl(sim: SimMatch, s: SimInnings): void {
    const ball = ballOf(random());
    const batting = sim.exchange[(s.innings - 1) % 2]!;
    const fielding = sim.exchange[s.innings % 2]!;
    if (ball.kind === 'wicket') {
      moveBack(batting, int(2, 4));
      moveBack(fielding, -int(1, 2));
      if (suspensions) for (const r of sim.exchange) if (r.suspendedFor === 0 && r.cooldown === 0) r.suspendedFor = 2;
    } else if (ball.kind === 'runs' && ball.runs >= 4) {
      moveBack(batting, -1);
      moveBack(fielding, 1);
    }
    play(s, ball);
    // The innings' last score stands through the break (the chase's: how it ended).
    if (inningsOver(s)) sim.untilBall = INNINGS_BREAK_TICKS;
  }

  /**
   * After the break: the chase after the first innings; after the chase the simulator plays the
   * match again from the first innings (a demo never runs dry, and never shows "innings 3").
   */
  const nextInnings = (sim: SimMatch, s: SimInnings): SimInnings =>
    s.innings === 1 ? newInnings(2, [inningsScore(s, sim.teams[0]!)]) : newInnings(1, []);

  function advance(): void {
    for (const sim of sims) {
      for (const r of sim.exchange) {
        if (chance(0.3)) moveBack(r, chance(0.9) ? (chance(0.5) ? 1 : -1) : chance(0.5) ? 2 : -2);
        if (chance(0.05)) r.spread = int(1, MAX_SPREAD);
        for (let i = 0; i < LEVELS; i++) {
          if (chance(0.15)) r.backSizes[i] = driftSize(r.backSizes[i]!);
          if (chance(0.15)) r.laySizes[i] = driftSize(r.laySizes[i]!);
        }
        maybeSuspend(r, 0.01);
      }
      for (const b of sim.bookmaker) maybeSuspend(b, 0.01);
      for (const f of sim.fancies) {
        if (chance(0.1)) f.bias = clamp(f.bias + (chance(0.5) ? 1 : -1), -3, 3);
        if (chance(0.03)) f.sameLine = !f.sameLine;
        maybeSuspend(f, 0.01);
      }
      // In play: the ball is running for its last few ticks, then its result lands on the score;
      // an innings over waits out the break, then the next begins.
      if (sim.score) {
        const over = inningsOver(sim.score);
        sim.untilBall--;
        sim.ballRunning = !over && sim.untilBall > 0 && sim.untilBall <= BALL_RUNNING_TICKS;
        if (sim.untilBall === 0) {
          sim.untilBall = BALL_TICKS + int(-BALL_JITTER_TICKS, BALL_JITTER_TICKS);
          if (over) sim.score = nextInnings(sim, sim.score);
          else bowl(sim, sim.score);
        }
      }
    }
  }

  // --- Port -------------------------------------------------------------------------------

  const listeners = new Set<(update: FeedUpdate) => void>();
  const last = new Map<string, string>();
  for (const u of currentState()) last.set(updateKey(u), JSON.stringify(u));
  let timer: ReturnType<typeof setInterval> | null = null;

  function step(): FeedUpdate[] {
    advance();
    const changed: FeedUpdate[] = [];
    for (const u of currentState()) {
      const key = updateKey(u);
      const json = JSON.stringify(u);
      if (last.get(key) === json) continue;
      last.set(key, json);
      changed.push(u);
    }
    for (const u of changed) for (const l of [...listeners]) l(u);
    return changed;
  }

  return {
    catalogue: () => structuredClone(catalogue),
    snapshot: currentState,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start() {
      if (timer === null) timer = setInterval(step, tickMs);
    },
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
    },
    step,
  };
}
