/**
 * The cricket score stream (`ccm`) into the port's CricketScoreUpdate: the current innings'
 * batting team, runs, wickets and overs for the match `bf-{eventId}` (the catalogue's id of the
 * event). A change without match stats (a fixture status only) changes no score.
 */
import type { CricketScoreUpdate } from '@exch/contracts';
import type { CricketChange } from './protocol.js';

/** "12.5" -> 77 legal balls; null when it is not overs as shown. */
export function ballsOf(overs: string): number | null {
  const m = /^(\d+)(?:\.([0-5]))?$/.exec(overs);
  return m ? Number(m[1]) * 6 + Number(m[2] ?? 0) : null;
}

export function toScore(change: CricketChange): CricketScoreUpdate | null {
  const stats = change.matchStats;
  const innings = stats?.currentInnings;
  const current = stats?.inningsStats?.find((i) => i.inningsNum === innings);
  if (innings === undefined || !current) return null;
  const overs = current.inningsOvers ?? '0';
  const balls = ballsOf(overs);
  if (balls === null) return null;
  return {
    type: 'score',
    matchId: `bf-${change.eventId}`,
    innings,
    battingTeam: current.battingTeam ?? '',
    runs: current.inningsRuns ?? 0,
    wickets: current.inningsWickets ?? 0,
    balls,
    overs,
  };
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
