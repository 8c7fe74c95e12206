import t from 'tap';
import { RANKS } from '@exch/contracts';
import { TABLES, tableByCode } from '../../src/casino/index.js';
import { shuffleWithNodeCrypto } from '../../src/casino/fair-node.js';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

t.test("the tables, in SPEC.md's categories", async (t) => {
  t.same(
    TABLES.map((table) => `${table.code} ${table.category} ${table.midPrefix} ${table.shoe().length}`),
    [
      'teen20 20 102 52',
      'dt20 23 116 416',
      'lucky7 27 106 52',
      'ab20 26 123 52',
      'card32 24 113 32',
      'baccarat 22 125 416',
      'aaa 32 121 52',
      'btable 32 126 32',
      'race20 41 140 48',
      'worli 30 141 40',
      'war 29 131 52',
      'poker20 21 132 52',
      'roulette 31 137 37',
      '3cardj 28 128 52',
    ],
  );
  t.equal(tableByCode('dt20')?.name, 'Dragon Tiger 20-20');
  t.equal(tableByCode('poker'), undefined);
  for (const table of TABLES)
    t.same([table.minStake, table.maxStake, table.bettingSeconds], [10_000, 10_000_000, 20], table.code);
});

t.test('markets: unique sids and names, odds in whole hundredths above 1.00', async (t) => {
  for (const table of TABLES) {
    t.equal(new Set(table.markets.map((m) => m.name)).size, table.markets.length, `${table.code} names`);
    const prices = table.markets.flatMap((m) => [m.odds, ...(m.payTable ?? []).map((p) => p.odds)]);
    t.ok(
      prices.every((odds) => Number.isInteger(odds) && odds > 100),
      `${table.code} odds`,
    );
  }
});

t.test(
  "every deal is the shuffled shoe's first cards in order, the same every time, and settles every market",
  async (t) => {
    for (const table of TABLES) {
      for (let round = 0; round < 25; round++) {
        const shuffled = shuffleWithNodeCrypto(table.shoe(), SEED, `${table.midPrefix}${round}`, 0);
        const dealt = table.deal(shuffled);
        t.same(
          dealt.map((d) => d.card),
          shuffled.slice(0, dealt.length),
          `${table.code} round ${round}`,
        );
        t.same(table.deal(shuffled), dealt);
        t.same(
          table.result(dealt).markets.map((m) => m.sid),
          table.markets.filter((m) => m.picks === undefined).map((m) => m.sid),
        );
        // A market judged on the ranks a bet names: the first ranks, as many as it takes.
        for (const m of table.markets.filter((m) => m.picks !== undefined))
          t.equal(table.judgePick(dealt, m.sid, RANKS.slice(0, m.picks)).sid, m.sid);
      }
    }
  },
);
