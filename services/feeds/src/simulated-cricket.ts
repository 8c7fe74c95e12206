/**
 * The simulator's cricket: a T20 scored ball by ball, two innings, the second a chase of the
 * first's runs plus one, with the two batsmen in and the bowler of the over, as a real score
 * stream names them. Each side bats in its squad's order and its last five bowl the overs in turn
 * (four each). Pure state changes: the simulator draws the balls from its seeded PRNG.
 */
import { limitedOversTarget, type CricketScoreUpdate, type InningsScore } from '@exch/contracts';

export const OVERS = 20;
export const INNINGS_BALLS = OVERS * 6;
const BOWLERS = 5;

/** What one delivery does. */
export type Ball = { kind: 'wide' } | { kind: 'wicket' } | { kind: 'runs'; runs: number };

/** A delivery from a uniform draw in [0, 1): a wide 2%, a wicket 5%, then 0 to 6 runs. */
export function ballOf(x: number): Ball {
  if (x < 0.02) return { kind: 'wide' };
  if (x < 0.07) return { kind: 'wicket' };
  return { kind: 'runs', runs: x < 0.4 ? 0 : x < 0.72 ? 1 : x < 0.82 ? 2 : x < 0.84 ? 3 : x < 0.95 ? 4 : 6 };
}

interface Batter {
  /** Place in the batting order (the squad's index). */
  order: number;
  runs: number;
  balls: number;
}

interface Figures {
  balls: number;
  maidens: number;
  runs: number;
  wickets: number;
}

export interface SimInnings {
  innings: number;
  runs: number;
  wickets: number;
  /** Legal balls bowled. */
  balls: number;
  /** The innings' runs when the current over began (the "current over runs" fancy). */
  overStartRuns: number;
  /** The two batsmen in; `striker` faces the next ball. */
  batting: [Batter, Batter];
  striker: 0 | 1;
  /** The next batsman's place in the order. */
  nextIn: number;
  /** Each of the bowling side's five bowlers' figures, in the order they bowl. */
  bowling: Figures[];
  /** The innings before this one, as the score shows them. */
  previous: InningsScore[];
}

export function newInnings(innings: number, previous: InningsScore[]): SimInnings {
  return {
    innings,
    runs: 0,
    wickets: 0,
    balls: 0,
    overStartRuns: 0,
    batting: [
      { order: 0, runs: 0, balls: 0 },
      { order: 1, runs: 0, balls: 0 },
    ],
    striker: 0,
    nextIn: 2,
    bowling: Array.from({ length: BOWLERS }, () => ({ balls: 0, maidens: 0, runs: 0, wickets: 0 })),
    previous,
  };
}

const oversOf = (balls: number): string => `${Math.floor(balls / 6)}.${balls % 6}`;

/** The bowler of the over now being bowled (or about to be): the five take turns. */
const bowlerNow = (s: SimInnings): number => Math.floor(s.balls / 6) % BOWLERS;

const target = (s: SimInnings): number | null => limitedOversTarget(s.innings, s.previous, OVERS);

/** The innings is over: all out, the overs bowled, or the chase won. */
export function inningsOver(s: SimInnings): boolean {
  const t = target(s);
  return s.wickets >= 10 || s.balls >= INNINGS_BALLS || (t !== null && s.runs >= t);
}

/** One delivery on the score, the batsmen and the bowler. */
export function play(s: SimInnings, ball: Ball): void {
  const bowler = s.bowling[bowlerNow(s)]!;
  const striker = s.batting[s.striker];
  if (ball.kind === 'wide') {
    s.runs += 1; // a run, no ball counted
    bowler.runs += 1;
    return;
  }
  s.balls++;
  bowler.balls++;
  striker.balls++;
  if (ball.kind === 'wicket') {
    s.wickets++;
    bowler.wickets++;
    s.batting[s.striker] = { order: s.nextIn++, runs: 0, balls: 0 };
  } else {
    s.runs += ball.runs;
    bowler.runs += ball.runs;
    striker.runs += ball.runs;
    if (ball.runs % 2 === 1) s.striker = s.striker === 0 ? 1 : 0;
  }
  if (s.balls % 6 === 0) {
    if (s.runs === s.overStartRuns) bowler.maidens++;
    s.overStartRuns = s.runs;
    s.striker = s.striker === 0 ? 1 : 0;
  }
}

/** The innings as the score board shows it once it is over. */
export const inningsScore = (s: SimInnings, battingTeam: string): InningsScore => ({
  innings: s.innings,
  battingTeam,
  runs: s.runs,
  wickets: s.wickets,
  balls: s.balls,
  overs: oversOf(s.balls),
});

/** The score update of a match: `teams` and their `squads` in batting order of the first innings. */
export function scoreUpdate(
  matchId: string,
  teams: readonly string[],
  squads: readonly (readonly string[])[],
  s: SimInnings,
): CricketScoreUpdate {
  const bat = (s.innings - 1) % 2;
  const batting = squads[bat] ?? [];
  const bowling = squads[1 - bat] ?? [];
  const b = bowlerNow(s);
  const figures = s.bowling[b]!;
  return {
    type: 'score',
    matchId,
    ...inningsScore(s, teams[bat]!),
    previous: s.previous,
    maxOvers: OVERS,
    target: target(s),
    batsmen: s.batting
      .filter((x) => x.order < batting.length)
      .map((x) => ({
        name: batting[x.order]!,
        runs: x.runs,
        balls: x.balls,
        onStrike: x === s.batting[s.striker],
      })),
    // The last five of the squad bowl.
    bowlers:
      bowling.length >= BOWLERS
        ? [
            {
              name: bowling[bowling.length - BOWLERS + b]!,
              overs: oversOf(figures.balls),
              maidens: figures.maidens,
              runs: figures.runs,
              wickets: figures.wickets,
            },
          ]
        : [],
    toss: `${teams[0]} won the toss and chose to bat`,
  };
}
