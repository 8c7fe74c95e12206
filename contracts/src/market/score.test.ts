import t from 'tap';
import { chaseOf, limitedOversTarget, type ChaseScore, type InningsScore } from './score.js';

const FIRST: InningsScore = { innings: 1, battingTeam: 'Mumbai', runs: 168, wickets: 6, balls: 120, overs: '20.0' };
const chase = (runs: number, wickets: number, balls: number, maxOvers: number | null = 20): ChaseScore => ({
  innings: 2,
  battingTeam: 'Chennai',
  runs,
  wickets,
  balls,
  overs: `${Math.floor(balls / 6)}.${balls % 6}`,
  previous: [FIRST],
  maxOvers,
  target: limitedOversTarget(2, [FIRST], maxOvers),
});

t.test('the target: the first innings plus one, in the second innings of a limited-overs match', async (t) => {
  t.equal(limitedOversTarget(2, [FIRST], 20), 169);
  t.equal(limitedOversTarget(1, [], 20), null, 'no target in the first innings');
  t.equal(limitedOversTarget(2, [FIRST], null), null, 'none where the overs are not limited (a Test)');
  t.equal(limitedOversTarget(3, [FIRST], 20), null, 'a super over is not this chase');
});

t.test('what the chase needs, and how it ends', async (t) => {
  t.same(chaseOf(chase(45, 1, 38)), { state: 'needs', runs: 124, balls: 82 });
  t.same(chaseOf(chase(45, 1, 38, null)), null, 'no target, no chase');
  t.same(chaseOf(chase(169, 3, 110)), { state: 'won', team: 'Chennai', by: 'wickets', margin: 7 });
  t.same(chaseOf(chase(160, 10, 100)), { state: 'won', team: 'Mumbai', by: 'runs', margin: 8 }, 'all out');
  t.same(chaseOf(chase(150, 4, 120)), { state: 'won', team: 'Mumbai', by: 'runs', margin: 18 }, 'the overs done');
  t.same(chaseOf(chase(168, 5, 120)), { state: 'tied' });
  t.same(chaseOf(chase(168, 5, 119)), { state: 'needs', runs: 1, balls: 1 });
  t.same(chaseOf({ ...chase(0, 0, 0), previous: [], target: null }), null);
});
