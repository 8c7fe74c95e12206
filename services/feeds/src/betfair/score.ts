/**
 * The cricket score stream (`ccm`) into the port's CricketScoreUpdate for the match `bf-{eventId}`
 * (the catalogue's id of the event): the current innings, the innings before it, the target of a
 * chase, and the batsmen and bowlers when the stream names them. A change carries only the parts
 * that changed (fixture info, match stats), so each match's latest parts are kept and the score is
 * read from them; a change that alters nothing the score shows sends nothing (to-feed.ts).
 */
import {
  limitedOversTarget,
  type BatsmanScore,
  type BowlerFigures,
  type CricketScoreUpdate,
  type InningsScore,
} from '@exch/contracts';
import type { BattingTeamStats, BowlingTeamStats, CricketChange, InningsStats, MatchStats } from './protocol.js';

/** "12.5" (or "20") -> legal balls; null when it is not overs as shown. */
export function ballsOf(overs: string): number | null {
  const m = /^(\d+)(?:\.([0-5]))?$/.exec(overs);
  return m ? Number(m[1]) * 6 + Number(m[2] ?? 0) : null;
}

function inningsOf(i: InningsStats): InningsScore | null {
  const overs = i.inningsOvers ?? '0';
  const balls = ballsOf(overs);
  if (balls === null) return null;
  return {
    innings: i.inningsNum,
    battingTeam: i.battingTeam ?? '',
    runs: i.inningsRuns ?? 0,
    wickets: i.inningsWickets ?? 0,
    balls,
    overs,
  };
}

/** A name the stream gives; "NA" and blanks say it has none. */
const named = (name: string | undefined): string | null => {
  const n = name?.trim() ?? '';
  return n === '' || n === 'NA' ? null : n;
};

function batsmenOf(s: BattingTeamStats | undefined, battingTeam: string): BatsmanScore[] {
  // Stats of the side that batted before the break are not this innings' batsmen.
  if (!s || (s.teamName !== undefined && s.teamName !== battingTeam)) return [];
  const out: BatsmanScore[] = [];
  for (const [name, runs, balls, strike] of [
    [s.bat1Name, s.bat1Runs, s.bat1Balls, s.bat1Strike],
    [s.bat2Name, s.bat2Runs, s.bat2Balls, s.bat2Strike],
  ] as const) {
    const n = named(name);
    if (n) out.push({ name: n, runs: runs ?? 0, balls: balls ?? null, onStrike: strike === 1 });
  }
  return out;
}

function bowlersOf(s: BowlingTeamStats | undefined, bowlingTeam: string | undefined): BowlerFigures[] {
  if (!s || (s.teamName !== undefined && bowlingTeam !== undefined && s.teamName !== bowlingTeam)) return [];
  const out: BowlerFigures[] = [];
  for (const [name, overs, runs, maidens, wickets] of [
    [s.bowl1Name, s.bowl1Overs, s.bowl1Runs, s.bowl1Maidens, s.bowl1Wickets],
    [s.bowl2Name, s.bowl2Overs, s.bowl2Runs, s.bowl2Maidens, s.bowl2Wickets],
  ] as const) {
    const n = named(name);
    if (n)
      out.push({
        name: n,
        overs: String(overs ?? '0'),
        maidens: maidens ?? null,
        runs: runs ?? 0,
        wickets: wickets ?? 0,
      });
  }
  return out;
}

/** A match's score from its latest match stats and fixture info; null without a current innings. */
export function toScore(eventId: string, stats: MatchStats, maxOvers: number | undefined): CricketScoreUpdate | null {
  const all = [...(stats.inningsStats ?? [])].sort((a, b) => a.inningsNum - b.inningsNum);
  const currentStats = all.find((i) => i.inningsNum === stats.currentInnings);
  const current = currentStats && inningsOf(currentStats);
  if (!current) return null;
  const previous = all
    .filter((i) => i.inningsNum < current.innings)
    .map(inningsOf)
    .filter((i): i is InningsScore => i !== null);
  const overs = Number.isInteger(maxOvers) && maxOvers! > 0 ? maxOvers! : null;
  return {
    type: 'score',
    matchId: `bf-${eventId}`,
    ...current,
    previous,
    maxOvers: overs,
    target: limitedOversTarget(current.innings, previous, overs),
    batsmen: batsmenOf(stats.battingTeamStats, current.battingTeam),
    bowlers: bowlersOf(stats.bowlingTeamStats, currentStats.bowlingTeam),
    toss: named(stats.tossResult),
  };
}

/** Each match's latest fixture info and match stats, as the stream's changes leave them. */
export class CricketScores {
  private readonly matches = new Map<string, Pick<CricketChange, 'fixtureInfo' | 'matchStats'>>();

  /** The score after this change; null while the match has no match stats. */
  apply(change: CricketChange): CricketScoreUpdate | null {
    const held = this.matches.get(change.eventId);
    // Fixture info may come a field at a time (a status alone); match stats come whole.
    const fixtureInfo = { ...held?.fixtureInfo, ...change.fixtureInfo };
    const matchStats = change.matchStats ?? held?.matchStats;
    this.matches.set(change.eventId, { fixtureInfo, matchStats });
    return matchStats ? toScore(change.eventId, matchStats, fixtureInfo?.maxOvers) : null;
  }
}

/**
 * Whether `next` may follow `last`: the port promises innings only count up and, within one
 * innings, runs, wickets and balls only go up, so a late, out-of-order change is dropped.
 */
export function scoreMovesOn(last: CricketScoreUpdate | undefined, next: CricketScoreUpdate): boolean {
  if (!last || next.innings > last.innings) return true;
  return (
    next.innings === last.innings && next.runs >= last.runs && next.wickets >= last.wickets && next.balls >= last.balls
  );
}
