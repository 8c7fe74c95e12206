/**
 * The engine's state is bounded by what can still change: a settled market's bets leave it once
 * the revoke window has passed (MarketArchived), and a revoke after that reads the market back from
 * the log (MarketRestored) and is exactly the revoke it would have been had the bets never left.
 */
import t, { type Test } from 'tap';
import type { CommittedEvent, EventStore, ExecuteResult } from '@exch/contracts';
import { type Engine, emptyState, fold, loadSnapshotCore, SNAPSHOT_NAME } from '@exch/engine';
import { openMemoryStore } from '../../services/eventstore/test-support/empty-cluster.js';
import { engineOn, envelope, hierarchy, matchCatalogue, must, placeBet } from './fixtures.js';

type Teardown = { teardown(fn: () => unknown): void };
const FAR = new Date('2100-01-01');

/** Three players bet on match n's bookmaker and fancy; both markets settle. */
async function tradeAndSettle(engine: Engine, players: string[], n: number): Promise<void> {
  for (const [selectionId, back, lay] of [
    [1, 85, 90],
    [2, 110, 115],
    [3, 400, 450],
  ] as const)
    engine.quote({ type: 'bookmaker', marketId: `bm${n}`, selectionId, status: 'ACTIVE', back, lay });
  engine.quote({
    type: 'fancy',
    marketId: `fy${n}`,
    status: 'ACTIVE',
    no: { line: 45, rate: 100 },
    yes: { line: 46, rate: 100 },
  });
  const bets: [string, number | null, 'back' | 'lay', number, number, number | null][] = [
    [`bm${n}`, 1, 'back', 85, 1_000_00, null],
    [`bm${n}`, 2, 'lay', 115, 333_33, null],
    [`bm${n}`, 3, 'back', 400, 177_77, null],
    [`fy${n}`, null, 'back', 46, 500_00, 100],
    [`fy${n}`, null, 'lay', 45, 250_01, 100],
  ];
  let i = 0;
  for (const p of players)
    for (const [marketId, sid, side, odds, stake, volume] of bets)
      await must(engine, placeBet(`b${n}-${p}-${i++}`, marketId, sid, side, odds, stake, volume), p);
  await must(engine, { type: 'SettleMarket', marketId: `bm${n}`, selectionId: 2, runs: null }, 'a');
  await must(engine, { type: 'SettleMarket', marketId: `fy${n}`, selectionId: null, runs: 47 }, 'a');
}

async function world(t: Teardown) {
  const store = await openMemoryStore();
  t.teardown(() => store.close());
  const engine = await engineOn(store, t);
  const players = await hierarchy(engine, 3, 1_000_000_00);
  await must(engine, matchCatalogue([1]), null);
  return { store, engine, players };
}

/** What a revoke and a new declaration move is the same on both engines, to the paisa. */
async function sameMoney(t: Test, kept: Engine, other: Engine): Promise<void> {
  t.same(other.view.balances, kept.view.balances, 'the same balances');
  t.same(other.view.exposure, kept.view.exposure, 'the same exposure');
  t.same(other.view.bets.toJSON(), kept.view.bets.toJSON(), 'the same open bets again');
  for (const engine of [kept, other])
    await must(engine, { type: 'SettleMarket', marketId: 'bm1', selectionId: 3, runs: null }, 'a');
  t.same(other.view.balances, kept.view.balances, 'a new declaration pays the same');
}

/** A command's events; the settlement's id is its declaring command's, which differs between the two engines. */
const eventsOf = (r: ExecuteResult): Pick<CommittedEvent, 'type' | 'data'>[] =>
  r.ok ? r.events.map((e) => ({ type: e.type, data: { ...e.data, settlementId: undefined } })) : [];

