/**
 * A snapshot writes the open markets' bets in slices, one per event-loop turn after its core, so
 * commands are decided while it is saved. Bets those commands change before their slice is written
 * (matched, cancelled, their market settled) must still be written as they were at the snapshot's
 * position: the snapshot put back equals a fold of the log up to that position, and a restart on
 * it (snapshot + tail) equals a fold of the whole log.
 */
import t from 'tap';
import { openPGliteStore } from '@exch/eventstore';
import { emptyState, fold } from '@exch/engine';
import { OPEN_BETS_PER_PART } from '../../services/engine/src/snapshot/parts.js';
import { engineOn, envelope, hierarchy, matchCatalogue, must, placeBet } from './fixtures.js';
import { nextSnapshot, snapshotAndFold, snapshotWhile } from './snapshot-while.js';

const asJson = (x: unknown): unknown => JSON.parse(JSON.stringify(x));
const RESTING = 2.5 * OPEN_BETS_PER_PART;
const BOOKMAKER = 600;

t.test('bets changed while a snapshot is written are written as they were at its position', async (t) => {
  const store = await openPGliteStore({});
  t.teardown(() => store.close());
  let engine = await engineOn(store, t);
  const players = await hierarchy(engine, 12, 1_000_000_00);
  await must(engine, matchCatalogue([1]), null);
  engine.quote({
    type: 'exchange',
    marketId: 'mo1',
    selectionId: 1,
    status: 'ACTIVE',
    back: [{ price: 200, size: 1_000_000_00 }],
    lay: [{ price: 400, size: 1_000_000_00 }],
  });
  engine.quote({ type: 'bookmaker', marketId: 'bm1', selectionId: 1, status: 'ACTIVE', back: 85, lay: 90 });
  // Resting backs: the last slice's at a lower price, so a layer takes them first.
  const owner = (i: number) => players[i % players.length]!;
  const odds = (i: number) => (i >= 2 * OPEN_BETS_PER_PART ? 250 : 300);
  await Promise.all(
    Array.from({ length: RESTING }, (_, i) =>
      must(engine, placeBet(`r${i}`, 'mo1', 1, 'back', odds(i), 100_00), owner(i)),
    ),
  );
  await Promise.all(
    Array.from({ length: BOOKMAKER }, (_, i) =>
      must(engine, placeBet(`k${i}`, 'bm1', 1, 'back', 85, 100_00), owner(i)),
    ),
  );

  // After the first slice of open bets is written, commands change bets of the slices still to come.
  const { keys, changedAfter } = await snapshotWhile(engine, store, 'open:mo1', async () => {
    const last = RESTING - 1;
    await must(engine, placeBet('taker', 'mo1', 1, 'lay', 250, 30 * 100_00), players.find((p) => p !== owner(last))!);
    await must(engine, { type: 'CancelBet', betId: `r${last}` }, owner(last));
    await must(engine, { type: 'CancelBet', betId: `r${last - 1}` }, owner(last - 1));
    await must(engine, { type: 'SettleMarket', marketId: 'bm1', selectionId: 1, runs: null }, 'a');
    await must(engine, placeBet('later', 'mo1', 1, 'back', 300, 100_00), owner(0));
  });
  const opened = keys.filter((k) => k.startsWith('open:'));
  t.equal(
    opened.length,
    3 + Math.ceil(BOOKMAKER / OPEN_BETS_PER_PART),
    'three slices of match odds bets and the bookmaker’s',
  );
  t.ok(changedAfter > 0 && changedAfter < keys.indexOf(opened.at(-1)!) + 1, 'commands changed bets between the slices');

  const { position, restored, atPosition, log } = await snapshotAndFold(store);
  t.ok(position < log.at(-1)!.position, 'the commands came after the snapshot’s position');
  t.same(asJson(restored), asJson(atPosition), 'the snapshot is the state at its position');
  t.equal(restored.bets.get(`r${RESTING - 1}`)!.unmatched, 100_00, 'a bet cancelled since is still resting in it');
  t.equal(restored.bets.get(`k${BOOKMAKER - 1}`)!.status, 'open', 'a bet settled since is still open in it');

  const live = asJson(engine.view);
  await engine.stop();
  engine = await engineOn(store, t);
  t.same(asJson(engine.view), live, 'a restart on it (and the tail) gives the state back');
  t.same(asJson(fold(emptyState(), log as never)), live, 'as a full fold of the log does');
  const r = await engine.execute(envelope({ type: 'CancelBet', betId: `r${RESTING - 3}` }, owner(RESTING - 3)));
  t.ok(r.ok, 'and a bet matched since is written to again at the right stream version');

  // The restarted engine's next snapshot names again the slices whose bets did not change (the
  // first ones), writes the others, and is still the state at its position, with a bet of a
  // slice it keeps cancelled while it is saved.
  const after = await nextSnapshot(engine, store, 'open:mo1', async () => {
    await must(engine, { type: 'CancelBet', betId: 'r0' }, owner(0));
  });
  t.ok(after.kept.length > 0, `slices of the last snapshot named again (${after.kept.join(', ')})`);
  t.ok(after.wrote, 'and the slices whose bets changed written');
  t.same(asJson(after.restored), asJson(after.atPosition), 'the snapshot is the state at its position');
  const now = asJson(engine.view);
  await engine.stop();
  engine = await engineOn(store, t);
  t.same(asJson(engine.view), now, 'and a restart on it gives the state back');
});
