/**
 * The engine's snapshot as settled history accumulates inside the revoke window. Bets are placed
 * through Engine.execute on an in-memory PGlite, a thousand to a market, and each market settles;
 * nothing is archived, so every settled bet is still in the state, as in the window's last days.
 * The engine snapshots itself every 10,000 events, as in the product. At each size it is made to
 * save one more (Engine.saveSnapshot: the core, then the parts not yet saved) while a probe measures
 * the longest the event loop was held: what a command arriving then would have waited. Then one more
 * market settles and the next snapshot is measured. For comparison, the time a whole-state
 * JSON.stringify takes (what each snapshot cost before parts). Then every market is archived
 * past the window (docs/performance.md "Snapshots in parts"). Last, on another engine, one market's
 * book is left open at 20,000 and 100,000 bets (benchOpenBets, docs/performance.md "Open bets out
 * of the core"); and on a third, 10,000 then 100,000 accounts are opened (benchAccounts,
 * "Accounts out of the core").
 *
 *   npx tsx scripts/bench/snapshot.ts [open|accounts]   (one section alone)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventStore } from '@exch/contracts';
import { Engine } from '@exch/engine';
import { openPGliteStore } from '@exch/eventstore';
import { randomUUID } from 'node:crypto';
import {
  create,
  envelope,
  feedWalk,
  hierarchy,
  matchCatalogue,
  median,
  must,
  prng,
} from '../../tests/engine/fixtures.js';
import { OPEN_BETS_PER_PART } from '../../services/engine/src/snapshot/parts.js';
import { printRows, type BenchRow } from './rows.js';

const SIZES = [20_000, 50_000, 100_000];
const OPEN_SIZES = [20_000, 100_000];
const MORE_BETS = 2_048;
const ACCOUNT_SIZES = [10_000, 100_000];
const ACTIVE_PLAYERS = 5_120;
const BETS_PER_MARKET = 1_000;
const PAST_EVERY_WINDOW = new Date('2100-01-01');
const silent = { info() {}, warn() {}, error() {} };

/** How long `work` took, and the longest the event loop went without turning meanwhile. */
async function heldDuring(work: () => Promise<void>): Promise<{ ms: number; held: number }> {
  let last = performance.now();
  let held = 0;
  let on = true;
  const tick = () => {
    const now = performance.now();
    held = Math.max(held, now - last);
    last = now;
    if (on) setImmediate(tick);
  };
  setImmediate(tick);
  const started = performance.now();
  await work();
  on = false;
  return { ms: performance.now() - started, held };
}

/** Counts the parts the store is asked to write whose key `counts`; `take` gives the count so far and starts again. */
function writesOf(store: EventStore, counts: (key: string) => boolean): { take: () => number } {
  let written = 0;
  const savePart = store.saveSnapshotPart.bind(store);
  store.saveSnapshotPart = (name, key, json) => {
    if (counts(key)) written++;
    return savePart(name, key, json);
  };
  return {
    take: () => {
      const n = written;
      written = 0;
      return n;
    },
  };
}

/**
 * One snapshot taken and timed, as a row: the longest the loop was held, what `describe` says of
 * the snapshot (given the parts `written` counted while it was saved), and the load.
 */
async function timedSnapshot(
  engine: Engine,
  written: { take: () => number },
  bench: string,
  setup: string,
  describe: (parts: number) => Promise<string> | string,
): Promise<BenchRow> {
  written.take();
  const { ms, held } = await heldDuring(() => engine.saveSnapshot());
  const parts = written.take();
  return {
    bench,
    setup,
    opsPerSec: 1000 / ms,
    p50: `${ms.toFixed(0)} ms`,
    p99: '-',
    note: `loop held at most ${held.toFixed(1)} ms; ${await describe(parts)}; load ${loadavg()[0]!.toFixed(2)}`,
  };
}

/** The median of three stringifies of the whole state, and its size. */
function wholeStringify(engine: Engine): string {
  const whole: number[] = [];
  let bytes = 0;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    bytes = JSON.stringify({ state: engine.view }).length;
    whole.push(performance.now() - started);
  }
  return `${median(whole).toFixed(0)} ms for ${(bytes / 1e6).toFixed(1)} MB (median of 3)`;
}

/**
 * One market's book left open (an IPL final's match odds before the result), on PGlite on disk as
 * the product runs: its bets are written in slices after the core, a turn each, while commands go
 * on being decided. (In memory, PGlite's files grow by copying, and one part's insert took up to
 * 100 ms of the thread at 100,000 bets.)
 */
