/**
 * Incremental snapshots (snapshot/): the command window in segments, settled markets as parts in
 * slices, a part written once, and a snapshot given up when a part changes while it is written.
 */
import t from 'tap';
import { emptyState, type EngineState } from '../src/index.js';
import { Dict } from '../src/dict.js';
import {
  positionIn,
  type BetState,
  type MarketState,
  type PnlBook,
  type Position,
  type UserState,
} from '../src/state.js';
import { CommandWindow } from '../src/snapshot/command-window.js';
import {
  BETS_PER_PART,
  CORE_CHUNK,
  OPEN_BETS_PER_PART,
  coreState,
  ENTRIES_PER_PART,
  type OpenPart,
  type SnapshotCore,
  type TablePart,
} from '../src/snapshot/parts.js';
import { loadSnapshotCore } from '../src/snapshot/load.js';
import { Snapshots } from '../src/snapshot/snapshots.js';
import { fromSummaries, toSummaries } from '../src/snapshot/summaries.js';
import { rememberedRoundStreams } from '../src/provider/state.js';
import { isProviderRound, StreamVersions } from '../src/snapshot/stream-versions.js';
import { openMemoryStore } from '../../eventstore/test-support/empty-cluster.js';
import { prng } from '../../../tests/engine/fixtures.js';

t.test('the command window remembers at least its limit, forgetting a whole segment at a time', async (t) => {
  const w = new CommandWindow(25, 10);
  for (let i = 0; i < 57; i++) w.remember(`c${i}`, [i]);
  t.equal(w.get('c19'), undefined, 'the oldest segments are forgotten');
  for (let i = 20; i < 57; i++) t.same(w.get(`c${i}`), [i], `c${i} remembered`);
  t.same(w.fullSegments, [2, 3, 4], 'full segments by number');
  t.same(w.segmentEntries(3)!.slice(0, 2), [
    ['c30', [30]],
    ['c31', [31]],
  ]);
  t.equal(w.segmentEntries(1), null, 'a forgotten segment has no entries');
  const open = w.openSegment;
  t.same(open, { no: 5, entries: Array.from({ length: 7 }, (_, k) => [`c${50 + k}`, [50 + k]]) });
  const back = CommandWindow.restore(
    25,
    10,
    w.fullSegments.map((no) => ({ no, entries: w.segmentEntries(no)! })),
    open,
  );
  for (let i = 0; i < 57; i++) t.same(back.get(`c${i}`), w.get(`c${i}`));
  back.remember('c57', [57]);
  t.same(back.openSegment.entries.at(-1), ['c57', [57]], 'a restored window goes on filling its open segment');
});

/** A state as its snapshot's JSON has it: its Dicts as the objects they are written as. */
const asJson = (x: unknown): unknown => JSON.parse(JSON.stringify(x));

/** A player of the account tables' tests. */
const player = (i: number): UserState => ({
  userId: `p${i}`,
  username: `Player${i}`,
  role: 'user',
  parentId: null,
  creditReference: 0,
  exposureLimit: 0,
  accountLocked: false,
  betLocked: false,
  totpEnabled: false,
});

/** A state with one settled market of `bets` bets held in parts, and one open market of `open` bets. */
function settledState(bets: number, open = 3): { state: EngineState; versions: StreamVersions } {
  const state = emptyState();
  const versions = new StreamVersions();
  for (const [marketId, status] of [
    ['settled', 'SETTLED'],
    ['open', 'ACTIVE'],
  ] as const) {
    const betIds = Array.from({ length: marketId === 'settled' ? bets : open }, (_, i) => `${marketId}-${i}`);
    state.markets.set(marketId, {
      marketId,
      matchId: 'm1',
      kind: 'match_odds',
      name: marketId,
      fancyType: null,
      runners: [{ selectionId: 1, name: 'A' }],
      minStake: 100,
      maxStake: 100_000,
      betDelaySec: 0,
      commissionBp: 0,
      status,
      settlement: null,
      settledAt: null,
      archived: false,
      betIds,
      positions: new Dict(),
    });
    for (const [i, betId] of betIds.entries()) {
      const userId = `u${i % 7}`;
      positionIn(state.markets.get(marketId)!, userId).betIds.push(betId);
      state.bets.put({
        betId,
        userId,
        marketId,
        kind: 'match_odds',
        selectionId: 1,
        side: i % 2 ? 'back' : 'lay',
        odds: 200,
        volume: null,
        stake: 100 + i,
        fills: [{ price: 200, size: 100 + i }],
        unmatched: 0,
        persistence: 'LAPSE',
        seq: i,
        status: status === 'SETTLED' ? 'settled' : 'open',
      });
      versions.record(`bet-${betId}`, 2, marketId);
    }
  }
  state.unarchived.settled = '2026-11-20T10:00:00.000Z';
  versions.settle('settled');
  versions.record('user-u1', 4, undefined);
  return { state, versions };
}

type Store = Awaited<ReturnType<typeof openMemoryStore>>;

/** A bet changed as an event changes it: the snapshots are told before it is folded, as the engine's journal tells them. */
function changeBet(
  snapshots: Snapshots,
  state: EngineState,
  versions: StreamVersions,
  betId: string,
  change: (bet: BetState) => void,
): void {
  const bet = state.bets.get(betId)!;
  snapshots.changing(state, versions, { type: 'BetMatched', data: { betId, marketId: bet.marketId } } as never);
  change(bet);
  state.bets.put(bet);
}

