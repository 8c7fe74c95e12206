/**
 * Crash recovery of the casino (docs/casino.md "Crashes"): a real child process
 * (tests/engine/casino-crash-child.ts) deals a table's rounds while players bet, and is killed with
 * SIGKILL in the middle of a round: during betting, during the deal, during the settlement. After
 * each kill an engine and a fresh dealer start on the folder, as a restarted server would, and:
 *
 * - a round killed while betting is voided (its seed died with the dealer): every stake returned;
 * - a round killed while dealing is finished from the seed in the log and settled once;
 * - a round killed while settling is settled exactly once, whether or not the kill beat the commit;
 * - every acknowledged bet is in the log; no round is settled or voided twice; each player's
 *   balance is their opening chips plus the P&L of the settled bets, recomputed from the log;
 * - exposure is all released, the ledger sums to zero and ledger:verify passes on the read models;
 * - the recovered engine equals a fold of the log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import pino from 'pino';
import type { CasinoBetPlaced, CasinoRoundSettled, DomainEvent } from '@exch/contracts';
import { openPGliteStore } from '@exch/eventstore';
import { Engine, emptyState, fold } from '@exch/engine';
import { allProjections, ProjectionRunner } from '@exch/projector';
import { Dealer, type DealerStep } from '@exch/server';
import { verifyLedger } from '../../scripts/ledger/verify.js';
import { runUntilKilled } from './kill-child.js';

const silent = { info() {}, warn() {}, error() {} };
const dataDir = mkdtempSync(join(tmpdir(), 'exch-casino-crash-'));
t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
const OPENING = 20_000_00;

interface Run {
  acked: Map<string, string>;
  /** The round under way when the kill came. */
  mid: string | null;
  lines: string[];
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs the child until `killWhen` says so about a line of its second round, then SIGKILLs it. */
async function runChild(table: string, seed: number, killWhen: (line: string, run: Run) => boolean): Promise<Run> {
  const run = { acked: new Map<string, string>(), mid: null as string | null, lines: [] as string[] };
  let rounds = 0;
  const ended = await runUntilKilled(
    'casino-crash-child.ts',
    [dataDir, table, String(seed)],
    (line) => {
      run.lines.push(line);
      const [word, a, b] = line.split(' ');
      if (word === 'ACK') run.acked.set(a!, b!);
      if (word === 'OPENED') {
        rounds++;
        run.mid = a!;
      }
      return rounds >= 2 && killWhen(line, { ...run, signal: null, stderr: '' });
    },
    120_000,
  );
  return { ...run, ...ended };
}

const acked = new Map<string, string>();

const scenarios: {
  name: string;
  table: string;
  killWhen: (line: string, run: Run) => boolean;
  recovery: DealerStep[];
}[] = [
  {
    name: 'during betting (Dragon Tiger): the round is voided, every stake returned',
    table: 'dt20',
    killWhen: (line, run) =>
      line.startsWith('ACK') && [...run.acked.values()].filter((m) => m === run.mid).length >= 20,
    recovery: ['voided'],
  },
  {
    name: 'during the deal (Andar Bahar, third card): the round is finished from the seed in the log',
    table: 'ab20',
    killWhen: (line) => /^REVEALED \d+ 2$/.test(line),
    recovery: ['revealed', 'settled'],
  },
  {
    name: 'during settlement (Baccarat): settled exactly once',
    table: 'baccarat',
    killWhen: (line) => line.startsWith('SETTLING'),
    recovery: ['settled', 'opened'],
  },
];

