import t from 'tap';
import type { Command } from '@exch/contracts';
import { userCreated, whenGiven } from './harness.js';

// admin a > dealer d > player p; dealer e > player q in another branch.
const tree = [
  userCreated('a', 'admin', null),
  userCreated('d', 'dl', 'a'),
  userCreated('p', 'user', 'd'),
  userCreated('e', 'dl', 'a'),
  userCreated('q', 'user', 'e'),
];
const when = (command: Command, actor: string | null) => whenGiven(tree, command, actor);

t.test("a back-office login sets its own big-bet threshold; a player can't", async (t) => {
  t.same(when({ type: 'SetBigBetThreshold', amount: 5_000_00 }, 'd'), {
    ok: true,
    events: [{ type: 'BigBetThresholdSet', streamId: 'user-d', data: { userId: 'd', amount: 5_000_00 } }],
  });
  t.match(when({ type: 'SetBigBetThreshold', amount: 0 }, 'a'), { ok: true }, '0 turns it off');
  t.match(when({ type: 'SetBigBetThreshold', amount: 100 }, 'p'), {
    ok: false,
    refusal: { code: 'FORBIDDEN', message: 'Only back-office logins set a big-bet threshold' },
  });
  t.match(when({ type: 'SetBigBetThreshold', amount: -1 }, 'd'), { ok: false, refusal: { code: 'INVALID_AMOUNT' } });
  t.match(when({ type: 'SetBigBetThreshold', amount: 1.5 }, 'd'), { ok: false, refusal: { code: 'INVALID_AMOUNT' } });
});

t.test('a watch list holds the downline only', async (t) => {
  t.same(when({ type: 'SetWatch', userId: 'p', watched: true }, 'd'), {
    ok: true,
    events: [{ type: 'WatchSet', streamId: 'user-d', data: { watcherId: 'd', userId: 'p', watched: true } }],
  });
  t.match(when({ type: 'SetWatch', userId: 'p', watched: true }, 'a'), { ok: true }, 'any depth below');
  for (const [userId, actor] of [
    ['q', 'd'],
    ['d', 'd'],
    ['zz', 'd'],
  ] as const)
    t.match(
      when({ type: 'SetWatch', userId, watched: true }, actor),
      { ok: false, refusal: { code: 'NOT_IN_DOWNLINE', message: 'User not found in your downline' } },
      `${actor} may not watch ${userId}`,
    );
  t.match(when({ type: 'SetWatch', userId: 'q', watched: true }, 'p'), { ok: false, refusal: { code: 'FORBIDDEN' } });
});