t.test('a revoke after the window is the revoke it would have been, to the paisa', async (t) => {
  const kept = await world(t);
  const archived = await world(t);
  for (const w of [kept, archived]) await tradeAndSettle(w.engine, w.players, 1);
  t.same(archived.engine.view.bets.toJSON(), kept.engine.view.bets.toJSON(), 'the same bets before the window');
  t.same(archived.engine.view.balances, kept.engine.view.balances, 'the same balances before the window');

  const archiving = await archived.engine.housekeep(FAR);
  t.ok(archiving.ok);
  t.same(
    eventsOf(archiving).map((e) => e.type),
    ['MarketArchived', 'MarketArchived'],
    'both settled markets archived',
  );
  t.same([...archived.engine.view.bets.keys()], [], 'their bets left the state');
  t.equal(archived.engine.view.markets.get('bm1')!.status, 'SETTLED', 'the summary keeps the status');
  const late = await archived.engine.execute(
    envelope({ type: 'SettleMarket', marketId: 'bm1', selectionId: 1, runs: null }, 'a'),
  );
  t.same(
    late.ok ? null : late.refusal.message,
    'The result of this market is already declared',
    'a late declaration is refused as before',
  );

  for (const marketId of ['bm1', 'fy1']) {
    const a = await kept.engine.execute(envelope({ type: 'RevokeResult', marketId }, 'a'));
    const b = await archived.engine.execute(envelope({ type: 'RevokeResult', marketId }, 'a'));
    t.ok(a.ok && b.ok, `${marketId} revoked on both`);
    t.same(
      eventsOf(b).filter((e) => e.type !== 'MarketRestored'),
      eventsOf(a),
      `${marketId}: the same ResultRevoked, postings to the paisa`,
    );
    t.same(
      eventsOf(b).map((e) => e.type),
      ['ResultRevoked'],
      'the market was read back in a turn of its own first',
    );
  }
  await sameMoney(t, kept.engine, archived.engine);

  const log = await archived.store.readAll(0, 100_000);
  t.ok(
    log.some((e) => e.type === 'MarketRestored'),
    'the read-back is in the log',
  );
  t.same(
    JSON.parse(JSON.stringify(fold(emptyState(), log as never))),
    JSON.parse(JSON.stringify(archived.engine.view)),
    'a fold of the log equals the live state',
  );
  await archived.engine.stop();
  const restarted = await engineOn(archived.store, t);
  t.same(
    JSON.parse(JSON.stringify(restarted.view)),
    JSON.parse(JSON.stringify(archived.engine.view)),
    'a restarted engine equals it too',
  );
  const again = await restarted.execute(envelope({ type: 'RevokeResult', marketId: 'bm1' }, 'a'));
  t.ok(again.ok, 'it still writes the bets’ streams after their versions came back from the log');
});

/** After the revoke window but inside the memory period: archived, summaries kept. */
const WEEKS_ON = () => new Date(Date.now() + 9 * 24 * 3600_000);

