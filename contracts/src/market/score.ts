/** One innings of a cricket match as a score board shows it. */
export interface InningsScore {
  innings: number;
  battingTeam: string;
  runs: number;
  wickets: number;
  /** Legal balls bowled in this innings. */
  balls: number;
  /** Overs as shown, "12.3" = 12 overs and 3 balls. */
  overs: string;
}

/** A batsman in, as the score stream names him. */
export interface BatsmanScore {
  name: string;
  runs: number;
  /** Balls faced; null when the feed does not say. */
  balls: number | null;
  /** Facing the next ball. */
  onStrike: boolean;
}

/** A bowler's figures in this innings. */
export interface BowlerFigures {
  name: string;
  /** Overs as shown, "3.2". */
  overs: string;
  /** Null when the feed does not say. */
  maidens: number | null;
  runs: number;
  wickets: number;
}

/** A limited-overs match is two innings: the side batting second needs one run more than the first made. */
export function limitedOversTarget(
  innings: number,
  previous: readonly InningsScore[],
  maxOvers: number | null,
): number | null {
  const first = previous.find((i) => i.innings === 1);
  return innings === 2 && maxOvers !== null && first ? first.runs + 1 : null;
}

/** The score a chase is read from: the current innings, the innings before it, the target and the overs. */
export interface ChaseScore extends InningsScore {
  previous: InningsScore[];
  maxOvers: number | null;
  target: number | null;
}

/** What the side batting second needs (runs, and balls left when the overs are limited), or how the chase ended. */
export type Chase =
  | { state: 'needs'; runs: number; balls: number | null }
  | { state: 'won'; team: string; by: 'wickets' | 'runs'; margin: number }
  | { state: 'tied' };

/** The chase of a score with a target; null when there is none (the first innings, or an unlimited match). */
export function chaseOf(s: ChaseScore): Chase | null {
  if (s.target === null) return null;
  const need = s.target - s.runs;
  if (need <= 0) return { state: 'won', team: s.battingTeam, by: 'wickets', margin: 10 - s.wickets };
  const balls = s.maxOvers === null ? null : Math.max(0, s.maxOvers * 6 - s.balls);
  if (s.wickets < 10 && balls !== 0) return { state: 'needs', runs: need, balls };
  if (need === 1) return { state: 'tied' };
  return { state: 'won', team: s.previous.at(-1)?.battingTeam ?? '', by: 'runs', margin: need - 1 };
}