/** A bet's status changed in place, as a fold would (the store's `get` gives a copy). */
const setStatus = (state: EngineState, betId: string, status: BetState['status']): void =>
  state.bets.setStatus(state.bets.slotOf(betId), status);

/** The keys of the parts the store is asked to write from now on, in order. */
function recordWrites(store: Store): string[] {
  const written: string[] = [];
  const saveSnapshotPart = store.saveSnapshotPart.bind(store);
  store.saveSnapshotPart = (name, key, json) => {
    written.push(key);
    return saveSnapshotPart(name, key, json);
  };
  return written;
}

/** The parts besides the core's chunks, the open bets' slices and the tables' (which every snapshot writes again). */
async function partKeys(store: Store): Promise<string[]> {
  const { rows } = await store.sql.query<{ key: string }>(
    `select key from snapshot_parts where key not like 'core@%' and key not like 'open:%' and key not like 'table:%' order by key`,
  );
  return rows.map((r) => r.key);
}

/** A P&L book for u0's open position (its content is only carried by the snapshot, not checked). */
const OPEN_BOOK: PnlBook = { kind: 'runners', open: 1, ids: [1], pnl: [-100] };

/** The core as the snapshot's chunks hold it. */
const savedCore = async (store: Store): Promise<SnapshotCore<EngineState>> =>
  (await loadSnapshotCore(store, 'engine'))!.core;