t.test(
  'a forgotten market is read back for any command naming it, and a revoke is still exact to the paisa',
  async (t) => {
    const kept = await world(t);
    const gone = await world(t);
    for (const w of [kept, gone]) {
      await tradeAndSettle(w.engine, w.players, 1);
      await w.engine.housekeep(WEEKS_ON());
    }
    const summaries = ['bm1', 'fy1'].map((id) => JSON.parse(JSON.stringify(gone.engine.view.markets.get(id))));
    t.ok(
      gone.engine.view.markets.get('bm1')?.archived,
      'archived after the revoke window, its summary kept for the memory period',
    );

    const forgetting = await gone.engine.housekeep(FAR);
    t.same(
      eventsOf(forgetting).map((e) => e.type),
      ['MarketForgotten', 'MarketForgotten'],
      'both forgotten past the memory period',
    );
    t.equal(gone.engine.view.markets.get('bm1'), undefined, 'the summary left the state');

    const late = await gone.engine.execute(
      envelope({ type: 'SettleMarket', marketId: 'bm1', selectionId: 1, runs: null }, 'a'),
    );
    t.same(
      late.ok ? null : late.refusal.message,
      'The result of this market is already declared',
      'a late declaration is refused as before it was forgotten',
    );
    const summary = (id: string) => JSON.parse(JSON.stringify(gone.engine.view.markets.get(id)));
    t.same(summary('bm1'), summaries[0], 'the summary read back is the one forgotten');

    const relisted = await gone.engine.execute(envelope(matchCatalogue([1]), null));
    t.same(
      relisted.ok ? relisted.events.map((e) => e.type) : relisted,
      [],
      'the feed listing the match again lists nothing: fy1 is read back, not listed anew at its first version',
    );
    t.same(summary('fy1'), summaries[1], 'and its summary is the one forgotten');

    const unknown = await gone.engine.execute(envelope({ type: 'RevokeResult', marketId: 'nowhere' }, 'a'));
    t.same(
      unknown.ok ? null : unknown.refusal.code,
      'MARKET_NOT_FOUND',
      'an id the log does not hold is refused as before',
    );

    // Forgotten again, then revoked in the same turn: the read-back waits for the forgetting to commit.
    const [again, bm, fy] = await Promise.all([
      gone.engine.housekeep(FAR),
      gone.engine.execute(envelope({ type: 'RevokeResult', marketId: 'bm1' }, 'a')),
      gone.engine.execute(envelope({ type: 'RevokeResult', marketId: 'fy1' }, 'a')),
    ]);
    t.same(
      eventsOf(again).map((e) => e.type),
      ['MarketForgotten', 'MarketForgotten'],
      'forgotten again in the turn',
    );
    for (const [marketId, b] of [
      ['bm1', bm],
      ['fy1', fy],
    ] as const) {
      const a = await kept.engine.execute(envelope({ type: 'RevokeResult', marketId }, 'a'));
      t.ok(a.ok && b.ok, `${marketId} revoked on both`);
      t.same(eventsOf(b), eventsOf(a), `${marketId}: the same ResultRevoked, postings to the paisa`);
    }
    await sameMoney(t, kept.engine, gone.engine);

    const log = await gone.store.readAll(0, 100_000);
    t.same(
      log
        .filter((e) => e.type === 'MarketRemembered')
        .map((e) => (e.data as { marketId: string }).marketId)
        .sort(),
      ['bm1', 'bm1', 'fy1', 'fy1'],
      'each read-back is in the log',
    );
    t.same(
      JSON.parse(JSON.stringify(fold(emptyState(), log as never))),
      JSON.parse(JSON.stringify(gone.engine.view)),
      'a fold of the log equals the live state',
    );
    await gone.engine.housekeep(WEEKS_ON());
    await gone.engine.saveSnapshot();
    await gone.engine.housekeep(FAR);
    await gone.engine.stop();
    const restarted = await engineOn(gone.store, t);
    t.same(
      JSON.parse(JSON.stringify(restarted.view)),
      JSON.parse(JSON.stringify(fold(emptyState(), (await gone.store.readAll(0, 100_000)) as never))),
      'a restart from a snapshot with summaries, forgotten after it, equals a full fold of the log',
    );
    await restarted.saveSnapshot();
    await restarted.stop();
    const third = await engineOn(gone.store, t);
    t.same(
      JSON.parse(JSON.stringify(third.view)),
      JSON.parse(JSON.stringify(restarted.view)),
      'a restart from the snapshot saved after forgetting (no summary left to write) equals it too',
    );
    const last = await third.execute(envelope({ type: 'RevokeResult', marketId: 'bm1' }, 'a'));
    t.ok(last.ok, 'it still writes the market’s stream after its version came back from the log');
  },
);

t.test('a match goes with its last market, and comes back for the catalogue and a lock', async (t) => {
  const { store, engine, players } = await world(t);
  await tradeAndSettle(engine, players, 1);
  await must(engine, { type: 'VoidMarket', marketId: 'mo1' }, 'a');
  await engine.housekeep(WEEKS_ON());
  const match = engine.view.matches.M1;
  const forgetting = await engine.housekeep(FAR);
  t.same(
    eventsOf(forgetting).map((e) => e.type),
    ['MarketForgotten', 'MarketForgotten', 'MarketForgotten', 'MatchForgotten'],
    'its three markets forgotten, then the match',
  );
  t.equal(engine.view.matches.M1, undefined, 'the match left the state');

  const relisted = await engine.execute(envelope(matchCatalogue([1]), null));
  t.same(
    relisted.ok ? relisted.events.map((e) => e.type) : relisted,
    [],
    'the feed listing it again lists nothing: the match and its markets are read back',
  );
  t.same(engine.view.matches.M1, match, 'the match as it was');
  t.same([...engine.view.markets.keys()].sort(), ['bm1', 'fy1', 'mo1'], 'and its markets');

  await engine.housekeep(FAR);
  t.equal(engine.view.matches.M1, undefined, 'forgotten again');
  const listing = matchCatalogue([1]);
  listing.catalogue.markets = [{ ...listing.catalogue.markets[1]!, marketId: 'bm9', name: 'Bookmaker 2' }];
  const added = await engine.execute(envelope(listing, null));
  t.same(
    added.ok ? added.events.map((e) => e.type) : added,
    ['MarketListed'],
    'a new market of the forgotten match is listed, the match read back rather than listed again',
  );
  t.same(engine.view.matches.M1, match, 'the match as it was');
  await must(engine, { type: 'VoidMarket', marketId: 'bm9' }, 'a');
  await engine.housekeep(WEEKS_ON());
  await engine.housekeep(FAR);
  t.equal(engine.view.matches.M1, undefined, 'and gone with that market');
  const lock = await engine.execute(
    envelope(
      { type: 'SetMarketLock', userId: players[0]!, matchId: 'M1', marketKind: null, marketId: null, locked: true },
      'a',
    ),
  );
  t.ok(lock.ok, 'a lock on the forgotten match is decided as before');
  t.same(engine.view.matches.M1, match, 'against the match read back');
  const unknown = await engine.execute(
    envelope({ type: 'SetMatchStreams', matchId: 'M404', tvUrl: null, scoreUrl: null }, 'a'),
  );
  t.same(
    unknown.ok ? null : unknown.refusal.code,
    'MATCH_NOT_FOUND',
    'a match the log does not hold is refused as before',
  );

  await engine.housekeep(FAR);
  const log = await store.readAll(0, 100_000);
  t.same(
    JSON.parse(JSON.stringify(fold(emptyState(), log as never))),
    JSON.parse(JSON.stringify(engine.view)),
    'a fold of the log equals the live state',
  );
  await engine.stop();
  const restarted = await engineOn(store, t);
  t.same(
    JSON.parse(JSON.stringify(restarted.view)),
    JSON.parse(JSON.stringify(engine.view)),
    'a restarted engine equals it too',
  );
  t.ok(
    (await restarted.execute(envelope(matchCatalogue([1], true), null))).ok,
    'and writes the match’s stream after its version came back',
  );
  t.equal(restarted.view.matches.M1?.inPlay, true, 'the match went in play');
});

