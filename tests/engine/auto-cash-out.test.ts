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

t.test("a loss limit fires when another player's bet takes the best level, in that bet's turn", async (t) => {
  const store = await openPGliteStore({});
  const engine = await Engine.start({ store, log: silent, snapshotEvery: 0, housekeepEveryMs: 0 });
  t.teardown(async () => {
    await engine.stop().catch(() => {});
    await store.close();
  });
  const [p0, p1] = await hierarchy(engine, 2, 10_000_00);
  await must(engine, matchCatalogue([1]), null);
  // Home: back 2.00 deep; lay ₹500 at 2.10, then ₹1,000 at 3.00.
  engine.quote({
    type: 'exchange',
    marketId: 'mo1',
    selectionId: 1,
    status: 'ACTIVE',
    back: [{ price: 200, size: 1e9 }],
    lay: [
      { price: 210, size: 500_00 },
      { price: 300, size: 1_000_00 },
    ],
  });
  // p0 backs Home ₹1,000 at 2.00 and keeps a loss limit of ₹200. Hedged at 2.10 now: -1000 + 2000 / 2.10 = -47.62.
  await must(engine, placeBet('b1', 'mo1', 1, 'back', 200, 1_000_00), p0!);
  await must(
    engine,
    { type: 'SetAutoCashOut', marketId: 'mo1', selectionId: 1, profitTarget: null, lossLimit: 200_00 },
    p0!,
  );
  t.same(Object.keys(engine.view.autoCashOut), ['mo1|1'], 'not crossed at 2.10');
  // p1 lays Home ₹500 at 2.10 and takes the whole level: the best lay is 3.00 now, where p0's position
  // is worth -1000 + 2000 / 3.00 = -333.33, past the limit. The feed sends nothing.
  await must(engine, placeBet('b2', 'mo1', 1, 'lay', 210, 500_00), p1!);
  t.same(engine.view.autoCashOut, {}, "fired in p1's turn");
  const events = await store.readAll(0, 10_000);
  const hedges = events.filter((e) => e.type === 'BetPlaced' && (e.data as BetPlaced).cashOut);
  // 200000 / 3.00 = 66666.67 -> 66667 laid at 3.00; value min(100000 - ceil(2 x 66667), 66667 - 100000) = -33334.
  t.match(
    hedges.map((e) => e.data),
    [{ userId: p0, side: 'lay', odds: 300, stake: 66_667, cashOut: { percent: 100, value: -33_334, auto: true } }],
  );
  const log = events as unknown as DomainEvent[];
  t.same(fold(emptyState(), log), engine.view, 'the log folds to the live state');
});

t.test(
  'a rule whose hedge outgrows the best level fires on the ladder’s depth, valued at the level it reaches',
  async (t) => {
    const store = await openPGliteStore({});
    const engine = await Engine.start({ store, log: silent, snapshotEvery: 0, housekeepEveryMs: 0 });
    t.teardown(async () => {
      await engine.stop().catch(() => {});
      await store.close();
    });
    const [p0] = await hierarchy(engine, 1, 10_000_00);
    await must(engine, matchCatalogue([1]), null);
    const home = (lay: { price: number; size: number }[]): ExchangeRunnerUpdate => ({
      type: 'exchange',
      marketId: 'mo1',
      selectionId: 1,
      status: 'ACTIVE',
      back: [{ price: 200, size: 1e9 }],
      lay,
    });
    engine.quote(home([{ price: 202, size: 1e9 }]));
    // p0 backs Home ₹1,000 at 2.00 (W +1000, L -1000) and keeps a loss limit of ₹300.
    await must(engine, placeBet('b1', 'mo1', 1, 'back', 200, 1_000_00), p0!);
    await must(
      engine,
      { type: 'SetAutoCashOut', marketId: 'mo1', selectionId: 1, profitTarget: null, lossLimit: 300_00 },
      p0!,
    );
    // Only ₹300 to lay at 3.00, then ₹1,000 at 3.05. The hedge needs 200000 / 3.05 = 65574 paise, more
    // than 3.00 holds: valued at 3.05, min(100000 - ceil(2.05 x 65574), 65574 - 100000) = -34427, past
    // the limit. At the best level alone (the hedge could not fill whole there) it never fired.
    engine.quote(
      home([
        { price: 300, size: 300_00 },
        { price: 305, size: 1_000_00 },
      ]),
    );
    // A command after the quote: the engine takes them in order, so the rule was checked by then.
    await must(engine, { type: 'MatchResting', marketId: 'mo1', selectionId: 1 }, null);
    t.same(engine.view.autoCashOut, {}, 'fired');
    const hedge = (await store.readAll(0, 10_000)).map((e) => e.data as BetPlaced).find((d) => d.cashOut?.auto);
    t.match(hedge, {
      side: 'lay',
      odds: 305,
      stake: 65_574,
      cashOut: { value: -34_427 },
      fills: [
        { price: 300, size: 300_00 },
        { price: 305, size: 35_574 },
      ],
    });
  },
);
