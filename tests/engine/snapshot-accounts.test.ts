/**
 * A snapshot writes the account tables (users, balances, exposures, market locks, the live
 * streams' versions) in slices, one per event-loop turn, so commands are decided while it is saved.
 * Accounts those commands change before their slice is written (chips moved, a bet lock, a credit
 * reference, a bet's exposure, a new account) must still be written as they were at the snapshot's
 * position: the snapshot put back equals a fold of the log up to that position, and a restart on
 * it (snapshot + tail) equals a fold of the whole log.
 */
import t from 'tap';
import { openPGliteStore } from '@exch/eventstore';
import { emptyState, fold, loadSnapshotCore, SNAPSHOT_NAME } from '@exch/engine';
import { ENTRIES_PER_PART } from '../../services/engine/src/snapshot/parts.js';
import { createUser } from '../../services/engine/test/harness.js';
import { create, engineOn, envelope, hierarchy, matchCatalogue, must, placeBet } from './fixtures.js';
import { nextSnapshot, snapshotAndFold, snapshotWhile } from './snapshot-while.js';

const asJson = (x: unknown): unknown => JSON.parse(JSON.stringify(x));
const PLAYERS = 2 * ENTRIES_PER_PART.users + 100;

t.test('accounts changed while a snapshot is written are written as they were at its position', async (t) => {
  const store = await openPGliteStore({});
  t.teardown(() => store.close());
  let engine = await engineOn(store, t);
  const players = await hierarchy(engine, PLAYERS, 1_000_00);
  await must(engine, matchCatalogue([1]), null);
  engine.quote({ type: 'bookmaker', marketId: 'bm1', selectionId: 1, status: 'ACTIVE', back: 85, lay: 90 });
  const last = players.at(-1)!;
  await must(engine, placeBet('before', 'bm1', 1, 'back', 85, 100_00), last);

  // After the first slice of users is written, commands change accounts of the slices still to come.
  const { keys, changedAfter } = await snapshotWhile(engine, store, 'table:users', async () => {
    await must(engine, { type: 'TransferChips', fromUserId: 'd', toUserId: last, amount: 500_00, remark: '' }, 'd');
    await must(engine, { type: 'SetBetLock', userId: players.at(-2)!, locked: true }, 'd');
    await must(engine, { type: 'SetCreditReference', userId: players.at(-3)!, creditReference: 9_00 }, 'd');
    await must(engine, placeBet('during', 'bm1', 1, 'back', 85, 200_00), last);
    await must(engine, create('late', 'user', 'd'), 'd');
  });
  const users = keys.filter((k) => k.startsWith('table:users'));
  t.equal(users.length, 3, `three slices of users (${PLAYERS + 5} of them)`);
  t.ok(
    changedAfter > 0 && changedAfter < keys.indexOf(users.at(-1)!) + 1,
    'commands changed accounts between the slices',
  );

  const { core } = (await loadSnapshotCore(store, SNAPSHOT_NAME))!;
  t.same(
    [core.state.users.size, core.state.balances.size, Object.keys(core.versions).length],
    [0, 0, 0],
    'none in the core',
  );
  const { position, restored, atPosition, log } = await snapshotAndFold(store);
  t.ok(position < log.at(-1)!.position, 'the commands came after the snapshot’s position');
  t.same(asJson(restored), asJson(atPosition), 'the snapshot is the state at its position');
  t.equal(restored.users.get(players.at(-2)!)!.betLocked, false, 'a user bet-locked since is not locked in it');
  t.notOk(restored.users.has('late'), 'an account opened since is not in it');

  const live = asJson(engine.view);
  await engine.stop();
  engine = await engineOn(store, t);
  t.same(asJson(engine.view), live, 'a restart on it (and the tail) gives the state back');
  t.same(asJson(fold(emptyState(), log as never)), live, 'as a full fold of the log does');
  const again = await engine.execute(envelope(create('late-2', 'user', 'd'), 'd'));
  t.ok(again.ok, 'a new account after the restart');
  const taken = await engine.execute(envelope(createUser('other', 'user', 'd', 'u_p0'), 'd'));
  t.equal(!taken.ok && taken.refusal.code, 'USERNAME_TAKEN', 'a username from a slice is still taken');
  const more = await engine.execute(
    envelope({ type: 'TransferChips', fromUserId: 'd', toUserId: last, amount: 1_00, remark: '' }, 'd'),
  );
  t.ok(more.ok, 'and an account changed during the save is written to again at the right stream version');

  // The restarted engine's next snapshot names again the slices none of whose accounts changed
  // (the first users'), writes the others, and is still the state at its position, with a user
  // of a slice it keeps changed while it is saved.
  const after = await nextSnapshot(engine, store, 'table:users', async () => {
    await must(engine, { type: 'SetBetLock', userId: players[0]!, locked: true }, 'd');
  });
  t.ok(after.kept.length > 0, `slices of the last snapshot named again (${after.kept.join(', ')})`);
  t.ok(after.wrote, 'and the slices whose accounts changed written');
  t.same(asJson(after.restored), asJson(after.atPosition), 'the snapshot is the state at its position');
  t.equal(after.restored.users.get(players[0]!)!.betLocked, false, 'a user bet-locked since is not locked in it');
  const now = asJson(engine.view);
  await engine.stop();
  engine = await engineOn(store, t);
  t.same(asJson(engine.view), now, 'and a restart on it gives the state back');
});