t.test('the state stays the same size over many settle cycles', async (t) => {
  const { engine, players } = await world(t);
  const sizes: number[] = [];
  const held: number[] = [];
  const matchesHeld: number[] = [];
  for (let n = 2; n <= 31; n++) {
    await must(engine, matchCatalogue([n]), null);
    await tradeAndSettle(engine, players, n);
    await must(engine, { type: 'VoidMarket', marketId: `mo${n}` }, 'a');
    await engine.housekeep(FAR);
    t.equal(engine.view.bets.size, 0, `cycle ${n}: no bet left in the state`);
    // The cycle before's were forgotten: this cycle's three summaries and match 1's three open markets are held.
    held.push(engine.view.markets.size);
    matchesHeld.push(Object.keys(engine.view.matches).length);
    sizes.push(JSON.stringify(engine.view).length);
  }
  t.same(new Set(held), new Set([6]), 'the markets held stay six (the summaries before were forgotten)');
  t.same(
    new Set(matchesHeld),
    new Set([2]),
    'and the matches two, match 1 and this cycle’s (each went with its last market)',
  );
  const summary = JSON.stringify(engine.view.markets.get('bm31')).length;
  t.ok(summary < 600, `a settled market keeps a summary of ${summary} bytes, whatever its bets`);
  // Only digits move (balances, the bet counter, the markets' ids): 450 bets, 90 markets and 30 matches came and went.
  const spread = Math.max(...sizes) - Math.min(...sizes);
  t.ok(spread < 64, `the state stays at ${sizes.at(-1)} bytes (spread ${spread})`);
});

/** The snapshot as the store holds it: its core's markets, the open bets (in slices beside it), and the keys of its other parts but the tables'. */
async function stored(store: EventStore) {
  const { core } = (await loadSnapshotCore(store, SNAPSHOT_NAME))!;
  const { rows: parts } = await store.sql.query<{ key: string }>(
    `select key from snapshot_parts where key not like 'core@%' and key not like 'open:%' and key not like 'table:%' order by key`,
  );
  const { rows: open } = await store.sql.query<{ bets: number }>(
    `select coalesce(sum(jsonb_array_length(body::jsonb -> 'bets')), 0)::int as bets from snapshot_parts where key like 'open:%'`,
  );
  return {
    markets: [...core.state.markets.keys()],
    bets: open[0]!.bets,
    parts: parts.map((p) => p.key),
  };
}

