import t from 'tap';
import type { RestoredBet } from '@exch/contracts';
import { BetStore } from '../src/betting/bet-store.js';
import { addBet, addSlot, emptyBook } from '../src/betting/pnl-book.js';
import { prng } from '../../../tests/engine/fixtures.js';

const bet = (i: number, over: Partial<RestoredBet> = {}): RestoredBet => ({
  betId: `b${i}`,
  userId: `u${i % 7}`,
  marketId: `m${i % 3}`,
  kind: 'match_odds',
  selectionId: 1 + (i % 3),
  side: i % 2 ? 'back' : 'lay',
  odds: 150 + i,
  volume: null,
  stake: 100_00 + i,
  fills: [],
  unmatched: 100_00 + i,
  persistence: i % 5 ? 'LAPSE' : 'PERSIST',
  seq: i,
  status: 'open',
  ...over,
});

t.test('a bet comes back as it was put, every field', async (t) => {
  const store = new BetStore();
  const fancy = bet(1, {
    kind: 'fancy',
    selectionId: null,
    volume: 90,
    odds: 46,
    fills: [{ price: 46, size: 500 }],
    status: 'settled',
  });
  const backed = bet(2, { fills: [{ price: 160, size: 3_00 }], unmatched: 97_02 });
  store.put(fancy);
  store.put(backed);
  t.same(store.get('b1'), fancy);
  t.same(store.get('b2'), backed);
  t.equal(store.get('nope'), undefined);
  t.equal(store.slotOf('nope'), -1);
  t.same(JSON.parse(JSON.stringify(store)), { b1: fancy, b2: backed }, 'JSON as the Dict it replaced wrote');
  t.same(BetStore.from(JSON.parse(JSON.stringify(store))).toJSON(), store.toJSON(), 'and read back');
  t.same([...store.keys()], ['b1', 'b2'], 'in the order put');
});

t.test('a placed bet is added without a lookup; a second one with its id throws', async (t) => {
  const store = new BetStore();
  const s = store.add(bet(1));
  t.equal(store.slotOf('b1'), s);
  t.same(store.get('b1'), bet(1));
  t.throws(() => store.add(bet(1, { stake: 1 })), /bet b1 is already in the state/);
});

t.test('fills, interleaved over many bets, deletes and slots used again: the same as a plain model', async (t) => {
  const rng = prng(7);
  const store = new BetStore();
  const model = new Map<string, RestoredBet>();
  let next = 0;
  for (let step = 0; step < 60_000; step++) {
    const roll = rng.int(0, 99);
    const ids = [...model.keys()];
    if (roll < 25 || ids.length === 0) {
      const b = bet(next++);
      store.put(b);
      model.set(b.betId, b);
    } else if (roll < 90) {
      const id = ids[rng.int(0, ids.length - 1)]!;
      const price = rng.int(101, 1000);
      const size = rng.int(1, 10_000_00);
      store.addFill(store.slotOf(id), price, size);
      model.get(id)!.fills.push({ price, size });
    } else if (roll < 97) {
      const id = ids[rng.int(0, ids.length - 1)]!;
      store.delete(id);
      model.delete(id);
    } else {
      const id = ids[rng.int(0, ids.length - 1)]!;
      const fills = [{ price: rng.int(101, 1000), size: rng.int(1, 100) }];
      store.setFills(store.slotOf(id), fills);
      model.get(id)!.fills = fills;
    }
  }
  t.equal(store.size, model.size);
  t.same(store.toJSON(), Object.fromEntries(model), 'every bet and its fills');
  const wrong = [...model].filter(([id, b]) => {
    const s = store.slotOf(id);
    return (
      store.matchedAt(s) !== b.fills.reduce((sum, f) => sum + f.size, 0) ||
      store.edgeAt(s) !== b.fills.reduce((sum, f) => sum + (f.price - 100) * f.size, 0)
    );
  });
  t.same(wrong, [], "each bet's edge and matched stake are its fills summed");
});

t.test('a P&L book from the columns is the one from the bet', async (t) => {
  const store = new BetStore();
  const market = { kind: 'match_odds' as const, runners: [1, 2, 3].map((selectionId) => ({ selectionId, name: 'r' })) };
  const bets = [
    bet(1, { fills: [{ price: 201, size: 33_33 }], unmatched: 10_00 }),
    bet(2, {
      fills: [
        { price: 130, size: 7 },
        { price: 131, size: 11 },
      ],
      unmatched: 0,
    }),
    bet(3, { status: 'settled', fills: [{ price: 300, size: 1_00 }] }),
  ];
  const fromBets = emptyBook(market);
  const fromSlots = emptyBook(market);
  for (const b of bets) {
    addBet(fromBets, b, 1);
    addSlot(fromSlots, store, store.put(b), 1);
  }
  t.same(fromSlots, fromBets);
});