async function benchOpenBets(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'exch-bench-snapshot-'));
  const store = await openPGliteStore({ dataDir: dir });
  const engine = await Engine.start({ store, log: silent, snapshotEvery: 10_000, housekeepEveryMs: 0 });
  const written = writesOf(store, (key) => key.startsWith('open:'));
  try {
    const players = await hierarchy(engine, 200, 10_000_000_00);
    const rng = prng(2);
    const walk = feedWalk(engine, rng, ['ACTIVE']);
    await must(engine, matchCatalogue([1]), null);
    walk.openMatch(1);
    const open = engine.view.markets.get('mo1')!;
    const rows: BenchRow[] = [];
    let n = 0;
    const placeUntil = async (size: number) => {
      while (open.betIds.length < size) {
        const batch = [];
        for (let i = 0; i < 64; i++, n++) {
          const bet = walk.betNear(open, `b${n}`, rng.chance(0.5) ? 'back' : 'lay', rng.int(100_00, 5_000_00));
          batch.push(engine.execute(envelope(bet, players[n % players.length]!)));
        }
        await Promise.all(batch);
      }
    };
    const snapshotRow = (setup: string, extra: string) =>
      timedSnapshot(
        engine,
        written,
        'engine snapshot, open bets',
        setup,
        (parts) => `${parts} of ${Math.ceil(open.betIds.length / OPEN_BETS_PER_PART)} slices written${extra}`,
      );
    for (const size of OPEN_SIZES) {
      await placeUntil(size);
      const row = await snapshotRow(
        `${open.betIds.length.toLocaleString('en-US')} open bets in one market, PGlite on disk`,
        '',
      );
      // After the snapshot, so the garbage of these copies is not collected while it is measured.
      rows.push({
        ...row,
        note: `${row.note}; the state in one stringify (what a core holding the open bets would cost): ${wholeStringify(engine)}`,
      });
    }
    // More bets, some of them matching resting ones anywhere in the book: only the slices with a
    // bet that changed, and the new ones at the end, are written again.
    await placeUntil(OPEN_SIZES.at(-1)! + MORE_BETS);
    rows.push(await snapshotRow(`then ${MORE_BETS.toLocaleString('en-US')} more bets`, ''));
    return rows;
  } finally {
    await engine.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Players signed up in their tens of thousands (UUIDs, as the product makes them), each funded,
 * nothing open, on PGlite on disk: the core holds no account; the users, balances, exposures and
 * live streams' versions are written in slices of 250 users or 1,000 other entries, a turn each
 * (docs/performance.md "Accounts out of the core"); before, the core held them, serialised in one
 * turn. Then a snapshot after some of them played, which writes again only the slices that changed.
 */
async function benchAccounts(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'exch-bench-snapshot-'));
  const store = await openPGliteStore({ dataDir: dir });
  const engine = await Engine.start({ store, log: silent, snapshotEvery: 1_000_000, housekeepEveryMs: 0 });
  const written = writesOf(store, (key) => key.startsWith('table:'));
  try {
    await hierarchy(engine, 0, 0);
    // Chips for every player, minted to the top admin and passed down to the dealer who funds them.
    const funds = 1_000_00 * ACCOUNT_SIZES.at(-1)!;
    await must(engine, { type: 'MintChips', userId: 'a', amount: funds }, null);
    for (const [from, to] of ['as', 'sm', 'mg', 'gd'])
      await must(engine, { type: 'TransferChips', fromUserId: from!, toUserId: to!, amount: funds, remark: '' }, from!);
    const rows: BenchRow[] = [];
    const snapshotRow = (setup: string, extra: string) =>
      timedSnapshot(engine, written, 'engine snapshot, accounts', setup, async (parts) => {
        const { rows: sizes } = await store.sql.query<{ core: number; tables: number }>(
          `select (select coalesce(sum(length(body)), 0) from snapshot_parts where key like 'core@%')::bigint as core,
                  (select count(*) from snapshot_parts where key like 'table:%')::int as tables`,
        );
        return `core ${(Number(sizes[0]!.core) / 1e3).toFixed(0)} kB, ${parts} table slices written of ${sizes[0]!.tables}${extra}`;
      });
    const players: string[] = [];
    for (const size of ACCOUNT_SIZES) {
      while (engine.view.users.size < size) {
        const ids = Array.from({ length: 256 }, () => randomUUID());
        players.push(...ids);
        await Promise.all(ids.map((id) => must(engine, create(id, 'user', 'd'), 'd')));
        await Promise.all(
          ids.map((id) =>
            must(engine, { type: 'TransferChips', fromUserId: 'd', toUserId: id, amount: 1_000_00, remark: '' }, 'd'),
          ),
        );
      }
      const row = await snapshotRow(
        `${engine.view.users.size.toLocaleString('en-US')} accounts funded, nothing open, PGlite on disk`,
        '',
      );
      // After the snapshot, so the garbage of these copies is not collected while it is measured.
      rows.push({
        ...row,
        note: `${row.note}; the state in one stringify (what a core holding the accounts would cost): ${wholeStringify(engine)}`,
      });
    }
    // Between two snapshots, some of them play: chips to players picked at random, so their
    // balances and streams' versions fall in most slices; the users themselves do not change.
    const rng = prng(3);
    for (let i = 0; i < ACTIVE_PLAYERS; i += 256)
      await Promise.all(
        Array.from({ length: 256 }, () =>
          must(
            engine,
            { type: 'TransferChips', fromUserId: 'd', toUserId: rng.pick(players), amount: 10_00, remark: '' },
            'd',
          ),
        ),
      );
    rows.push(
      await snapshotRow(`then chips to ${ACTIVE_PLAYERS.toLocaleString('en-US')} players picked at random`, ''),
    );
    return rows;
  } finally {
    await engine.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchSnapshot(): Promise<BenchRow[]> {
  const store = await openPGliteStore({});
  // Its own snapshots every 10,000 events, as the product runs: the measured one writes what changed since.
  const engine = await Engine.start({ store, log: silent, snapshotEvery: 10_000, housekeepEveryMs: 0 });
  const sizes = async () => {
    const { rows } = await store.sql.query<{ core: number; parts: number; bytes: number }>(
      // The core is written in chunks (parts named core@), the rest as parts once each.
      `select (select coalesce(sum(length(body)), 0) from snapshot_parts where key like 'core@%')::bigint as core,
              (select count(*) from snapshot_parts where key not like 'core@%')::int as parts,
              (select coalesce(sum(length(body)), 0) from snapshot_parts where key not like 'core@%')::bigint as bytes`,
    );
    return rows[0]!;
  };
  const written = writesOf(store, (key) => !key.startsWith('core@'));
  try {
    const players = await hierarchy(engine, 200, 10_000_000_00);
    const rng = prng(1);
    const walk = feedWalk(engine, rng, ['ACTIVE']);
    const rows: BenchRow[] = [];
    let n = 0;
    let market = 0;
    let refused = 0;
    const settleOne = async () => {
      market++;
      await must(engine, matchCatalogue([market]), null);
      walk.openMatch(market);
      const mo = engine.view.markets.get(`mo${market}`)!;
      for (let placed = 0; placed < BETS_PER_MARKET; ) {
        const batch = [];
        for (let i = 0; i < 64 && placed < BETS_PER_MARKET; i++, n++, placed++) {
          const bet = walk.betNear(mo, `b${n}`, rng.chance(0.5) ? 'back' : 'lay', rng.int(100_00, 5_000_00));
          batch.push(engine.execute(envelope(bet, players[n % players.length]!)));
        }
        for (const r of await Promise.all(batch)) if (!r.ok) refused++;
      }
      await must(engine, { type: 'SettleMarket', marketId: mo.marketId, selectionId: 1, runs: null }, 'a');
    };
    const snapshotRow = (setup: string, extra: string) =>
      timedSnapshot(engine, written, 'engine snapshot, settled bets in the window', setup, async (parts) => {
        const after = await sizes();
        return `${parts} parts written, ${after.parts} kept; core ${(after.core / 1e3).toFixed(0)} kB, parts ${(after.bytes / 1e6).toFixed(1)} MB${extra}`;
      });
    for (const size of SIZES) {
      while (n < size) await settleOne();
      const inState = engine.view.bets.size;
      const row = await snapshotRow(
        `${(n - refused).toLocaleString('en-US')} bets settled on ${market} markets (${refused} refused), ${inState.toLocaleString('en-US')} in the state`,
        `; heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
      );
      // After the snapshot, so the garbage of these copies is not collected while it is measured.
      rows.push({ ...row, note: `${row.note}; a whole-state stringify: ${wholeStringify(engine)}` });
      await settleOne();
      rows.push(await snapshotRow(`then one more market settled (${BETS_PER_MARKET} bets)`, ''));
    }
    await engine.housekeep(PAST_EVERY_WINDOW);
    rows.push(
      await snapshotRow(
        `all ${market} markets archived past the window, ${engine.view.bets.size} bets in the state`,
        '',
      ),
    );
    return [...rows, ...(await benchOpenBets()), ...(await benchAccounts())];
  } finally {
    await engine.stop();
    await store.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const only = process.argv[2];
  if (only === 'open') printRows(await benchOpenBets());
  else if (only === 'accounts') printRows(await benchAccounts());
  else printRows(await benchSnapshot());
}
