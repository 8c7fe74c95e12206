/**
 * The process tests/engine/casino-crash.test.ts kills: an engine and a casino dealer on a PGlite
 * data folder, dealing one table's rounds forever while six players bet on them in concurrent
 * batches. It prints a line once each thing is done (so durable):
 *
 *   OPENED <mid>              betting is open
 *   ACK <betId> <mid>         a bet accepted
 *   NACK <betId> <code>       a bet refused
 *   CLOSED / DEALT <mid>      betting closed; the round dealt from its seed
 *   REVEALED <mid> <index>    a card face up
 *   SETTLING <mid>            about to send the settlement (a kill now lands in the middle of it)
 *   SETTLED <mid>
 *
 *   node --import tsx tests/engine/casino-crash-child.ts <dataDir> <table> <seed>
 */
import pino from 'pino';
import type { Command } from '@exch/contracts';
import { openPGliteStore } from '@exch/eventstore';
import { Engine } from '@exch/engine';
import { Dealer } from '@exch/server';
import { envelope, hierarchy, prng } from './fixtures.js';

const [dataDir, table = 'dt20', seed = '1'] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: casino-crash-child.ts <dataDir> <table> <seed>');
const silent = { info() {}, warn() {}, error() {} };
const rng = prng(Number(seed));
const say = (line: string) => process.stdout.write(`${line}\n`);

const store = await openPGliteStore({ dataDir });
const engine = await Engine.start({ store, log: silent, snapshotEvery: 150 });
const players = Array.from({ length: 6 }, (_, i) => `p${i}`);
if (!engine.view.users.get('a')) await hierarchy(engine, players.length, 20_000_00);
const dealer = new Dealer(
  { bus: engine, view: () => engine.view, log: pino({ level: 'silent' }) },
  { auto: false, bettingMs: 600_000 },
);
await dealer.start();
say('READY');

let n = 0;
const step = async (code: string) => dealer.step(code);
for (;;) {
  if ((await step(table)) !== 'opened') throw new Error('expected a new round');
  const mid = engine.view.casino.tables[table]!.round!.mid;
  say(`OPENED ${mid}`);
  const markets = engine.view.casino.tables[table]!.markets;
  for (let batch = 0; batch < 4; batch++) {
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        const betId = `${table}-${seed}-${++n}`;
        const market = rng.pick(markets);
        const command: Command = {
          type: 'PlaceCasinoBet',
          betId,
          tableCode: table,
          mid,
          sid: market.sid,
          odds: market.odds,
          stake: rng.int(100_00, 3_000_00),
          referenceId: betId,
        };
        const r = await engine.execute({ ...envelope(command, rng.pick(players)), at: new Date().toISOString() });
        say(r.ok ? `ACK ${betId} ${mid}` : `NACK ${betId} ${r.refusal.code}`);
      }),
    );
  }
  await step(table);
  say(`CLOSED ${mid}`);
  await step(table);
  say(`DEALT ${mid}`);
  for (
    let i = 0;
    engine.view.casino.tables[table]!.round!.revealed < engine.view.casino.tables[table]!.round!.cards.length;
    i++
  ) {
    await step(table);
    say(`REVEALED ${mid} ${i}`);
  }
  say(`SETTLING ${mid}`);
  await step(table);
  say(`SETTLED ${mid}`);
}