for (const [i, s] of scenarios.entries()) {
  t.test(`SIGKILL ${s.name}`, async (t) => {
    const run = await runChild(s.table, 100 + i, s.killWhen);
    t.equal(run.signal, 'SIGKILL', `killed (stderr: ${run.stderr.slice(0, 500)})`);
    for (const [id, mid] of run.acked) acked.set(id, mid);
    const killedIn = run.mid!;
    t.comment(`killed in round ${killedIn} after: ${run.lines.at(-1)}`);

    const store = await openPGliteStore({ dataDir });
    const engine = await Engine.start({ store, log: silent, snapshotEvery: 150 });
    const runner = new ProjectionRunner(store, allProjections, silent);
    try {
      await runner.start();
      const dealer = new Dealer(
        { bus: engine, view: () => engine.view, log: pino({ level: 'silent' }) },
        { auto: false },
      );
      await dealer.start();
      // The restarted dealer carries on from the log until the killed round is over.
      const steps: DealerStep[] = [];
      while (engine.view.casino.tables[s.table]!.round?.mid === killedIn) steps.push(await dealer.step(s.table));
      t.comment(`recovery: ${steps.join(', ') || 'nothing left to do'}`);
      const first = steps[0];
      t.ok(
        first === undefined ? s.recovery.includes('opened') : s.recovery.includes(first),
        `recovery began with ${first ?? 'nothing to do (the round was already settled)'}`,
      );
      if (first === undefined)
        t.equal(s.table, 'baccarat', 'only a kill during settlement can leave nothing to finish');
      // A table left with a round of its own from the recovery: finish it too, so nothing is open.
      if (engine.view.casino.tables[s.table]!.round) await dealer.finishRound(s.table);

      const events = (await store.readAll(0, 10_000_000)) as unknown as (DomainEvent & { position: number })[];
      const placed = new Map(
        events
          .filter((e) => e.type === 'CasinoBetPlaced')
          .map((e) => [(e.data as CasinoBetPlaced).betId, e.data as CasinoBetPlaced]),
      );
      t.same(
        [...acked.keys()].filter((id) => !placed.has(id)),
        [],
        `all ${acked.size} acknowledged bets are in the log`,
      );

      const ends = new Map<string, string[]>();
      for (const e of events)
        if (e.type === 'CasinoRoundSettled' || e.type === 'CasinoRoundVoided')
          ends.set((e.data as { mid: string }).mid, [...(ends.get((e.data as { mid: string }).mid) ?? []), e.type]);
      t.same(
        [...ends].filter(([, v]) => v.length !== 1),
        [],
        `${ends.size} rounds, each settled or voided exactly once`,
      );
      t.same(
        ends.get(killedIn),
        [s.recovery[0] === 'voided' ? 'CasinoRoundVoided' : 'CasinoRoundSettled'],
        `the killed round ${killedIn} was ${s.recovery[0] === 'voided' ? 'voided' : 'settled'}`,
      );
      const settledBets = new Set(
        events
          .filter((e) => e.type === 'CasinoRoundSettled')
          .flatMap((e) => (e.data as CasinoRoundSettled).bets.map((b) => b.betId)),
      );
      const killedBets = [...placed.values()].filter((b) => b.mid === killedIn);
      t.ok(killedBets.length > 0, `${killedBets.length} bets were on the killed round`);
      if (s.recovery[0] === 'voided')
        t.ok(
          killedBets.every((b) => !settledBets.has(b.betId)),
          'none of its bets moved money',
        );

      // Each player: opening chips plus the P&L of every settled bet, from the log alone.
      const balances = new Map<string, number>();
      for (const e of events) {
        if (e.type !== 'CasinoRoundSettled') continue;
        for (const b of (e.data as CasinoRoundSettled).bets) {
          const userId = placed.get(b.betId)!.userId;
          t.ok(b.pnl >= -placed.get(b.betId)!.stake, 'no bet loses more than its stake', { diagnostic: false });
          balances.set(userId, (balances.get(userId) ?? OPENING) + b.pnl);
        }
      }
      const s0 = engine.view;
      for (const [userId, balance] of balances)
        t.equal(s0.balances.get(`wallet:${userId}`), balance, `${userId}: opening chips + settled P&L`);
      t.same(
        [...s0.exposure].filter(([, v]) => v !== 0),
        [],
        'every stake released: no exposure left',
      );
      t.equal(
        [...s0.balances.values()].reduce((a, b) => a + b, 0),
        0,
        'the ledger sums to zero',
      );
      t.same(
        JSON.parse(JSON.stringify(s0)),
        JSON.parse(JSON.stringify(fold(emptyState(), events))),
        'the recovered state equals a fold of the log',
      );

      await runner.waitFor(engine.headPosition, 60_000);
      const report = await verifyLedger(store);
      t.ok(report.ok, `ledger:verify: ${report.differences.map((d) => d.message).join('; ') || 'OK'}`);
      const { rows } = await store.sql.query<{ status: string; n: string }>(
        `select status, count(*) as n from rm_casino_bets where mid = $1 group by status`,
        [killedIn],
      );
      t.notOk(
        rows.some((r) => r.status === 'pending'),
        `the read model has no pending bet on the killed round (${rows.map((r) => `${r.status} ${r.n}`).join(', ')})`,
      );
      dealer.stop();
    } finally {
      await runner.stop();
      await engine.stop();
      await store.close();
    }
  });
}
