/**
 * `npm run bench` bets on the casino tables (scripts/bench/casino.ts). Its bet must be one every
 * market of every table takes: since 3 Cards Judgement, whose Yes and No name card ranks, the
 * bench had stopped there, and no test noticed.
 */
import t from 'tap';
import { benchCasinoBet, world } from '../../scripts/bench/casino.js';
import { envelope, prng } from './fixtures.js';

t.test("the bench's casino bet is taken on every market of every table", async (t) => {
  const w = await world(2);
  t.teardown(() => w.close());
  const rng = prng(1);
  const codes = Object.keys(w.engine.view.casino.tables);
  t.ok(codes.length >= 8, `${codes.length} tables`);
  for (const code of codes) {
    await w.dealer.step(code);
    const table = w.engine.view.casino.tables[code]!;
    const mid = table.round!.mid;
    for (const [i, market] of table.markets.entries()) {
      const command = benchCasinoBet(rng, code, mid, market, `${mid}-${i}`);
      const r = await w.engine.execute({ ...envelope(command, w.players[i % 2]!), at: new Date().toISOString() });
      if (!r.ok) t.fail(`${code} ${market.name}: ${r.refusal.message}`);
    }
    t.pass(`${code}: ${table.markets.length} markets`);
  }
});