t.test('a snapshot taken at any point restores the state a full fold of the log gives', async (t) => {
  const { store, engine: first, players } = await world(t);
  let engine = first;
  const restartEqualsFold = async (when: string) => {
    await engine.saveSnapshot();
    const before = JSON.parse(JSON.stringify(engine.view));
    await engine.stop();
    engine = await engineOn(store, t);
    const log = await store.readAll(0, 1_000_000);
    t.same(JSON.parse(JSON.stringify(engine.view)), before, `${when}: the restarted state equals the one saved`);
    t.same(JSON.parse(JSON.stringify(fold(emptyState(), log as never))), before, `${when}: and a full fold of the log`);
  };

  await tradeAndSettle(engine, players, 1);
  await must(engine, matchCatalogue([2]), null);
  await tradeAndSettle(engine, players, 2);
  await must(engine, matchCatalogue([3]), null);
  engine.quote({ type: 'bookmaker', marketId: 'bm3', selectionId: 1, status: 'ACTIVE', back: 85, lay: 90 });
  await must(engine, placeBet('open-3', 'bm3', 1, 'back', 85, 100_00, null), players[0]!);
  await restartEqualsFold('two matches settled, one open');
  let saved = await stored(store);
  t.same(
    saved.parts.map((k) => k.replace(/@\d+/, '')),
    ['market:bm1#0', 'market:bm2#0', 'market:fy1#0', 'market:fy2#0'],
    'each settled market is a part of its own',
  );
  t.notOk(saved.markets.includes('bm1'), 'and not in the core');
  t.equal(saved.bets, 1, 'the open bet is in a slice of open bets');

  const bm2 = saved.parts.find((k) => k.startsWith('market:bm2'))!;
  const revoked = await engine.execute(envelope({ type: 'RevokeResult', marketId: 'bm1' }, 'a'));
  t.ok(revoked.ok, 'bm1 revoked');
  await restartEqualsFold('a result revoked');
  saved = await stored(store);
  t.notOk(
    saved.parts.some((k) => k.startsWith('market:bm1')),
    'a revoked market is back in the core',
  );
  t.ok(saved.parts.includes(bm2), 'an unchanged settled market keeps its part (not written again)');

  await must(engine, { type: 'SettleMarket', marketId: 'bm1', selectionId: 3, runs: null }, 'a');
  await must(engine, { type: 'SettleMarket', marketId: 'bm3', selectionId: 1, runs: null }, 'a');
  await restartEqualsFold('declared again');
  const again = (await stored(store)).parts.filter((k) => k.startsWith('market:bm1'));
  t.equal(again.length, 1, 'the new declaration is a new part');

  await engine.housekeep(FAR);
  await restartEqualsFold('every market archived');
  saved = await stored(store);
  t.same(
    saved.parts.map((k) => k.replace(/@\d+/, '')),
    ['summaries#0'],
    'archived markets’ summaries are one part',
  );
  t.same(saved.markets.sort(), ['fy3', 'mo1', 'mo2', 'mo3'], 'the core holds the markets never settled only');
  t.equal(saved.bets, 0);

  const late = await engine.execute(envelope({ type: 'RevokeResult', marketId: 'bm2' }, 'a'));
  t.ok(late.ok, 'a revoke after the window after a restart');
  await restartEqualsFold('read back from the log and revoked');
});

t.test('third-party casino rounds leave the stream versions once the provider window forgets them', async (t) => {
  const { store, engine, players } = await world(t);
  const game = { provider: 'mg', gameId: 'roulette', gameName: 'European Roulette' };
  const held = async () => {
    await engine.saveSnapshot();
    const { rows: parts } = await store.sql.query<{ key: string }>('select key from snapshot_parts');
    // The live streams' versions are the snapshot's `table:versions` slices.
    const { rows: slices } = await store.sql.query<{ body: string }>(
      `select body::text as body from snapshot_parts where key like 'table:versions@%'`,
    );
    const streams = slices
      .flatMap((r) => (JSON.parse(r.body) as { entries: [string, number][] }).entries.map(([stream]) => stream))
      .filter((s) => s.startsWith('provider-round-'));
    return { streams, parts: parts.filter((p) => !/^(market:|core@|table:)/.test(p.key)).map((p) => p.key) };
  };
  const counts: number[] = [];
  for (let period = 1; period <= 12; period++) {
    for (let r = 0; r < 10; r++) {
      const userId = players[r % players.length]!;
      const round = { ...game, userId, roundId: `d${period}-r${r}` };
      await must(
        engine,
        { type: 'ProviderDebit', ...round, txnId: `d${period}-r${r}-bet`, amount: 10_00, sessionUserId: userId },
        null,
      );
      await must(engine, { type: 'ProviderCredit', ...round, txnId: `d${period}-r${r}-win`, amount: 20_00 }, null);
    }
    await engine.housekeep(new Date(Date.UTC(2100, 0, period * 8)));
    const { streams, parts } = await held();
    counts.push(streams.length);
    t.notOk(
      parts.some((k) => k.startsWith('rounds#')),
      `period ${period}: no snapshot part of forgotten rounds`,
    );
  }
  // The window turns each period (a week by default): the period's ten closed rounds are remembered, the ten before are forgotten.
  t.same(new Set(counts.slice(2)), new Set([10]), `the versions held stay at ${counts.at(-1)} streams over 120 rounds`);
});

