/**
 * Crash recovery: a real child process (tests/engine/crash-child.ts) runs an engine on a PGlite data
 * folder and places bets in concurrent batches, printing each answer after the engine gave it. The
 * test kills it with SIGKILL mid-stream, three times over the same folder, and after each kill
 * starts an engine on the folder and checks that:
 *
 * - every acknowledged bet is there, every refused one is not (bets in flight may be either);
 * - exposure equals a recomputation from the open bets, and the ledger sums to zero;
 * - a turn is all or nothing: every player-to-player fill in the log has its twin;
 * - the restarted engine (snapshot + log) equals a fold of the whole log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import type { DomainEvent } from '@exch/contracts';
import { openPGliteStore } from '@exch/eventstore';
import { Engine, emptyState, fold } from '@exch/engine';
import { positionsOf, recomputeExposure } from './fixtures.js';
import { runUntilKilled } from './kill-child.js';

const silent = { info() {}, warn() {}, error() {} };
const dataDir = mkdtempSync(join(tmpdir(), 'exch-crash-'));
t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));

interface Run {
  acked: string[];
  refused: string[];
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs the child until it has acknowledged `killAfter` bets, then SIGKILLs it. */
async function runChild(round: number, killAfter: number): Promise<Run> {
  const run = { acked: [] as string[], refused: [] as string[] };
  const ended = await runUntilKilled('crash-child.ts', [dataDir, String(round), String(1000 + round)], (line) => {
    const [word, betId] = line.split(' ');
    if (word === 'ACK') run.acked.push(betId!);
    else if (word === 'NACK') run.refused.push(betId!);
    return run.acked.length >= killAfter;
  });
  return { ...run, ...ended };
}

const acked = new Set<string>();
const refused = new Set<string>();

for (const [round, killAfter] of [
  [1, 400],
  [2, 257],
  [3, 333],
] as const) {
  t.test(`round ${round}: SIGKILL after ${killAfter} acknowledged bets, then recover`, async (t) => {
    const run = await runChild(round, killAfter);
    t.equal(run.signal, 'SIGKILL', `killed (stderr: ${run.stderr.slice(0, 500)})`);
    t.ok(
      run.acked.length >= killAfter,
      `${run.acked.length} acknowledged, ${run.refused.length} refused before the kill`,
    );
    t.ok(run.refused.length > 0 || round > 1, 'some bets were refused');
    for (const id of run.acked) acked.add(id);
    for (const id of run.refused) refused.add(id);

    let store;
    try {
      store = await openPGliteStore({ dataDir });
    } catch (err) {
      t.fail(`PGlite could not reopen its folder after SIGKILL: ${String(err)}`);
      return;
    }
    const engine = await Engine.start({ store, log: silent, snapshotEvery: 150 });
    try {
      const s = engine.view;
      const missing = [...acked].filter((id) => !s.bets.get(id));
      t.same(missing, [], `all ${acked.size} acknowledged bets survived`);
      const present = [...refused].filter((id) => s.bets.get(id));
      t.same(present, [], `none of the ${refused.size} refused bets is there`);
      const inFlight = [...s.bets.keys()].filter(
        (id) => id.startsWith(`r${round}-`) && !acked.has(id) && !refused.has(id),
      );
      t.comment(
        `round ${round}: ${inFlight.length} bets were committed but not yet acknowledged when the process died`,
      );

      const { perMarket, total } = recomputeExposure(s);
      t.same(positionsOf(s).marketExposure, perMarket, 'market exposure = recomputation');
      const engineTotals = Object.fromEntries([...s.exposure].filter(([, v]) => v !== 0));
      t.same(
        engineTotals,
        Object.fromEntries(Object.entries(total).filter(([, v]) => v !== 0)),
        'total exposure = recomputation',
      );
      t.equal(
        [...s.balances.values()].reduce((a, b) => a + b, 0),
        0,
        'the ledger sums to zero',
      );
      for (const [u, e] of [...s.exposure])
        t.ok((s.balances.get(`wallet:${u}`) ?? 0) >= e, `${u}: exposure ${e} covered`, { diagnostic: false });

      const events = await store.readAll(0, 1_000_000);
      const twins = new Map<string, number>();
      for (const e of events) {
        if (e.type !== 'BetPlaced' && e.type !== 'BetMatched') continue;
        const d = e.data as { betId: string; fills: { price: number; size: number; counterBetId: string | null }[] };
        for (const f of d.fills) {
          if (f.counterBetId === null) continue;
          const key =
            e.type === 'BetPlaced'
              ? `${d.betId}>${f.counterBetId}@${f.price}`
              : `${f.counterBetId}>${d.betId}@${f.price}`;
          twins.set(key, (twins.get(key) ?? 0) + (e.type === 'BetPlaced' ? f.size : -f.size));
        }
      }
      t.same(
        [...twins].filter(([, v]) => v !== 0),
        [],
        `${twins.size} player-to-player fills each have their twin`,
      );
      t.same(
        JSON.parse(JSON.stringify(s)),
        JSON.parse(JSON.stringify(fold(emptyState(), events as unknown as DomainEvent[]))),
        'the recovered state equals a fold of the log',
      );
    } finally {
      await engine.stop();
      await store.close();
    }
  });
}
