/**
 * Auto cash out through the engine's loop: a feed price that crosses a player's rule fires the
 * hedge in the same turn as the price (journalled as a system decision), once; a restart folds the
 * log to the same state.
 */
import t from 'tap';
import type { BetPlaced, DomainEvent, ExchangeRunnerUpdate } from '@exch/contracts';
import { openPGliteStore } from '@exch/eventstore';
import { Engine, emptyState, fold } from '@exch/engine';
import { hierarchy, matchCatalogue, must, placeBet } from './fixtures.js';

const silent = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const home = (back: number, lay: number): ExchangeRunnerUpdate => ({
  type: 'exchange',
  marketId: 'mo1',
  selectionId: 1,
  status: 'ACTIVE',
  back: [{ price: back, size: 1e9 }],
  lay: [{ price: lay, size: 1e9 }],
});

t.test('a profit target fires on the price that reaches it, once, and replays alike', async (t) => {
  const store = await openPGliteStore({});
  const engine = await Engine.start({ store, log: silent, snapshotEvery: 0, housekeepEveryMs: 0 });
  t.teardown(async () => {
    await engine.stop().catch(() => {});
    await store.close();
  });
  const [p0] = await hierarchy(engine, 1, 10_000_00);
  await must(engine, matchCatalogue([1]), null);
  engine.quote(home(200, 202));
  // p0 backs Home ₹100 at 2.00: W = +10000, L = -10000.
  await must(engine, placeBet('b1', 'mo1', 1, 'back', 200, 100_00), p0!);
  await must(
    engine,
    { type: 'SetAutoCashOut', marketId: 'mo1', selectionId: 1, profitTarget: 40_00, lossLimit: null },
    p0!,
  );
  // Lay 1.50: 20000 / 1.50 = 13333.33 -> 13333, liability ceil(0.50 x 13333) = 6667: value min(3333, 3333): short.
  engine.quote(home(148, 150));
  await sleep(50);
  t.same(Object.keys(engine.view.autoCashOut), ['mo1|1'], 'not yet at ₹33.33');
  // Lay 1.40: 20000 / 1.40 = 14285.71 -> 14286, liability ceil(0.40 x 14286) = 5715: value min(4285, 4286) = 4285.
  engine.quote(home(138, 140));
  await sleep(50);
  t.same(engine.view.autoCashOut, {}, 'fired');
  const events = await store.readAll(0, 10_000);
  const hedges = events.filter((e) => e.type === 'BetPlaced' && (e.data as BetPlaced).cashOut);
  t.match(
    hedges.map((e) => e.data),
    [{ side: 'lay', odds: 140, stake: 14_286, cashOut: { percent: 100, value: 4_285, auto: true } }],
  );
  t.equal(events.at(-1)!.type, 'AutoCashOutCleared');
  engine.quote(home(128, 130));
  await sleep(50);
  t.equal((await store.readAll(0, 10_000)).length, events.length, 'a further move writes nothing: it fired once');
  const log = (await store.readAll(0, 10_000)) as unknown as DomainEvent[];
  t.same(fold(emptyState(), log), engine.view, 'the log folds to the live state');
});