t.test('a settled market is written once, in slices, and put back whole', async (t) => {
  const store = await openMemoryStore();
  t.teardown(() => store.close());
  const bets = 2 * BETS_PER_PART + 5;
  const { state, versions } = settledState(bets);
  const held = state.markets.get('open')!.positions.get('u0')!;
  held.book = OPEN_BOOK;
  held.exposure = 7_00;
  state.exposure.set('u0', 7_00);
  const commands = new CommandWindow(25, 10);
  for (let i = 0; i < 23; i++) commands.remember(`c${i}`, [i]);
  const snapshots = new Snapshots(store, 'engine', 25, 10);
  snapshots.folded(state, 'open', 30);
  snapshots.folded(state, 'settled', 40);

  t.ok(await snapshots.save(50, state, versions, commands), 'saved');
  t.same(await partKeys(store), [
    'commands#0',
    'commands#1',
    'market:settled@40#0',
    'market:settled@40#1',
    'market:settled@40#2',
  ]);
  t.same([...(await savedCore(store)).state.bets.keys()], [], 'the core holds no bet: the open ones are a part');
  // The format every version before Dicts and positions wrote and reads: each table an object
  // keyed by id, the positions' books and exposures keyed user|market.
  const { rows } = await store.sql.query<{ body: string }>(
    `select body::text as body from snapshot_parts where key like 'core@%' order by key`,
  );
  const json = JSON.parse(rows.map((r) => JSON.parse(r.body) as string).join('')) as {
    state: Record<string, Record<string, unknown>>;
    versions: Record<string, number>;
  };
  t.equal(json.state.bets, undefined, 'no bets in the core');
  t.equal(json.state.exposure, undefined, 'no account table in the core: each is in slices of its own');
  const { positions: _positions, betIds: _betIds, ...open } = state.markets.get('open')!;
  t.same(json.state.markets!.open, open, 'a market without its bet lists (its part gives them back)');
  t.same(json.state.pnl, { 'u0|open': OPEN_BOOK }, "an open position's P&L book keyed user|market");
  t.same(json.state.marketExposure, { 'u0|open': 7_00 }, 'and its exposure; a position without one has none');
  t.same(json.versions, {}, 'nor the live streams’ versions');
  const table = async (key: string) => {
    const { rows } = await store.sql.query<{ body: string }>(
      `select body::text as body from snapshot_parts where key = '${key}'`,
    );
    return JSON.parse(rows[0]!.body) as TablePart;
  };
  t.same(
    await table('table:exposure@50#0'),
    { kind: 'table', table: 'exposure', position: 50, slice: 0, entries: [['u0', 7_00]] },
    'a table’s slice: its entries in order',
  );
  t.same((await table('table:versions@50#0')).entries, [['user-u1', 4]], 'the live streams, without the open bets’');
  const part = await store.sql.query<{ body: string }>(
    `select body::text as body from snapshot_parts where key = 'open:open@50#0'`,
  );
  const { digest, ...openPart } = JSON.parse(part.rows[0]!.body) as OpenPart;
  t.match(digest, /^[0-9a-f]{24}$/, 'with a digest of its content');
  t.same(
    openPart,
    {
      kind: 'open',
      marketId: 'open',
      position: 50,
      slice: 0,
      versions: { 'bet-open-0': 2, 'bet-open-1': 2, 'bet-open-2': 2 },
      bets: ['open-0', 'open-1', 'open-2'].map((id) => state.bets.get(id)),
    },
    'the open bets, in order, with their streams’ versions',
  );

  const restored = await new Snapshots(store, 'engine', 25, 10).load();
  t.equal(restored!.position, 50);
  t.same(asJson(restored!.state), asJson(state), 'the state put back equals the one saved');
  t.same(restored!.versions, versions, 'with the stream versions, live and held apart');
  for (let i = 0; i < 23; i++) t.same(restored!.commands.get(`c${i}`), [i]);

  // A later snapshot writes only the core: every part is already saved.
  const written = recordWrites(store);
  changeBet(snapshots, state, versions, 'open-0', (bet) => {
    bet.stake = 999;
  });
  state.exposure.set('u0', 8_00);
  t.ok(await snapshots.save(60, state, versions, commands));
  t.same(
    written.map((key) => key.replace(/^core@60\.\w+#/, 'core@60#')),
    ['table:exposure@60#0', 'open:open@60#0', 'core@60#0'],
    'no settled part written again, nor a table slice that did not change: a changed one, the open bets and the core',
  );
  t.ok(
    (await savedCore(store)).parts!.includes('table:versions@50#0'),
    'the core names the slice the last snapshot wrote',
  );
  t.equal((await new Snapshots(store, 'engine', 25, 10).load())!.state.bets.get('open-0')!.stake, 999, 'the core is');
});

t.test('a core bigger than a chunk is written a chunk a turn, and the next snapshot leaves none of it', async (t) => {
  const store = await openMemoryStore();
  t.teardown(() => store.close());
  const { state, versions } = settledState(0);
  // Matches enough for three chunks (accounts are parts of their own).
  for (let i = 0; JSON.stringify(state.matches).length < 2.5 * CORE_CHUNK; i++)
    state.matches[`x${i}`] = { matchId: `x${i}`, sportId: 4, name: `Match ${i}`, inPlay: false };
  const commands = new CommandWindow(25, 10);
  const snapshots = new Snapshots(store, 'engine', 25, 10);
  snapshots.folded(state, 'open', 30);
  snapshots.folded(state, 'settled', 40);
  const written: string[] = [];
  const saveSnapshotPart = store.saveSnapshotPart.bind(store);
  store.saveSnapshotPart = (name, key, json) => {
    written.push(key);
    setImmediate(() => written.push('a turn'));
    return saveSnapshotPart(name, key, json);
  };
  t.ok(await snapshots.save(70, state, versions, commands));
  const core = written.findIndex((key) => key.startsWith('core@70.'));
  t.same(
    written.slice(core, core + 5).map((key) => key.replace(/^core@70\.\w+#/, 'core@70#')),
    ['core@70#0', 'a turn', 'core@70#1', 'a turn', 'core@70#2'],
    'three chunks, the event loop turning between them',
  );
  t.same(asJson((await new Snapshots(store, 'engine', 25, 10).load())!.state), asJson(state), 'put back');
  state.matches.x0!.inPlay = true;
  t.ok(await snapshots.save(71, state, versions, commands));
  const { rows } = await store.sql.query<{ key: string }>(`select key from snapshot_parts where key like 'core@%'`);
  t.same(
    rows.map((r) => r.key.replace(/^core@71\.\w+#/, 'core@71#')).sort(),
    ['core@71#0', 'core@71#1', 'core@71#2'],
    'the last core only',
  );
  t.equal((await new Snapshots(store, 'engine', 25, 10).load())!.state.matches.x0!.inPlay, true);
});

t.test("a standby taking over counts as saved only the parts the last leader's snapshots left", async (t) => {
  const store = await openMemoryStore();
  t.teardown(() => store.close());
  const { state, versions } = settledState(2 * BETS_PER_PART + 5);
  const commands = new CommandWindow(25, 10);
  // The standby loads the snapshot of then: its parts count as saved.
  const first = new Snapshots(store, 'engine', 25, 10);
  first.folded(state, 'open', 30);
  first.folded(state, 'settled', 40);
  await first.save(50, state, versions, commands);
  const standby = new Snapshots(store, 'engine', 25, 10);
  t.ok(await standby.load());
  // The leader goes on and its next snapshot no longer names the settled market's parts (a revoke, say): they are deleted.
  await store.saveSnapshot('engine', 70, JSON.stringify({ state: {}, versions: {}, processed: [], parts: [] }), []);
  t.same(await partKeys(store), [], 'the leader deleted them');

  await standby.takeOver();
  t.ok(await standby.save(80, state, versions, commands), 'the new leader saves');
  t.same(
    await partKeys(store),
    ['market:settled@40#0', 'market:settled@40#1', 'market:settled@40#2'],
    'writing again the parts it had thought saved',
  );
  const restored = await new Snapshots(store, 'engine', 25, 10).load();
  t.same(asJson(restored?.state), asJson(state), 'and the snapshot loads whole');
});

t.test('a snapshot is given up when a part changes before it is written, and the next one takes it', async (t) => {
  const store = await openMemoryStore();
  t.teardown(() => store.close());
  const { state, versions } = settledState(2 * BETS_PER_PART);
  const commands = new CommandWindow(25, 10);
  const snapshots = new Snapshots(store, 'engine', 25, 10);
  snapshots.folded(state, 'open', 30);
  snapshots.folded(state, 'settled', 40);
  const saving = snapshots.save(50, state, versions, commands);
  // A turn between two slices changes the market (a revoke, say).
  setStatus(state, `settled-${BETS_PER_PART + 1}`, 'open');
  snapshots.folded(state, 'settled', 51);
  t.equal(await saving, false, 'given up');
  t.equal(await new Snapshots(store, 'engine', 25, 10).load(), null, 'no snapshot stands on the changed market');
  t.ok(await snapshots.save(51, state, versions, commands), 'the next one is taken');
  const restored = await new Snapshots(store, 'engine', 25, 10).load();
  t.equal(restored!.state.bets.get(`settled-${BETS_PER_PART + 1}`)!.status, 'open');
  t.same(await partKeys(store), ['market:settled@51#0', 'market:settled@51#1'], 'the first try’s slice is gone');
});

t.test(
  'the account tables are written in slices, each key as it was at the snapshot when changed meanwhile',
  async (t) => {
    const store = await openMemoryStore();
    t.teardown(() => store.close());
    const { state, versions } = settledState(0);
    for (let i = 0; i < 2 * ENTRIES_PER_PART.balances + 5; i++) {
      state.users.set(`p${i}`, player(i));
      state.usernames[`player${i}`] = `p${i}`;
      state.balances.set(`wallet:p${i}`, 100_00 + i);
      versions.record(`user-p${i}`, 1 + (i % 3), undefined);
    }
    const commands = new CommandWindow(25, 10);
    const snapshots = new Snapshots(store, 'engine', 25, 10);
    snapshots.folded(state, 'open', 30);
    const atSnapshot = { state: asJson(state), versions: asJson(versions) };
    // Once the first slice is written, commands change keys in slices written already and still to come.
    let changed = false;
    const saveSnapshotPart = store.saveSnapshotPart.bind(store);
    store.saveSnapshotPart = (name, key, json) => {
      if (!changed) {
        changed = true;
        state.balances.set('wallet:p3', 1);
        state.balances.set(`wallet:p${ENTRIES_PER_PART.balances + 7}`, 2);
        state.users.set('p2000', { ...state.users.get('p2000')!, betLocked: true });
        state.users.set('late', { ...player(9999), userId: 'late' });
        state.usernames.player9999 = 'late';
        state.balances.set('wallet:late', 5_00);
        state.exposure.set('p2001', 3_00);
        versions.next('user-p2002', undefined);
        versions.forgetRounds(new Set());
        versions.live.delete('user-p2003');
        versions.live.delete('user-p2004');
        versions.next('user-p2004', undefined);
      }
      return saveSnapshotPart(name, key, json);
    };
    t.ok(await snapshots.save(50, state, versions, commands), 'saved');
    t.ok(changed);
    const { rows } = await store.sql.query<{ key: string }>(
      `select key from snapshot_parts where key like 'table:%' order by key`,
    );
    t.same(
      rows.map((r) => r.key),
      [
        ...[0, 1, 2].flatMap((n) => [`table:balances@50#${n}`, `table:versions@50#${n}`]),
        ...Array.from({ length: 9 }, (_, n) => `table:users@50#${n}`),
      ].sort(),
      'a slice per thousand entries of each table (per 250 users), none for an empty one',
    );
    const restored = (await new Snapshots(store, 'engine', 25, 10).load())!;
    t.same(asJson(restored.state), atSnapshot.state, 'the state put back is the one at the snapshot’s position');
    t.same(asJson(restored.versions), atSnapshot.versions, 'and so are the stream versions');
    t.equal(restored.state.usernames.player2000, 'p2000', 'usernames are made again from the users');
    t.same(
      [state.users, state.balances, state.exposure, versions.live].map((x) => x.watcher),
      [null, null, null, null],
    );

    store.saveSnapshotPart = saveSnapshotPart;
    const written = recordWrites(store);
    t.ok(await snapshots.save(60, state, versions, commands), 'the next snapshot');
    t.same(
      written.filter((key) => key.startsWith('table:')).sort(),
      [
        'table:balances@60#0',
        'table:balances@60#1',
        'table:balances@60#2',
        'table:exposure@60#0',
        'table:users@60#8',
        'table:versions@60#2',
      ],
      'writes again only the slices with a key changed, added or deleted since',
    );
    const again = (await new Snapshots(store, 'engine', 25, 10).load())!;
    t.same(asJson(again.state), asJson(state), 'has the changes');
    t.same(asJson(again.versions), asJson(versions));
  },
);

t.test(
  'tables changed at random while a save writes them (keys set, added, deleted, deleted and added back) put back as they were at the snapshot',
  async (t) => {
    const store = await openMemoryStore();
    t.teardown(() => store.close());
    for (let seed = 1; seed <= 8; seed++) {
      const rng = prng(seed);
      const { state, versions } = settledState(0);
      const streams: string[] = [];
      let next = 0;
      const addUser = () => {
        const i = next++;
        state.users.set(`p${i}`, player(i));
        state.usernames[`player${i}`] = `p${i}`;
        state.balances.set(`wallet:p${i}`, 100_00 + i);
        versions.record(`user-p${i}`, 1, undefined);
        streams.push(`user-p${i}`);
      };
      for (let i = 0; i < 2 * ENTRIES_PER_PART.balances + rng.int(0, 999); i++) addUser();
      const commands = new CommandWindow(25, 10);
      const name = `engine-${seed}`;
      const snapshots = new Snapshots(store, name, 25, 10);
      snapshots.folded(state, 'open', 30);
      const atSnapshot = { state: asJson(state), versions: asJson(versions) };
      const change = () => {
        const p = `p${rng.int(0, next - 1)}`;
        const op = rng.int(0, 5);
        if (op === 0) state.balances.set(`wallet:${p}`, rng.int(0, 1_000_00));
        else if (op === 1) state.users.set(p, { ...state.users.get(p)!, betLocked: rng.chance(0.5) });
        else if (op === 2) addUser();
        else if (streams.length > 0) {
          const stream = streams.splice(rng.int(0, streams.length - 1), 1)[0]!;
          versions.live.delete(stream);
          if (op === 3) {
            versions.record(stream, 7, undefined);
            streams.push(stream);
          }
        }
      };
      const saveSnapshotPart = store.saveSnapshotPart.bind(store);
      store.saveSnapshotPart = (n, key, json) => {
        for (let k = rng.int(0, 6); k > 0; k--) change();
        return saveSnapshotPart(n, key, json);
      };
      t.ok(await snapshots.save(50, state, versions, commands), `seed ${seed}: saved`);
      store.saveSnapshotPart = saveSnapshotPart;
      const restored = (await new Snapshots(store, name, 25, 10).load())!;
      t.same(asJson(restored.state), atSnapshot.state, `seed ${seed}: the state as of the snapshot`);
      t.same(asJson(restored.versions), atSnapshot.versions, `seed ${seed}: the stream versions as of the snapshot`);
      t.ok(await snapshots.save(60, state, versions, commands), `seed ${seed}: the next snapshot`);
      const again = (await new Snapshots(store, name, 25, 10).load())!;
      t.same(asJson(again.state), asJson(state), `seed ${seed}: the next one has every change`);
      t.same(asJson(again.versions), asJson(versions));
    }
  },
);

t.test(
  'a table slice that did not change is the last snapshot’s part, after a restart too, and written again when it is gone',
  async (t) => {
    const store = await openMemoryStore();
    t.teardown(() => store.close());
    const { state, versions } = settledState(0);
    for (let i = 0; i < 3 * ENTRIES_PER_PART.balances; i++) state.balances.set(`wallet:p${i}`, 100_00 + i);
    const commands = new CommandWindow(25, 10);
    const first = new Snapshots(store, 'engine', 25, 10);
    first.folded(state, 'open', 30);
    t.ok(await first.save(50, state, versions, commands));
    const written = recordWrites(store);
    const tableKeys = async () =>
      (await savedCore(store)).parts!.filter((key) => key.startsWith('table:balances')).sort();
    const check = async (label: string) =>
      t.same(asJson((await new Snapshots(store, 'engine', 25, 10).load())!.state), asJson(state), label);

    // A restarted engine compares with the slices it loaded.
    const restarted = new Snapshots(store, 'engine', 25, 10);
    const loaded = (await restarted.load())!;
    loaded.state.balances.set('wallet:p1500', 1);
    t.ok(await restarted.save(60, loaded.state, loaded.versions, commands));
    t.same(
      written.filter((key) => key.startsWith('table:')),
      ['table:balances@60#1'],
      'after a restart, only the changed slice',
    );
    t.same(await tableKeys(), ['table:balances@50#0', 'table:balances@50#2', 'table:balances@60#1']);
    state.balances.set('wallet:p1500', 1);
    await check('the state put back has the change and the slices kept');

    // The same value set again is the same slice.
    written.length = 0;
    loaded.state.balances.set('wallet:p10', loaded.state.balances.get('wallet:p10')!);
    t.ok(await restarted.save(61, loaded.state, loaded.versions, commands));
    t.same(
      written.filter((key) => key.startsWith('table:')),
      [],
      'a value set to what it was writes nothing',
    );

    // A key deleted moves every later key back a place: its slice and the ones after are written again.
    written.length = 0;
    loaded.state.balances.delete('wallet:p1200');
    t.ok(await restarted.save(62, loaded.state, loaded.versions, commands));
    t.same(
      written.filter((key) => key.startsWith('table:')),
      ['table:balances@62#1', 'table:balances@62#2'],
      'a deletion: its slice and those after it',
    );
    state.balances.delete('wallet:p1200');
    await check('the state put back has lost the key');

    // A standby taking over after the store lost a slice it would have kept writes it again.
    await store.sql.query(`delete from snapshot_parts where key = 'table:balances@50#0'`);
    await restarted.takeOver();
    written.length = 0;
    t.ok(await restarted.save(63, loaded.state, loaded.versions, commands));
    t.same(
      written.filter((key) => key.startsWith('table:')),
      ['table:balances@63#0'],
      'a slice no longer stored',
    );
    await check('and the snapshot loads whole');

    // Slices of another size (a snapshot of an earlier version) are all written again.
    const per = ENTRIES_PER_PART.balances;
    ENTRIES_PER_PART.balances = per / 2;
    t.teardown(() => {
      ENTRIES_PER_PART.balances = per;
    });
    const resized = new Snapshots(store, 'engine', 25, 10);
    const again = (await resized.load())!;
    written.length = 0;
    t.ok(await resized.save(64, again.state, again.versions, commands));
    t.equal(written.filter((key) => key.startsWith('table:balances@64#')).length, 6, 'every slice, at the new size');
    await check('put back from the slices of the new size');
  },
);

t.test(
  'an open market’s slice is written again only when its bets or their versions changed, after a restart too',
  async (t) => {
    const store = await openMemoryStore();
    t.teardown(() => store.close());
    const { state, versions } = settledState(0, 2 * OPEN_BETS_PER_PART + 5);
    const commands = new CommandWindow(25, 10);
    const first = new Snapshots(store, 'engine', 25, 10);
    first.folded(state, 'open', 30);
    t.ok(await first.save(50, state, versions, commands));
    const written = recordWrites(store);
    const openWritten = () => written.filter((key) => key.startsWith('open:'));
    const check = async (label: string) =>
      t.same(asJson((await new Snapshots(store, 'engine', 25, 10).load())!.state), asJson(state), label);

    changeBet(first, state, versions, `open-${OPEN_BETS_PER_PART + 3}`, (bet) => {
      bet.unmatched = 1;
    });
    t.ok(await first.save(60, state, versions, commands));
    t.same(openWritten(), ['open:open@60#1'], 'a bet changed: its slice only');
    await check('put back with the change and the slices kept');

    written.length = 0;
    changeBet(first, state, versions, `open-${2 * OPEN_BETS_PER_PART + 1}`, () => {
      versions.next(`bet-open-${2 * OPEN_BETS_PER_PART + 1}`, 'open');
    });
    t.ok(await first.save(61, state, versions, commands));
    t.same(openWritten(), ['open:open@61#2'], 'a bet’s stream version moved: its slice');
    t.equal(
      (await new Snapshots(store, 'engine', 25, 10).load())!.versions.open.open![
        `bet-open-${2 * OPEN_BETS_PER_PART + 1}`
      ],
      3,
    );

    // A restarted engine compares with the digests it loaded.
    const restarted = new Snapshots(store, 'engine', 25, 10);
    const loaded = (await restarted.load())!;
    changeBet(restarted, loaded.state, loaded.versions, 'open-4', (bet) => {
      bet.status = 'deleted';
    });
    setStatus(state, 'open-4', 'deleted');
    written.length = 0;
    t.ok(await restarted.save(70, loaded.state, loaded.versions, commands));
    t.same(openWritten(), ['open:open@70#0'], 'after a restart, only the changed slice');
    await check('put back after the restart');

    written.length = 0;
    t.ok(await restarted.save(71, loaded.state, loaded.versions, commands));
    t.same(openWritten(), [], 'nothing changed: no slice written');

    // A bet changed back to what it was: its slice is compared by content, and is the last part again.
    changeBet(restarted, loaded.state, loaded.versions, 'open-5', () => {});
    t.ok(await restarted.save(72, loaded.state, loaded.versions, commands));
    t.same(openWritten(), [], 'a bet named but the same: no slice written');

    // An event naming the market and no bet (a void, a revoke) may change any of its bets.
    restarted.changing(loaded.state, loaded.versions, { type: 'MarketVoided', data: { marketId: 'open' } } as never);
    setStatus(loaded.state, `open-${2 * OPEN_BETS_PER_PART}`, 'settled');
    setStatus(state, `open-${2 * OPEN_BETS_PER_PART}`, 'settled');
    t.ok(await restarted.save(73, loaded.state, loaded.versions, commands));
    t.same(openWritten(), ['open:open@73#2'], 'its slices compared by content: the one with a bet it changed written');
    await check('put back with the bet the market event changed');
  },
);

t.test('an open bet changed before a snapshot that failed is written by the next one', async (t) => {
  const store = await openMemoryStore();
  t.teardown(() => store.close());
  const { state, versions } = settledState(0, 2 * OPEN_BETS_PER_PART + 5);
  const commands = new CommandWindow(25, 10);
  const snapshots = new Snapshots(store, 'engine', 25, 10);
  snapshots.folded(state, 'open', 30);
  t.ok(await snapshots.save(50, state, versions, commands));
  changeBet(snapshots, state, versions, `open-${OPEN_BETS_PER_PART + 3}`, (bet) => {
    bet.unmatched = 1;
  });
  const saveSnapshotPart = store.saveSnapshotPart.bind(store);
  store.saveSnapshotPart = () => Promise.reject(new Error('the database went away'));
  await t.rejects(snapshots.save(60, state, versions, commands), /went away/);
  store.saveSnapshotPart = saveSnapshotPart;
  const written = recordWrites(store);
  t.ok(await snapshots.save(61, state, versions, commands));
  t.same(
    written.filter((key) => key.startsWith('open:')),
    ['open:open@61#1'],
    'the changed slice, though the failed one had taken the changes',
  );
  t.same(
    asJson((await new Snapshots(store, 'engine', 25, 10).load())!.state),
    asJson(state),
    'put back with the change',
  );
});

t.test(
  'a core from before the open bets had parts of their own loads, their streams moved to their market',
  async (t) => {
    const store = await openMemoryStore();
    t.teardown(() => store.close());
    const { state, versions } = settledState(2 * BETS_PER_PART + 5);
    const held = state.markets.get('open')!.positions.get('u1')!;
    held.book = OPEN_BOOK;
    held.exposure = 3_00;
    const commands = new CommandWindow(25, 10);
    const snapshots = new Snapshots(store, 'engine', 25, 10);
    snapshots.folded(state, 'open', 30);
    snapshots.folded(state, 'settled', 40);
    t.ok(await snapshots.save(50, state, versions, commands));
    // As snapshots wrote it until 2026-12-01: the same parts, and a core with the open bets and their streams in it.
    const parts = await partKeys(store);
    const core = {
      state: coreState(state, ['open'], false),
      versions: { ...versions.live.toJSON(), ...versions.open.open },
      processed: [],
      commandSegment: 2,
      parts,
    };
    await store.saveSnapshot('engine', 60, JSON.stringify(core), parts);
    const restored = await new Snapshots(store, 'engine', 25, 10).load();
    t.equal(restored!.position, 60);
    t.same(asJson(restored!.state), asJson(state), 'the state put back equals the one saved');
    t.same(restored!.versions, versions, 'the open bets’ streams held with their market, none live');
  },
);

t.test('a whole snapshot from before parts still loads', async (t) => {
  const store = await openMemoryStore();
  t.teardown(() => store.close());
  const { state } = settledState(10);
  const live: Record<string, number> = { 'user-u1': 4 };
  for (const id of [...state.bets.keys()]) live[`bet-${id}`] = 2;
  const processed = Array.from({ length: 23 }, (_, i) => [`c${i}`, [i]]);
  // Every market in the core, as such a snapshot held them (in the format parts.ts calls StateJson).
  const whole = coreState(state, state.markets.keys(), false);
  await store.saveSnapshot('engine', 70, JSON.stringify({ state: whole, versions: live, processed }));
  const restored = await new Snapshots(store, 'engine', 25, 10).load();
  t.same(asJson(restored!.state), asJson(state));
  t.same(Object.keys(restored!.versions.settled.settled!).length, 10, 'the settled market’s bet streams held apart');
  t.equal(restored!.versions.open.open!['bet-open-0'], 2, 'the open market’s held with it');
  t.equal(restored!.versions.live.get('bet-open-0'), undefined);
  t.same(restored!.commands.get('c22'), [22]);
});

t.test(
  'archived markets are saved in groups by where they were archived, a group again only when it changed',
  async (t) => {
    const store = await openMemoryStore();
    t.teardown(() => store.close());
    const { state, versions } = settledState(0);
    for (const marketId of ['a1', 'a2', 'a3']) {
      state.markets.set(marketId, {
        ...state.markets.get('settled')!,
        marketId,
        name: marketId,
        archived: true,
        betIds: [],
      });
      versions.record(`market-${marketId}`, 3, marketId);
      versions.archive(marketId);
      t.equal(versions.live.get(`market-${marketId}`), undefined, 'an archived market’s own stream is held apart');
    }
    const snapshots = new Snapshots(store, 'engine', 25, 10);
    for (const [marketId, at] of [
      ['open', 30],
      ['settled', 40],
      ['a1', 100],
      ['a2', 150_000],
      ['a3', 150_001],
    ] as const)
      snapshots.folded(state, marketId, at);
    const commands = new CommandWindow(25, 10);
    t.ok(await snapshots.save(150_002, state, versions, commands));
    t.same(await partKeys(store), ['market:settled@40#0', 'summaries#0@100', 'summaries#1@150001']);
    const restored = await new Snapshots(store, 'engine', 25, 10).load();
    t.same(asJson(restored!.state), asJson(state), 'put back whole');
    t.same(restored!.versions.archived, { a1: 3, a2: 3, a3: 3 });
    t.equal(restored!.versions.next('market-a2', 'a2'), 4, 'an archived market’s stream goes on from its version');

    state.markets.get('a1')!.feed = { marketId: 'a1' } as never;
    snapshots.folded(state, 'a1', 150_010);
    t.ok(await snapshots.save(150_010, state, versions, commands));
    t.same(
      await partKeys(store),
      ['market:settled@40#0', 'summaries#0@150010', 'summaries#1@150001'],
      'only the group whose market changed is written again',
    );
    t.same((await new Snapshots(store, 'engine', 25, 10).load())!.state.markets.get('a1')!.feed, { marketId: 'a1' });
  },
);

t.test('archived summaries are written as rows, a match’s runners once, and read back as they were', async (t) => {
  const { state } = settledState(0);
  const base = { ...state.markets.get('settled')!, archived: true, betIds: [], positions: new Dict<Position>() };
  const runners = [
    { selectionId: 7, name: 'Mumbai Indians' },
    { selectionId: 9, name: 'Chennai Super Kings' },
  ];
  const markets: MarketState[] = [
    { ...base, marketId: 'x1', runners, settlement: { settlementId: 's1', void: false, postings: [], betIds: [] } },
    { ...base, marketId: 'x2', kind: 'bookmaker', runners, manual: true, status: 'VOID', settledAt: null },
    {
      ...base,
      marketId: 'x3',
      kind: 'fancy',
      fancyType: 'Normal',
      runners: [],
      proposed: [1],
      feed: { marketId: 'x3', status: 'CLOSED', betDelaySec: 1, numberOfWinners: 1, source: 'betfair' } as never,
      settlement: { settlementId: 's3', void: true, postings: [], betIds: [] },
    },
  ];
  const table = toSummaries(markets);
  t.equal(table.runners.length, 2, 'two distinct runner lists for three markets');
  t.same(table.rows[1]![13], { manual: true }, 'what few markets have rides along; the rest is 0');
  t.equal(table.rows[0]![13], 0);
  t.same(asJson(fromSummaries(JSON.parse(JSON.stringify(table)))), asJson(markets), 'the same markets back');
  const whole = JSON.stringify(markets).length;
  const rows = JSON.stringify(table).length;
  t.ok(rows < whole / 2, `rows take ${rows} bytes, whole markets ${whole}`);
});

t.test('archived summaries a snapshot saved whole load, and the next snapshot saves them as rows', async (t) => {
  const store = await openMemoryStore();
  t.teardown(() => store.close());
  const { state, versions } = settledState(0);
  state.markets.set('a1', {
    ...state.markets.get('settled')!,
    marketId: 'a1',
    archived: true,
    betIds: [],
    positions: new Dict<Position>(),
  });
  state.markets.delete('settled');
  delete state.unarchived.settled;
  versions.record('market-a1', 3, 'a1');
  versions.archive('a1');
  // As a snapshot from before rows wrote it: the summary whole, in a part named `archived#`.
  const old = { kind: 'archived', group: 0, position: 100, markets: [state.markets.get('a1')], versions: { a1: 3 } };
  await store.saveSnapshotPart('engine', 'archived#0@100', JSON.stringify(old));
  const core = {
    state: coreState(state, ['open'], false),
    versions: versions.live.toJSON(),
    processed: [],
    commandSegment: 0,
    parts: ['archived#0@100'],
  };
  await store.saveSnapshot('engine', 150, JSON.stringify(core), core.parts);
  const snapshots = new Snapshots(store, 'engine', 25, 10);
  const restored = await snapshots.load();
  t.same(asJson(restored!.state.markets.get('a1')), asJson(state.markets.get('a1')), 'the whole summary loads');
  t.ok(await snapshots.save(160, restored!.state, restored!.versions, restored!.commands));
  t.same(await partKeys(store), ['summaries#0@100'], 'rewritten as rows, the old part gone');
  t.same(asJson((await new Snapshots(store, 'engine', 25, 10).load())!.state), asJson(restored!.state));
});

t.test(
  'a turn of the provider window drops the streams of rounds it forgot; snapshots keep none of them',
  async (t) => {
    const store = await openMemoryStore();
    t.teardown(() => store.close());
    const { state, versions } = settledState(0);
    state.provider.rounds['evo|r1'] = {
      userId: 'u1',
      debits: 1,
      held: 100,
      credited: false,
      stream: 'provider-round-evo-r1',
    };
    state.provider.previous.rounds['evo|r2'] = { userId: 'u1', debits: 1, held: 0, credited: true };
    versions.record('provider-round-evo-r1', 2, undefined);
    versions.record('provider-round-evo-r2', 3, undefined);
    versions.record('provider-round-evo-r3@2026-10-31T00:00:00.000Z', 1, undefined);
    versions.record('provider-round-evo-r4', 5, undefined);
    versions.forgetRounds(rememberedRoundStreams(state.provider));
    t.same(
      [...versions.live.keys()].filter(isProviderRound).sort(),
      ['provider-round-evo-r1', 'provider-round-evo-r2'],
      'an open round and a remembered closed one (saved before rounds carried their stream) stay',
    );
    const snapshots = new Snapshots(store, 'engine', 25, 10);
    snapshots.folded(state, 'settled', 40);
    const commands = new CommandWindow(25, 10);
    t.ok(await snapshots.save(50, state, versions, commands));
    t.same(
      (await partKeys(store)).filter((k) => k.startsWith('rounds#')),
      [],
      'no part of forgotten rounds',
    );

    // An older snapshot listed a part of forgotten rounds' versions: it still loads, without them.
    const core = await savedCore(store);
    await store.saveSnapshotPart('engine', 'rounds#2026-11-01T00:00:00.000Z@0', JSON.stringify({ kind: 'rounds' }));
    const parts = [...core.parts!, 'rounds#2026-11-01T00:00:00.000Z@0'];
    await store.saveSnapshot('engine', 50, JSON.stringify({ ...core, parts }), parts);
    const restored = (await new Snapshots(store, 'engine', 25, 10).load())!;
    t.same(restored.state.provider.rounds, state.provider.rounds);
    t.equal(restored.versions.next('provider-round-evo-r1', undefined), 3, 'an open round goes on from its version');
  },
);

t.test(
  'the provider window’s previous generation is a part, written again only when a late call names it',
  async (t) => {
    const store = await openMemoryStore();
    t.teardown(() => store.close());
    const { state, versions } = settledState(0);
    const txn = {
      txnType: 'DEBIT' as const,
      userId: 'u1',
      roundId: 'r1',
      gameId: 'g',
      amount: 1_000,
      betId: null,
      answer: { ok: true as const, balance: 9_000, referenceId: 'ref' },
      rolledBackBy: null,
    };
    state.provider = {
      txns: {},
      rounds: {},
      previous: {
        txns: { 'evo|t1': txn },
        rounds: { 'evo|r1': { userId: 'u1', debits: 1, held: 1_000, credited: true } },
      },
      turnedAt: '2026-11-20T00:00:00.000Z',
    };
    const snapshots = new Snapshots(store, 'engine', 25, 10);
    snapshots.folded(state, 'open', 30);
    snapshots.folded(state, 'settled', 40);
    snapshots.providerFolded(state, { type: 'ProviderWindowTurned', data: { turnedAt: state.provider.turnedAt } });
    const commands = new CommandWindow(25, 10);
    t.ok(await snapshots.save(50, state, versions, commands));
    const keys = await partKeys(store);
    t.ok(keys.includes('provider-previous#2026-11-20T00:00:00.000Z@0'), 'saved as a part');
    t.same((await savedCore(store)).state.provider.previous, { txns: {}, rounds: {} }, 'not in the core');
    t.same((await new Snapshots(store, 'engine', 25, 10).load())!.state.provider, state.provider, 'put back');

    // A call for another round leaves it; a late rollback naming its DEBIT changes it.
    snapshots.providerFolded(state, { type: 'ProviderDebited', data: { provider: 'evo', txnId: 't9', roundId: 'r9' } });
    t.ok(await snapshots.save(51, state, versions, commands));
    t.ok(
      (await partKeys(store)).includes('provider-previous#2026-11-20T00:00:00.000Z@0'),
      'unchanged, not written again',
    );
    state.provider.previous.txns['evo|t1']!.rolledBackBy = 't10';
    snapshots.providerFolded(state, {
      type: 'ProviderRolledBack',
      data: { provider: 'evo', txnId: 't10', roundId: 'r1', betId: 't1' },
    });
    t.ok(await snapshots.save(52, state, versions, commands));
    t.ok((await partKeys(store)).includes('provider-previous#2026-11-20T00:00:00.000Z@1'), 'changed, written again');
    t.equal(
      (await new Snapshots(store, 'engine', 25, 10).load())!.state.provider.previous.txns['evo|t1']!.rolledBackBy,
      't10',
    );
  },
);
