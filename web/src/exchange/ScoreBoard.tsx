import { chaseOf, type Chase, type MatchSummary, type ScoreDto } from '@exch/contracts';
import { useFlash } from './use-flash';

const CRICKET = 4;

/** Runs an over from runs and legal balls; null before a ball is bowled. */
function runRate(runs: number, balls: number): string | null {
  return balls > 0 ? ((runs * 6) / balls).toFixed(2) : null;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What the chase needs, or how it ended, in words. */
export function chaseWords(chase: Chase, battingTeam: string): string {
  switch (chase.state) {
    case 'needs':
      return `${battingTeam} need ${plural(chase.runs, 'run')}${chase.balls === null ? '' : ` from ${plural(chase.balls, 'ball')}`}`;
    case 'won':
      return `${chase.team} won by ${plural(chase.margin, chase.by === 'wickets' ? 'wicket' : 'run')}`;
    case 'tied':
      return 'Match tied';
  }
}

/**
 * The score board of the match page: the live cricket score (the match's score, then each
 * scoreUpdate) with the innings before this one, the target and what the chase needs, the batsmen
 * in and the bowler on when the feed names them; or the match's state for other sports, whose feed
 * carries no score.
 */
export function ScoreBoard({ match, score }: { match: MatchSummary; score: ScoreDto | null }) {
  const flashing = useFlash(score ? `${score.runs}/${score.wickets}/${score.overs}` : '');
  const teams = match.runners.filter((r) => !/^the draw$/i.test(r.name)).map((r) => r.name);

  return (
    <section className="side-card scoreboard" aria-label="Score board">
      <header className="side-head">
        <h2>Score board</h2>
        {match.inPlay ? <span className="live-dot">In-Play</span> : <span className="side-head-note">Not started</span>}
      </header>
      {score && match.sportId === CRICKET ? (
        <CricketScore score={score} flashing={flashing} />
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

function CricketScore({ score, flashing }: { score: ScoreDto; flashing: boolean }) {
  const chase = chaseOf(score);
  const rr = runRate(score.runs, score.balls);
  const required = chase?.state === 'needs' && chase.balls ? runRate(chase.runs, chase.balls) : null;
  return (
    <div className={flashing ? 'score-body flash' : 'score-body'} data-testid="score">
      {score.previous.map((i) => (
        <div key={i.innings} className="score-previous" data-testid="score-previous">
          <span className="score-previous-team">{i.battingTeam}</span>
          <span>
            <b>
              {i.runs}/{i.wickets}
            </b>{' '}
            ({i.overs} ov)
          </span>
        </div>
      ))}
      <div className="score-team">
        <span className="score-batting">{score.battingTeam}</span>
        <span className="score-innings">Innings {score.innings}</span>
      </div>
      <div className="score-line">
        <b className="score-runs">
          {score.runs}/{score.wickets}
        </b>
        <span className="score-overs">({score.overs} ov)</span>
        {score.target !== null && <span className="score-target">Target {score.target}</span>}
      </div>
      {(rr !== null || required !== null) && (
        <div className="score-meta">
          {rr !== null && <>Run rate {rr}</>}
          {rr !== null && required !== null && ' · '}
          {required !== null && <>Required {required}</>}
        </div>
      )}
      {chase && (
        <div className={`score-chase ${chase.state}`} data-testid="score-chase">
          {chaseWords(chase, score.battingTeam)}
        </div>
      )}
      {(score.batsmen.length > 0 || score.bowlers.length > 0) && (
        <div className="score-players">
          {score.batsmen.length > 0 && (
            <div className="score-player-head">
              <span>Batting</span>
              <span>R (B)</span>
            </div>
          )}
          {score.batsmen.map((b) => (
            <div key={b.name} className="score-player" data-testid="batsman">
              <span className="score-player-name">
                {b.name}
                {b.onStrike && (
                  <span className="score-strike" title="On strike" aria-label="on strike">
                    *
                  </span>
                )}
              </span>
              <span className="score-figures">
                {b.runs}
                {b.balls !== null && <span className="score-balls"> ({b.balls})</span>}
              </span>
            </div>
          ))}
          {score.bowlers.length > 0 && (
            <div className="score-player-head">
              <span>Bowling</span>
              <span>{score.bowlers[0]!.maidens === null ? 'W/R (O)' : 'O-M-R-W'}</span>
            </div>
          )}
          {score.bowlers.map((b) => (
            <div key={b.name} className="score-player bowler" data-testid="bowler">
              <span className="score-player-name">{b.name}</span>
              <span className="score-figures">
                {b.maidens === null
                  ? `${b.wickets}/${b.runs} (${b.overs} ov)`
                  : `${b.overs}-${b.maidens}-${b.runs}-${b.wickets}`}
              </span>
            </div>
          ))}
        </div>
      )}
      {score.toss && <div className="score-toss">{score.toss}</div>}
    </div>
  );
}
