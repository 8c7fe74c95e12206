import { fileURLToPath } from 'node:url';
import t from 'tap';
import type { CricketScoreUpdate, FeedUpdate } from '@exch/contracts';
import { betfairFileFeed } from '../../src/index.js';
import type { CricketChange } from '../../src/betfair/protocol.js';
import { ballsOf, CricketScores } from '../../src/betfair/score.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

/**
 * Betfair's cricket stream as it sends a chase (the shape of betfairlightweight's recorded `ccm`
 * samples): the second innings listed first, the first innings' overs "20", the batsmen by their
 * runs and strike without names, "NA" for a winner not yet known.
 */
const CHASE: CricketChange = {
  eventId: '30610280',
  marketId: '1.179668557',
  fixtureInfo: {
    expectedStartTime: 1643359200000,
    fixtureStatus: 'IN_RUNNING',
    eventDescription: 'Perth Scorchers v Sydney Sixers, Big Bash League Final, from Docklands Stadium',
    maxOvers: 20,
    eventStatus: 'MATCH_STABLE',
  },
  matchStats: {
    currentInnings: 2,
    inningsStats: [
      {
        inningsNum: 2,
        battingTeam: 'Sydney Sixers',
        bowlingTeam: 'Perth Scorchers',
        inningsRuns: 6,
        inningsOvers: '1.4',
        inningsWickets: 1,
      },
      {
        inningsNum: 1,
        battingTeam: 'Perth Scorchers',
        bowlingTeam: 'Sydney Sixers',
        inningsRuns: 171,
        inningsOvers: '20',
        inningsWickets: 6,
      },
    ],
    battingTeamStats: { teamName: 'Sydney Sixers', bat1Runs: 0, bat1Strike: 1, bat2Runs: 3, bat2Strike: 0 },
    bowlingTeamStats: { teamName: 'Perth Scorchers' },
    winner: 'NA',
    scoreboardStatus: 'Match in Progress - Ball in Progress (est.latency:3 seconds)',
  },
};

t.test('a chase: both innings in order, the target, no batsmen without names', async (t) => {
  t.same(new CricketScores().apply(CHASE), {
    type: 'score',
    matchId: 'bf-30610280',
    innings: 2,
    battingTeam: 'Sydney Sixers',
    runs: 6,
    wickets: 1,
    balls: 10,
    overs: '1.4',
    previous: [{ innings: 1, battingTeam: 'Perth Scorchers', runs: 171, wickets: 6, balls: 120, overs: '20' }],
    maxOvers: 20,
    target: 172,
    batsmen: [],
    bowlers: [],
    toss: null,
  });
});

t.test('the batsmen in, the striker, the bowlers and the toss when the stream names them', async (t) => {
  const named: CricketChange = {
    ...CHASE,
    matchStats: {
      ...CHASE.matchStats,
      battingTeamStats: {
        teamName: 'Sydney Sixers',
        bat1Name: 'Josh Philippe',
        bat1Runs: 0,
        bat1Balls: 2,
        bat1Strike: 1,
        bat2Name: 'James Vince',
        bat2Runs: 3,
        bat2Balls: 6,
        bat2Strike: 0,
      },
      bowlingTeamStats: {
        teamName: 'Perth Scorchers',
        bowl1Name: 'Jhye Richardson',
        bowl1Overs: '0.4',
        bowl1Runs: 2,
        bowl1Maidens: 0,
        bowl1Wickets: 1,
        bowl2Name: 'Jason Behrendorff',
        bowl2Overs: '1.0',
        bowl2Runs: 4,
        bowl2Maidens: 0,
        bowl2Wickets: 0,
      },
      tossResult: 'Perth Scorchers won the toss and elected to bat',
    },
  };
  t.match(new CricketScores().apply(named), {
    batsmen: [
      { name: 'Josh Philippe', runs: 0, balls: 2, onStrike: true },
      { name: 'James Vince', runs: 3, balls: 6, onStrike: false },
    ],
    bowlers: [
      { name: 'Jhye Richardson', overs: '0.4', maidens: 0, runs: 2, wickets: 1 },
      { name: 'Jason Behrendorff', overs: '1.0', maidens: 0, runs: 4, wickets: 0 },
    ],
    toss: 'Perth Scorchers won the toss and elected to bat',
  });
  // At the innings break the stats may still be the side that batted first: not this innings' batsmen.
  const stale: CricketChange = {
    ...named,
    matchStats: {
      ...named.matchStats,
      battingTeamStats: { ...named.matchStats!.battingTeamStats, teamName: 'Perth Scorchers' },
    },
  };
  t.same(new CricketScores().apply(stale)?.batsmen, []);
});

