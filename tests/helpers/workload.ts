/**
 * A realistic event log, written by a real Engine: a funded hierarchy, matches with all three
 * market kinds and their prices moving, bursts of bets of every kind (players matching each
 * other), cancels, transfers both ways, settlements, voids and revokes. Used by the distributed
 * tests (projector groups) and the benchmarks that need many events (relay, projectors, replay).
 */
import type { Command, ExecuteResult } from '@exch/contracts';
import type { Engine } from '@exch/engine';
import { envelope, feedWalk, hierarchy, matchCatalogue, must, prng, RUNNERS } from '../engine/fixtures.js';

export interface WorkloadOptions {
  seed: number;
  players: number;
  /** Commands in flight at once (the engine decides them in shared turns). */
  concurrency?: number;
  onProgress?: (position: number) => void;
}

export interface Workload {
  /** Writes until the log holds at least this many events. */
  until(events: number): Promise<void>;
  readonly commands: number;
  readonly accepted: number;
}

/** Sets up the hierarchy and three matches; `until` then writes the traffic. */
export async function startWorkload(engine: Engine, opts: WorkloadOptions): Promise<Workload> {
  const rng = prng(opts.seed);
  const players = await hierarchy(engine, opts.players, 50_000_00, `w${opts.seed}-`);
  const walk = feedWalk(engine, rng, [...Array<'ACTIVE'>(19).fill('ACTIVE'), 'SUSPENDED']);
  let matchN = 0;
  let betN = 0;
  let commands = 0;
  let accepted = 0;

  const newMatch = async () => {
    const n = ++matchN;
    await must(engine, matchCatalogue([n]), null);
    for (const kind of ['mo', 'bm', 'fy']) {
      await must(
        engine,
        {
          type: 'SetMarketSettings',
          marketId: `${kind}${n}`,
          minStake: 100,
          maxStake: 10_000_00,
          betDelaySec: 0,
          commissionBp: 200,
        },
        'a',
      );
    }
    walk.openMatch(n);
    return n;
  };
  const live = [await newMatch(), await newMatch(), await newMatch()];

  const KINDS = { mo: 'match_odds', bm: 'bookmaker', fy: 'fancy' } as const;
  const betCommand = (): Command => {
    const kind = rng.pick(['mo', 'mo', 'mo', 'bm', 'fy'] as const);
    const market = { marketId: `${kind}${rng.pick(live)}`, kind: KINDS[kind] };
    return walk.betNear(market, `w${opts.seed}-b${++betN}`, rng.chance(0.5) ? 'back' : 'lay', rng.int(100, 2_000_00));
  };

  const run = async (command: Command, actor: string | null): Promise<ExecuteResult> => {
    commands++;
    const r = await engine.execute(envelope(command, actor));
    if (r.ok) accepted++;
    return r;
  };

  const concurrency = opts.concurrency ?? 64;
  const step = async () => {
    const r = rng.next();
    if (r < 0.85) {
      await Promise.all(Array.from({ length: concurrency }, () => run(betCommand(), rng.pick(players))));
    } else if (r < 0.9) {
      for (let i = 0; i < 6; i++) {
        const n = rng.pick(live);
        walk.moveMarket({ marketId: `mo${n}`, kind: 'match_odds' });
        walk.moveMarket({ marketId: `bm${n}`, kind: 'bookmaker' });
        walk.moveMarket({ marketId: `fy${n}`, kind: 'fancy' });
      }
    } else if (r < 0.94) {
      const resting = [...engine.view.bets.values()].filter((b) => b.status === 'open' && b.unmatched > 0).slice(-200);
      await Promise.all(
        Array.from({ length: Math.min(8, resting.length) }, () => rng.pick(resting)).map((b) =>
          run({ type: 'CancelBet', betId: b.betId }, b.userId),
        ),
      );
    } else if (r < 0.97) {
      await Promise.all(
        Array.from({ length: 8 }, () => {
          const p = rng.pick(players);
          return rng.chance(0.5)
            ? run(
                {
                  type: 'TransferChips',
                  fromUserId: 'd',
                  toUserId: p,
                  amount: rng.int(100_00, 5_000_00),
                  remark: 'deposit',
                },
                'd',
              )
            : run(
                {
                  type: 'TransferChips',
                  fromUserId: p,
                  toUserId: 'd',
                  amount: rng.int(100, 1_000_00),
                  remark: 'withdrawal',
                },
                'd',
              );
        }),
      );
    } else {
      // A match ends: its markets settle (now and then voided, or revoked and declared again) and a new one opens.
      const i = rng.int(0, live.length - 1);
      const n = live[i]!;
      await run(
        { type: 'SettleMarket', marketId: `mo${n}`, selectionId: rng.pick(RUNNERS).selectionId, runs: null },
        'a',
      );
      await run(
        { type: 'SettleMarket', marketId: `bm${n}`, selectionId: rng.pick(RUNNERS).selectionId, runs: null },
        'a',
      );
      if (rng.chance(0.2)) await run({ type: 'VoidMarket', marketId: `fy${n}` }, 'a');
      else
        await run(
          {
            type: 'SettleMarket',
            marketId: `fy${n}`,
            selectionId: null,
            runs: (walk.fancy.get(`fy${n}`)?.noLine ?? 50) + rng.int(-5, 5),
          },
          'a',
        );
      if (rng.chance(0.25)) {
        await run({ type: 'RevokeResult', marketId: `mo${n}` }, 'a');
        await run(
          { type: 'SettleMarket', marketId: `mo${n}`, selectionId: rng.pick(RUNNERS).selectionId, runs: null },
          'a',
        );
      }
      live[i] = await newMatch();
    }
    opts.onProgress?.(engine.headPosition);
  };
  return {
    async until(events) {
      while (engine.headPosition < events) await step();
    },
    get commands() {
      return commands;
    },
    get accepted() {
      return accepted;
    },
  };
}