t.test(
  'decided payment requests leave the state and their stream versions; a late command reads them back',
  async (t) => {
    const { store, engine, players } = await world(t);
    const method = {
      upiId: 'agent@okaxis',
      upiName: 'Agent G',
      accountHolderName: null,
      accountNumber: null,
      ifscCode: null,
    };
    await must(engine, { type: 'SetPaymentMethod', ...method }, 'd');
    const utr = (period: number, i: number) => `5${String(period).padStart(5, '0')}${String(i).padStart(6, '0')}`;
    const deposit = (requestId: string, u: string) =>
      ({
        type: 'RequestDeposit',
        requestId,
        method: 'upi',
        amount: 100_00,
        utr: u,
        screenshotId: 'ab'.repeat(32),
        remark: '',
      }) as const;
    const held = async () => {
      await engine.saveSnapshot();
      const { core } = (await loadSnapshotCore(store, SNAPSHOT_NAME))!;
      const pay = engine.view.payments;
      return {
        streams: Object.keys(core.versions).filter((s) => s.startsWith('payment-')).length,
        requests: Object.keys(pay.requests).length + Object.keys(pay.previous.requests).length,
      };
    };
    const counts: { streams: number; requests: number }[] = [];
    for (let period = 1; period <= 8; period++) {
      for (const [i, p] of players.entries()) await must(engine, deposit(`d${period}-${i}`, utr(period, i)), p);
      await must(
        engine,
        { type: 'ApprovePaymentRequest', requestId: `d${period}-0`, walletUserId: 'd', remark: '' },
        'd',
      );
      await must(
        engine,
        { type: 'ApprovePaymentRequest', requestId: `d${period}-1`, walletUserId: 'd', remark: '' },
        'd',
      );
      await must(engine, { type: 'RejectPaymentRequest', requestId: `d${period}-2`, remark: 'no' }, 'd');
      await engine.housekeep(new Date(Date.UTC(2100, 0, period * 8)));
      counts.push(await held());
    }
    t.same(
      new Set(counts.slice(2).map((c) => JSON.stringify(c))),
      new Set([JSON.stringify({ streams: 0, requests: 3 })]),
      'one period of decided requests held, and no stream of a decided one, over 24 requests',
    );

    const late = async (command: Parameters<typeof envelope>[0], actor: string) => {
      const r = await engine.execute(envelope(command, actor));
      return r.ok ? 'accepted' : r.refusal.message;
    };
    t.equal(
      await late({ type: 'ApprovePaymentRequest', requestId: 'd1-0', walletUserId: 'd', remark: '' }, 'd'),
      'This request has already been approved',
      'a request decided long ago is read back and refused as it was',
    );
    t.equal(
      await late({ type: 'RejectPaymentRequest', requestId: 'd1-2', remark: '' }, 'd'),
      'This request has already been rejected',
    );
    t.equal(
      await late({ type: 'RejectPaymentRequest', requestId: 'never', remark: '' }, 'd'),
      'Payment request not found',
    );
    t.equal(
      await late(deposit('again-1', utr(1, 1)), players[0]!),
      'This UTR number has already been used',
      "an approved deposit's UTR stays taken after the window",
    );
    t.equal(await late(deposit('again-2', utr(1, 2)), players[0]!), 'accepted', "a rejected one's is free");
    t.equal(
      await late(deposit('again-3', utr(1, 2)), players[1]!),
      'This UTR number has already been used',
      'and taken again by the new request',
    );

    await engine.saveSnapshot();
    const before = JSON.parse(JSON.stringify(engine.view));
    await engine.stop();
    const restarted = await engineOn(store, t);
    t.same(JSON.parse(JSON.stringify(restarted.view)), before, 'the restarted state equals the one saved');
    const log = await store.readAll(0, 1_000_000);
    t.same(JSON.parse(JSON.stringify(fold(emptyState(), log as never))), before, 'and a full fold of the log');
  },
);
