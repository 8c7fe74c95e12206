import t from 'tap';
import type { Command } from '@exch/contracts';
import { isMarketLocked } from '../src/betting/locks.js';
import { ownedLocks } from '../src/snapshot/locks.js';
import { Table } from '../src/dict.js';
import type { MarketLocks } from '../src/state.js';
import { given, refused, userCreated, type Given } from './harness.js';

// Locks have an owner (docs/risk.md): admin a > master m > agent g > dealer d > players p, p2.
const tree: Given[] = [
  userCreated('a', 'admin', null),
  userCreated('m', 'smdl', 'a'),
  userCreated('g', 'mdl', 'm'),
  userCreated('d', 'dl', 'g'),
  userCreated('p', 'user', 'd'),
  userCreated('p2', 'user', 'd'),
  {
    type: 'MatchListed',
    data: {
      matchId: 'M1',
      sportId: 4,
      sportName: 'Cricket',
      seriesId: 'S1',
      seriesName: 'Series',
      name: 'India v Australia',
      startTime: '2026-11-22T09:30:00.000Z',
      inPlay: false,
    },
  },
  {
    type: 'MarketListed',
    data: {
      marketId: 'mo',
      matchId: 'M1',
      sportId: 4,
      kind: 'match_odds',
      name: 'Match Odds',
      runners: [{ selectionId: 1, name: 'India' }],
      minStake: 100_00,
      maxStake: 50_000_00,
      betDelaySec: 0,
      commissionBp: 0,
    },
  },
];

const lock = (locked: boolean, userId = 'p'): Command => ({
  type: 'SetMarketLock',
  userId,
  matchId: 'M1',
  marketKind: null,
  marketId: null,
  locked,
});
const lockSet = (locked: boolean, setBy?: string) => ({
  type: 'MarketLockSet' as const,
  streamId: 'user-p',
  data: { userId: 'p', matchId: 'M1', marketKind: null, marketId: null, locked, ...(setBy ? { setBy } : {}) },
});
const ABOVE = refused(
  'LOCK_SET_ABOVE',
  'This lock was set above you: only the account that set it, or one above it, can lift it',
);

t.test('a lock names who set it; a lower account cannot lift it, and the bettor stays locked', async (t) => {
  const w = given(...tree);
  t.same(w.when(lock(true), 'g'), { ok: true, events: [lockSet(true, 'g')] }, "the agent's lock is the agent's");
  w.do(lock(true), 'g');
  t.same(w.when(lock(false), 'd'), ABOVE, 'the dealer below cannot lift it');
  t.same(w.when(lock(true), 'd'), { ok: true, events: [] }, 'locking it again from below changes nothing');
  t.ok(isMarketLocked(w.state, 'p', w.state.markets.get('mo')!), 'the player stays locked');
  t.same(w.when(lock(false), 'g'), { ok: true, events: [lockSet(false)] }, 'the agent lifts its own');
  t.same(w.when(lock(false), 'm'), { ok: true, events: [lockSet(false)] }, 'so does any account above it');
  w.do(lock(false), 'm');
  t.notOk(isMarketLocked(w.state, 'p', w.state.markets.get('mo')!), 'lifted');
  t.same(w.when(lock(false), 'd'), { ok: true, events: [] }, 'no lock: nothing to lift');
});

t.test('an upline locking what a lower account locked takes the lock over', async (t) => {
  const w = given(...tree);
  w.do(lock(true), 'd');
  t.same(w.when(lock(false), 'd'), { ok: true, events: [lockSet(false)] }, 'the dealer may lift its own lock');
  t.same(w.when(lock(true), 'g'), { ok: true, events: [lockSet(true, 'g')] }, 'the agent takes it over');
  w.do(lock(true), 'g');
  t.same(w.when(lock(false), 'd'), ABOVE, 'now the dealer cannot lift it');
  t.same(w.when(lock(true), 'g'), { ok: true, events: [] }, 'the owner locking again changes nothing');
  t.same(w.state.marketLocks.get('p'), { 'M1|*|*': 'g' });
});

t.test('a lock journalled without an owner may be lifted by any upline', async (t) => {
  const w = given(...tree, lockSet(true));
  t.same(w.state.marketLocks.get('p'), { 'M1|*|*': null });
  t.same(w.when(lock(false), 'd'), { ok: true, events: [lockSet(false)] });
  t.same(w.when(lock(true), 'g'), { ok: true, events: [] }, 'locking it again changes nothing');
});

t.test("one account lock per player: the other players of the dealer are the dealer's to lift", async (t) => {
  const w = given(...tree);
  w.do(lock(true), 'g');
  w.do(lock(true, 'p2'), 'd');
  t.same(w.when(lock(false, 'p2'), 'd'), {
    ok: true,
    events: [{ ...lockSet(false), streamId: 'user-p2', data: { ...lockSet(false).data, userId: 'p2' } }],
  });
  t.same(w.when(lock(false), 'd'), ABOVE);
});

t.test('account and bet locks have owners the same way', async (t) => {
  for (const [command, event, flag] of [
    ['SetAccountLock', 'AccountLockSet', 'accountLocked'],
    ['SetBetLock', 'BetLockSet', 'betLocked'],
  ] as const) {
    const w = given(...tree);
    const set = (locked: boolean): Command => ({ type: command, userId: 'p', locked });
    t.same(w.when(set(true), 'g'), {
      ok: true,
      events: [{ type: event, streamId: 'user-p', data: { userId: 'p', locked: true, setBy: 'g' } }],
    });
    w.do(set(true), 'g');
    t.same(w.when(set(false), 'd'), ABOVE, `${command}: the dealer cannot lift the agent's`);
    t.same(w.when(set(true), 'd'), { ok: true, events: [] }, `${command}: nor change it by locking again`);
    t.equal(w.state.users.get('p')![flag], true);
    t.same(w.when(set(false), 'a'), {
      ok: true,
      events: [{ type: event, streamId: 'user-p', data: { userId: 'p', locked: false } }],
    });
    w.do(set(false), 'a');
    t.notOk(
      'accountLockedBy' in w.state.users.get('p')! || 'betLockedBy' in w.state.users.get('p')!,
      'no owner once lifted',
    );
    w.do(set(true), 'd');
    t.same(
      w.when(set(true), 'g'),
      { ok: true, events: [{ type: event, streamId: 'user-p', data: { userId: 'p', locked: true, setBy: 'g' } }] },
      `${command}: the agent takes the dealer's over`,
    );
    w.given({ type: event, data: { userId: 'p', locked: true } });
    t.match(w.when(set(false), 'd'), { ok: true }, `${command}: no owner recorded: any upline lifts it`);
  }
});

t.test("a snapshot's lock lists without owners load as locks without a recorded owner", async (t) => {
  const held = new Table<MarketLocks | string[]>([
    ['p', ['M1|*|*', 'M2|fancy|*']],
    ['p2', { 'M1|*|*': 'g' }],
  ]);
  t.same(Object.fromEntries(ownedLocks(held)), {
    p: { 'M1|*|*': null, 'M2|fancy|*': null },
    p2: { 'M1|*|*': 'g' },
  });
});
