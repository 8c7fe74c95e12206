import t from 'tap';
import { bigBets, bursts, jumps, type History, type WindowBet } from '../src/risk/alert-rules.js';

const at = (s: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, s));
let n = 0;
const bet = (user: string, stake: number, seconds: number, status = 'pending'): WindowBet => ({
  bet_id: `b${++n}`,
  user_id: user,
  username: user,
  stake,
  status,
  placed_at: at(seconds),
});
const history = (h: Partial<History>): Map<string, History> =>
  new Map([['u', { bets: 20, avgStake: 100_00, settled: 20, won: 6, ...h }]]);

t.test('a stake far above the account’s own average', async (t) => {
  const jump = [bet('u', 100_00, 0), bet('u', 500_00, 60), bet('u', 900_00, 120)];
  t.match(jumps(jump, history({})), [
    {
      kind: 'stake_jump',
      user_id: 'u',
      reason: 'Stake up to ₹900.00, 9.0x their average of ₹100.00 over 20 earlier bets',
      betIds: [jump[1]!.bet_id, jump[2]!.bet_id],
    },
  ]);
  t.same(jumps([bet('u', 150_00, 0), bet('u', 499_00, 60)], history({})), [], 'under five times: ordinary');
  t.same(jumps(jump, history({ bets: 4 })), [], 'too little history to compare with');
  t.same(jumps(jump, new Map()), [], 'no history at all');
});

t.test('a win rate far above the account’s own', async (t) => {
  const wins = [...Array.from({ length: 5 }, (_, i) => bet('u', 100_00, i * 60, 'won')), bet('u', 100_00, 400, 'lost')];
  t.match(jumps(wins, history({})), [
    { kind: 'win_rate', reason: 'Won 5 of 6 settled bets (83%) against 30% over 20 earlier' },
  ]);
  const usual = [bet('u', 100_00, 0, 'won'), ...Array.from({ length: 5 }, (_, i) => bet('u', 100_00, 60 + i, 'lost'))];
  t.same(jumps(usual, history({})), [], 'one win in six: ordinary');
  t.same(jumps(wins, history({ settled: 9, won: 2 })), [], 'too few earlier settled bets');
  t.same(jumps(wins.slice(0, 4), history({})), [], 'too few settled bets in the window');
});

t.test('bursts: ten bets within ten seconds, the longest run once', async (t) => {
  const fast = Array.from({ length: 12 }, (_, i) => bet('u', 100_00, i));
  const raised = bursts(fast);
  t.match(raised, [{ kind: 'burst', user_id: 'u', reason: '11 bets within 10 seconds' }]);
  t.equal(raised[0]!.betIds.length, 11);
  t.same(bursts(Array.from({ length: 12 }, (_, i) => bet('u', 100_00, i * 2))), [], 'one bet every two seconds');
  t.same(bursts(Array.from({ length: 9 }, (_, i) => bet('u', 100_00, i))), [], 'nine quick bets');
});

t.test('big bets against the caller’s threshold, none without one', async (t) => {
  const bets = [bet('u', 499_99, 0), bet('u', 500_00, 1)];
  t.match(bigBets(bets, 500_00), [{ kind: 'big_bet', betIds: [bets[1]!.bet_id] }]);
  t.same(bigBets(bets, 0), []);
});
