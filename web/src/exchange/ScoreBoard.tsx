import type { MatchSummary, ScoreDto } from '@exch/contracts';
import { useFlash } from './use-flash';

const CRICKET = 4;

/** Run rate from runs and overs shown as "12.3" (12 overs and 3 balls). */
function runRate(runs: number, overs: string): string | null {
  const [whole, balls] = overs.split('.').map(Number);
  const total = (whole ?? 0) * 6 + (balls ?? 0);
  return total > 0 ? ((runs * 6) / total).toFixed(2) : null;
}

/**
 * The score board of the match page's side column: the live cricket score (the match's score,
 * then each scoreUpdate), or the match's state for other sports, whose feed carries no score.
 */
export function ScoreBoard({ match, score }: { match: MatchSummary; score: ScoreDto | null }) {
  const flashing = useFlash(score ? `${score.runs}/${score.wickets}/${score.overs}` : '');
  const teams = match.runners.filter((r) => !/^the draw$/i.test(r.name)).map((r) => r.name);
  const rr = score ? runRate(score.runs, score.overs) : null;

  return (
    <section className="side-card scoreboard" aria-label="Score board">
      <header className="side-head">
        <h2>Score board</h2>
        {match.inPlay ? <span className="live-dot">In-Play</span> : <span className="side-head-note">Not started</span>}
      </header>
      {score && match.sportId === CRICKET ? (
        <div className={flashing ? 'score-body flash' : 'score-body'} data-testid="score">
          <div className="score-team">
            <span className="score-batting">{score.battingTeam}</span>
            <span className="score-innings">Innings {score.innings}</span>
          </div>
          <div className="score-line">
            <b className="score-runs">
              {score.runs}/{score.wickets}
            </b>
            <span className="score-overs">({score.overs} ov)</span>
          </div>
          {rr !== null && <div className="score-meta">Run rate {rr}</div>}
        </div>
      ) : (
        <div className="score-body score-empty">
          <div className="score-teams">{teams.join(' v ')}</div>
          <div className="muted">
            {match.inPlay
              ? 'Live score is not available for this match.'
              : 'The score appears here once the match is in play.'}
          </div>
        </div>
      )}
    </section>
  );
}
