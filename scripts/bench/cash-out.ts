/**
 * Cash out in memory (docs/exchange.md "Cash out"): the time to decide one player's CashOut, and one
 * price tick's CheckAutoCashOut over 100 standing rules, as the market fills with other players'
 * bets. The player's position is read from its own bets on the market only, so both stay flat.
 *
 *   npx tsx scripts/bench/cash-out.ts
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { cashOutQuote, runnerPosition, type FeedUpdate } from '@exch/contracts';
import { decide } from '@exch/engine';
import { median, percentile, placeBet } from '../../tests/engine/fixtures.js';
import { env, fundedWorld } from './betting-world.js';
import { printRows, type BenchRow } from './rows.js';

const MARKET_BETS = [1_000, 10_000, 40_000];
const PLAYERS = 1_000;
const RULES = 100;
const TIMED = 2_000;
const RUNS = 5;

/** Deep, fixed prices on the one runner: every bet here fills at the best price, nothing rests. */
const ladder: FeedUpdate = {
  type: 'exchange',
  marketId: 'mo1',
  selectionId: 1,
  status: 'ACTIVE',
  back: [{ price: 200, size: 1e13 }],
  lay: [{ price: 202, size: 1e13 }],
};

function run(marketBets: number): { cashOut: number[]; check: number[] } {
  const players = Array.from({ length: PLAYERS }, (_, i) => `u${i}`);
  const { state, quotes, apply } = fundedWorld(players, 1e10, [1]);
  quotes.apply(ladder);
  const place = (id: string, user: string) => {
    const d = decide(state, env(placeBet(id, 'mo1', 1, 'back', 200, 100_00), user, id), quotes);
    if (!d.ok) throw new Error(d.refusal.message);
    apply(d.events);
  };
  for (let i = 0; i < marketBets; i++) place(`b${i}`, players[i % PLAYERS]!);
  // The first RULES players each hold a position with a rule no tick here reaches.
  for (let i = 0; i < RULES; i++) {
    const d = decide(
      state,
      env(
        { type: 'SetAutoCashOut', marketId: 'mo1', selectionId: 1, profitTarget: 1e12, lossLimit: 1e12 },
        players[i]!,
        `r${i}`,
      ),
      quotes,
    );
    if (!d.ok) throw new Error(d.refusal.message);
    apply(d.events);
  }
  const me = players[0]!;
  const mine = [...state.bets.values()].filter((b) => b.userId === me);
  const quote = cashOutQuote(runnerPosition(mine), { back: 200, lay: 202 })!;
  const cashOut = new Float64Array(TIMED);
  const check = new Float64Array(TIMED / 10);
  for (let i = 0; i < TIMED; i++) {
    const command = {
      type: 'CashOut' as const,
      betId: `c${i}`,
      marketId: 'mo1',
      selectionId: 1,
      percent: 100,
      value: quote.value,
      referenceId: `c${i}`,
    };
    const t0 = performance.now();
    const d = decide(state, env(command, me, `c${i}`), quotes);
    cashOut[i] = performance.now() - t0;
    if (!d.ok) throw new Error(d.refusal.message);
  }
  for (let i = 0; i < check.length; i++) {
    const t0 = performance.now();
    const d = decide(
      state,
      env({ type: 'CheckAutoCashOut', marketId: 'mo1', selectionId: 1, betId: `x${i}` }, null, `x${i}`),
      quotes,
    );
    check[i] = performance.now() - t0;
    if (!d.ok || d.events.length > 0) throw new Error('no rule should fire');
  }
  const sorted = (a: Float64Array) => Array.from(a).sort((x, y) => x - y);
  return { cashOut: sorted(cashOut), check: sorted(check) };
}

export function benchCashOut(): BenchRow[] {
  run(1_000); // warm-up: JIT
  return MARKET_BETS.flatMap((n) => {
    const runs = Array.from({ length: RUNS }, () => run(n));
    const ms = (pick: (r: ReturnType<typeof run>) => number[], p: number) =>
      `${median(runs.map((r) => percentile(pick(r), p))).toFixed(3)} ms`;
    const setup = `${n.toLocaleString('en-US')} bets in the market, ${PLAYERS.toLocaleString('en-US')} players`;
    return [
      {
        bench: 'CashOut decide, in memory',
        setup,
        opsPerSec: 1000 / median(runs.map((r) => percentile(r.cashOut, 50))),
        p50: ms((r) => r.cashOut, 50),
        p99: ms((r) => r.cashOut, 99),
        note: `the player holds ${n / PLAYERS} of them; hedge decided, not applied`,
      },
      {
        bench: 'CheckAutoCashOut per price tick',
        setup,
        opsPerSec: 1000 / median(runs.map((r) => percentile(r.check, 50))),
        p50: ms((r) => r.check, 50),
        p99: ms((r) => r.check, 99),
        note: `${RULES} rules on the runner, none crossed`,
      },
    ];
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(`\nCash out: medians of ${RUNS} runs`);
  printRows(benchCashOut());
}