t.test('each match keeps the parts a change leaves out', async (t) => {
  const scores = new CricketScores();
  t.equal(
    scores.apply({ eventId: '1', fixtureInfo: { maxOvers: 50, fixtureStatus: 'IN_RUNNING' } }),
    null,
    'no stats yet',
  );
  const stats = CHASE.matchStats!;
  const first = scores.apply({ eventId: '1', matchStats: stats });
  t.match(first, { matchId: 'bf-1', maxOvers: 50, target: 172 }, 'the overs from an earlier fixture info');
  t.same(
    scores.apply({ eventId: '1', fixtureInfo: { eventStatus: 'RUNS_LIKELY' } }),
    first,
    'a status alone changes nothing the score shows (the feed sends it once)',
  );
  t.match(
    scores.apply({ eventId: '2', matchStats: stats }),
    { matchId: 'bf-2', maxOvers: null, target: null },
    'another match',
  );
  t.equal(
    scores.apply({ eventId: '3', matchStats: { ...stats, currentInnings: 3 } }),
    null,
    'an innings the stats do not carry is no score',
  );
  t.equal(scores.apply({ eventId: '4', matchStats: { ...stats, tossResult: 'NA' } })?.toss, null, '"NA" is no toss');
});

t.test('overs as shown', async (t) => {
  t.equal(ballsOf('12.5'), 77);
  t.equal(ballsOf('20'), 120);
  t.equal(ballsOf('0.0'), 0);
  t.equal(ballsOf('3.6'), null);
  t.equal(ballsOf('x'), null);
});

t.test('the score file of the fixture: the first innings, the chase after the break, who is in', async (t) => {
  let done!: () => void;
  const ended = new Promise<void>((resolve) => (done = resolve));
  const feed = await betfairFileFeed({
    files: [fixture('1.300000001.gz')],
    scoreFiles: [fixture('cricket-30000002')],
    speed: 0,
    onEnd: done,
  });
  const scores: CricketScoreUpdate[] = [];
  feed.subscribe((u: FeedUpdate) => u.type === 'score' && scores.push(u));
  feed.start();
  await ended;
  feed.stop();
  t.match(scores[1], {
    innings: 1,
    runs: 80,
    previous: [],
    target: null,
    batsmen: [
      { name: 'Suryakumar Yadav', runs: 24, balls: 15, onStrike: false },
      { name: 'Tilak Varma', runs: 11, balls: 9, onStrike: true },
    ],
    bowlers: [{ name: 'Adam Zampa', overs: '2.5', runs: 19, wickets: 1 }, { name: 'Glenn Maxwell' }],
    toss: 'Australia won the toss and elected to field',
  });
  t.same(scores.at(-1), {
    type: 'score',
    matchId: 'bf-30000002',
    innings: 2,
    battingTeam: 'Australia',
    runs: 4,
    wickets: 0,
    balls: 3,
    overs: '0.3',
    previous: [{ innings: 1, battingTeam: 'India', runs: 165, wickets: 7, balls: 120, overs: '20.0' }],
    maxOvers: 20,
    target: 166,
    batsmen: [
      { name: 'Travis Head', runs: 4, balls: 3, onStrike: true },
      { name: 'Mitchell Marsh', runs: 0, balls: 0, onStrike: false },
    ],
    bowlers: [{ name: 'Arshdeep Singh', overs: '0.3', maidens: 0, runs: 4, wickets: 0 }],
    toss: 'Australia won the toss and elected to field',
  });
});
