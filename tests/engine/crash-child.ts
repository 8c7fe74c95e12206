/**
 * The process tests/engine/betting-crash.test.ts kills: an engine on a PGlite data folder that places
 * bets in concurrent batches, forever, printing one line per answer once the engine has given it:
 *
 *   ACK <betId>          accepted (so durable: the engine answers after the commit)
 *   NACK <betId> <code>  refused
 *
 *   node --import tsx tests/engine/crash-child.ts <dataDir> <round> <seed>
 */
import { LADDER, type Command } from '@exch/contracts';
import { openPGliteStore } from '@exch/eventstore';
import { Engine } from '@exch/engine';
import { envelope, hierarchy, matchCatalogue, must, placeBet, prng, RUNNERS } from './fixtures.js';

const [dataDir, round = '1', seed = '1'] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: crash-child.ts <dataDir> <round> <seed>');
const silent = { info() {}, warn() {}, error() {} };
const rng = prng(Number(seed));
const say = (line: string) => process.stdout.write(`${line}\n`);

const store = await openPGliteStore({ dataDir });
const engine = await Engine.start({ store, log: silent, snapshotEvery: 150 });
const players = Array.from({ length: 6 }, (_, i) => `p${i}`);
if (!engine.view.users.get('a')) {
  await hierarchy(engine, players.length, 2_000_00);
  await must(engine, matchCatalogue([1]), null);
  for (const m of ['mo1', 'bm1', 'fy1'])
    await must(
      engine,
      { type: 'SetMarketSettings', marketId: m, minStake: 100, maxStake: 10_000_00, betDelaySec: 0, commissionBp: 200 },
      'a',
    );
}
const centre = new Map(RUNNERS.map((r) => [r.selectionId, rng.int(20, 120)]));
function quotes(): void {
  for (const r of RUNNERS) {
    const i = Math.max(3, centre.get(r.selectionId)! + rng.int(-1, 1));
    centre.set(r.selectionId, i);
    const size = () => rng.int(100, 50_000);
    engine.quote({
      type: 'exchange',
      marketId: 'mo1',
      selectionId: r.selectionId,
      status: 'ACTIVE',
      back: [0, 1, 2].map((k) => ({ price: LADDER[i - k]!, size: size() })),
      lay: [1, 2, 3].map((k) => ({ price: LADDER[i + k]!, size: size() })),
    });
    engine.quote({
      type: 'bookmaker',
      marketId: 'bm1',
      selectionId: r.selectionId,
      status: 'ACTIVE',
      back: 90,
      lay: 95,
    });
  }
  engine.quote({
    type: 'fancy',
    marketId: 'fy1',
    status: 'ACTIVE',
    no: { line: 50, rate: 110 },
    yes: { line: 51, rate: 90 },
  });
}
quotes();
say('READY');

let n = 0;
function bet(): Command {
  const betId = `r${round}-${++n}`;
  const side = rng.chance(0.5) ? 'back' : 'lay';
  const stake = rng.int(100, 60_000);
  const which = rng.int(0, 2);
  if (which === 0) {
    const selectionId = rng.pick(RUNNERS).selectionId;
    return placeBet(betId, 'mo1', selectionId, side, LADDER[centre.get(selectionId)! + rng.int(-2, 3)]!, stake);
  }
  if (which === 1) return placeBet(betId, 'bm1', rng.pick(RUNNERS).selectionId, side, side === 'back' ? 90 : 95, stake);
  return placeBet(betId, 'fy1', null, side, side === 'back' ? 51 : 50, stake, side === 'back' ? 90 : 110);
}

for (let batch = 0; ; batch++) {
  if (batch % 3 === 0) quotes();
  const commands = Array.from({ length: 16 }, () => [bet(), rng.pick(players)] as const);
  const extra: Promise<unknown>[] = [];
  // Now and then the dealer tops a player up, and a player takes a resting bet off.
  if (batch % 5 === 0)
    extra.push(
      engine.execute(
        envelope(
          { type: 'TransferChips', fromUserId: 'd', toUserId: rng.pick(players), amount: 500_00, remark: '' },
          'd',
        ),
      ),
    );
  const resting = [...engine.view.bets.values()].filter((b) => b.status === 'open' && b.unmatched > 0);
  if (resting.length > 0 && batch % 2 === 0) {
    const b = rng.pick(resting);
    extra.push(engine.execute(envelope({ type: 'CancelBet', betId: b.betId }, b.userId)));
  }
  await Promise.all([
    ...commands.map(async ([command, actor]) => {
      const r = await engine.execute(envelope(command, actor));
      const betId = (command as { betId: string }).betId;
      say(r.ok ? `ACK ${betId}` : `NACK ${betId} ${r.refusal.code}`);
    }),
    ...extra,
  ]);
}
