/**
 * The read models do not depend on the order of streams (distributed mode). There the log reaches
 * the projectors through Kafka, keyed by stream, on partitionOf(streamId, n): one stream's events
 * arrive in order, different streams' in any interleaving, and each partition's batches commit in
 * their own transactions, concurrently with the other partitions'.
 *
 * A real Engine on PGlite writes a realistic log (seeded): a hierarchy, accounts created and managed
 * while money moves, deposits and withdrawals, catalogue syncs, feed moves, bets of every kind
 * (player-to-player fills too), cancels, lapses at the turn in play, deletes, settlements, voids,
 * revokes and re-declares, house prices, locks, buttons and news, third-party wallet calls, deposit and
 * withdrawal requests with their decisions, partnership shares changed along the way and live TV
 * and score URLs set per match. Then:
 *
 *  (a) the embedded ProjectionRunner folds it in position order;
 *  (b) the log split into 4 partitions is folded with random batch sizes in a random interleaving
 *      of partitions, each batch its own transaction, into a second PGlite database;
 *  (c) on PostgreSQL, each read model runs 4 partition loops at once on a pg pool (READ COMMITTED),
 *      so two transactions may write the same rows: an update lost between them would show.
 *
 * Every table of every projection must then hold the same rows in (b) and (c) as in (a).
 *
 *   ORDER_SEED=123 ORDER_STEPS=800 npx tap tests/projector/order-independence.test.ts
 */
import t, { type Test } from 'tap';
import pino from 'pino';
import {
  LADDER,
  partitionOf,
  PRIVILEGES,
  type Command,
  type EventStore,
  type ExecuteResult,
  type SqlClient,
  type StoredEvent,
} from '@exch/contracts';
import { Engine, type EngineState } from '@exch/engine';
import { openPGliteStore, openPostgresStore } from '@exch/eventstore';
import { allProjections, ProjectionRunner, type Projection } from '@exch/projector';
import {
  envelope,
  feedWalk,
  hierarchy,
  matchCatalogue,
  must,
  placeBet,
  prng,
  RUNNERS,
  type Executor,
  type Rng,
} from '../engine/fixtures.js';
import { pgSkip, startPostgres } from '../helpers/postgres.js';

const SEED = Number(process.env.ORDER_SEED ?? Math.floor(Math.random() * 2 ** 31));
const SEEDS = [SEED, SEED + 1, SEED + 2];
const STEPS = Number(process.env.ORDER_STEPS ?? 700);
const PARTITIONS = 4;
const silent = { info() {}, warn() {}, error() {} };

t.comment(`ORDER_SEED=${SEED} ORDER_STEPS=${STEPS}`);

// ---- The log: a real engine driven by seeded commands. ----

/** Commands a seeded client sends, with the feed moving underneath (as tests/engine/betting-property.test.ts does). */
async function writeLog(store: EventStore, rng: Rng, steps: number): Promise<Map<string, number>> {
  const engine = await Engine.start({ store, log: silent, snapshotEvery: 100_000 });
  let second = 0;
  // Each command at its own time, so a fold that kept the wrong one of two timestamps would show.
  const timed: Executor = {
    execute: (env) =>
      engine.execute({ ...env, at: new Date(Date.UTC(2026, 10, 22, 10) + ++second * 1000).toISOString() }),
  };
  const tally = new Map<string, number>();
  const run = async (command: Command, actor: string | null): Promise<ExecuteResult> => {
    const r = await timed.execute(envelope(command, actor));
    const key = `${command.type} ${r.ok ? 'ok' : r.refusal.code}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
    return r;
  };
  const players = await hierarchy(timed, 6, 5_000_00);
  const view = (): Readonly<EngineState> => engine.view;

  // The feed: a random walk per runner.
  const walk = feedWalk(engine, rng, [...Array<'ACTIVE'>(14).fill('ACTIVE'), 'SUSPENDED']);
  const { moveBookmaker, fancy } = walk;
  const move = (marketId: string) => walk.moveMarket(view().markets.get(marketId)!);

  let matches = 0;
  const newMatch = async () => {
    const n = ++matches;
    await run(matchCatalogue([n]), null);
    for (const kind of ['mo', 'bm', 'fy']) {
      await run(
        {
          type: 'SetMarketSettings',
          marketId: `${kind}${n}`,
          minStake: 100,
          maxStake: 10_000_00,
          betDelaySec: 0,
          commissionBp: rng.pick([0, 200, 500]),
        },
        'a',
      );
    }
    walk.openMatch(n);
  };
  let extraMarkets = 0;
  /** A bookmaker market listed later for a match already known: its MarketListed and the MatchListed are on different streams. */
  const laterMarket = async (matchId: string) => {
    const marketId = `bx${++extraMarkets}`;
    await run(
      {
        type: 'SyncCatalogue',
        catalogue: {
          series: [],
          matches: [],
          markets: [{ marketId, matchId, kind: 'bookmaker', name: `Extra ${extraMarkets}`, runners: RUNNERS }],
        },
      },
      null,
    );
    for (const r of RUNNERS) moveBookmaker(marketId, r.selectionId);
  };

  const live = () => [...view().markets.values()].filter((m) => m.status !== 'SETTLED' && m.status !== 'VOID');
  const openBets = () => [...view().bets.values()].filter((b) => b.status === 'open');
  let betN = 0;
  const betCommand = (): Command => {
    const active = live().filter((m) => m.status === 'ACTIVE');
    const market = rng.pick(active.length > 0 && rng.chance(0.9) ? active : live());
    const side = rng.chance(0.5) ? 'back' : 'lay';
    const r = rng.next();
    const stake = r < 0.45 ? rng.int(100, 5_000) : r < 0.85 ? rng.int(5_000, 100_000) : rng.int(100_000, 700_000);
    return walk.betNear(market, `b${++betN}`, side, stake);
  };
  /** The opposite of a resting order at its price, by another player: the two players match each other. */
  const crossCommand = (): [Command, string] | null => {
    const resting = openBets().filter((b) => b.unmatched > 0);
    if (resting.length === 0) return null;
    const bet = rng.pick(resting);
    const other = rng.pick(players.filter((p) => p !== bet.userId));
    return [
      placeBet(
        `b${++betN}`,
        bet.marketId,
        bet.selectionId,
        bet.side === 'back' ? 'lay' : 'back',
        bet.odds,
        rng.int(100, bet.unmatched + 5_000),
      ),
      other,
    ];
  };

  let userN = 0;
  const accountCommand = (): [Command, string | null] => {
    const p = rng.pick(players);
    const n = rng.int(1, 1_000_000);
    return rng.pick<() => [Command, string | null]>([
      () => [{ type: 'RecordLogin', userId: p, context: 'player' }, p],
      () => [{ type: 'RecordLogin', userId: 'd', context: 'admin' }, 'd'],
      () => [{ type: 'ChangePassword', userId: p, passwordHash: `own-${n}`, mustChangePassword: false }, p],
      () => [{ type: 'ChangePassword', userId: p, passwordHash: `reset-${n}`, mustChangePassword: true }, 'd'],
      () => [{ type: 'SetTransactionPassword', userId: 'd', transactionPasswordHash: `t-${n}` }, 'd'],
      () => [{ type: view().users.get(p)?.totpEnabled ? 'DisableTotp' : 'EnableTotp', userId: p }, p],
      () => [{ type: 'UpdateUserDetails', userId: p, fullName: `Player ${n}` }, 'd'],
      () => [{ type: 'SetCreditReference', userId: p, creditReference: n * 100 }, 'd'],
      () => [{ type: 'SetExposureLimit', userId: p, exposureLimit: rng.pick([0, 100_000_00, 50_000_00]) }, 'g'],
      () => [{ type: 'SetAccountLock', userId: p, locked: rng.chance(0.3) }, 'd'],
      () => [{ type: 'SetBetLock', userId: p, locked: rng.chance(0.3) }, 'd'],
      () => [
        {
          type: 'SetPermissions',
          userId: 'd',
          permissions: rng.chance(0.3) ? null : PRIVILEGES.filter(() => rng.chance(0.5)),
        },
        'g',
      ],
      () => [
        {
          type: 'SetButtonValues',
          sportsButtons: [{ label: `${n}`, value: n }],
          casinoButtons: [{ label: 'x', value: rng.int(1, 99) }],
        },
        p,
      ],
      () => [{ type: 'SetNewsMessage', text: `News ${n}` }, 'a'],
      () => [{ type: 'MintChips', userId: 'a', amount: n }, null],
      () => [{ type: 'TransferChips', fromUserId: 'g', toUserId: 'd', amount: n, remark: `top-up ${n}` }, 'g'],
      () => [{ type: 'TransferChips', fromUserId: 'd', toUserId: 'g', amount: n, remark: '' }, 'g'],
    ])();
  };

  let txnN = 0;
  const game = { provider: 'mg', gameId: 'roulette', gameName: 'European Roulette' };
  /** The third-party casino's wallet: stakes, wins, stakes given back and retries, on rounds of their own streams. */
  const walletCommand = (): Command => {
    const p = rng.pick(players);
    const debits = Object.entries(view().provider.txns).filter(([, x]) => x.txnType === 'DEBIT' && x.answer.ok);
    const x = rng.next();
    if (x < 0.45 || debits.length === 0)
      return {
        type: 'ProviderDebit',
        ...game,
        txnId: `t${++txnN}`,
        userId: p,
        roundId: `r${rng.int(1, 40)}`,
        amount: rng.int(100, 50_000),
        sessionUserId: p,
      };
    const [key, d] = rng.pick(debits);
    const betId = key.slice(key.indexOf('|') + 1);
    if (x < 0.7)
      return {
        type: 'ProviderCredit',
        ...game,
        txnId: `t${++txnN}`,
        userId: d.userId,
        roundId: d.roundId,
        amount: rng.int(0, 100_000),
      };
    if (x < 0.85)
      return {
        type: 'ProviderRollback',
        ...game,
        txnId: `t${++txnN}`,
        betId,
        userId: d.userId,
        roundId: d.roundId,
        amount: d.amount,
      };
    return {
      type: 'ProviderDebit',
      ...game,
      txnId: betId,
      userId: d.userId,
      roundId: d.roundId,
      amount: d.amount,
      sessionUserId: d.userId,
    };
  };

  let payN = 0;
  /** Deposits and withdrawals on their request streams, decided by the dealer (chips move from its wallet, holds on the player's). */
  const paymentCommand = (): [Command, string] => {
    const p = rng.pick(players);
    const pending = Object.entries(view().payments.requests).filter(([, r]) => r.status === 'pending');
    const x = rng.next();
    const n = ++payN;
    if (x < 0.3)
      return [
        {
          type: 'RequestDeposit',
          requestId: `dep${n}`,
          method: 'upi',
          amount: rng.int(100_00, 50_000_00),
          utr: String(100_000_000_000 + n),
          screenshotId: 'ab'.repeat(32),
          remark: '',
        },
        p,
      ];
    if (x < 0.55 || pending.length === 0)
      return [
        {
          type: 'RequestWithdrawal',
          requestId: `wd${n}`,
          accountId: `bank-${p}`,
          amount: rng.int(100_00, 1_000_00),
          remark: '',
        },
        p,
      ];
    const [requestId] = rng.pick(pending);
    if (x < 0.8) return [{ type: 'ApprovePaymentRequest', requestId, walletUserId: 'd', remark: `ok ${n}` }, 'd'];
    return [{ type: 'RejectPaymentRequest', requestId, remark: `no ${n}` }, 'd'];
  };
  /** Partnership shares changed while results settle: the split reads the share in force at each posting. */
  const shareCommand = (): [Command, string] =>
    rng.pick<() => [Command, string]>([
      () => [{ type: 'SetPartnership', userId: 's', shareBp: rng.int(8_000, 10_000) }, 'a'],
      () => [{ type: 'SetPartnership', userId: 'm', shareBp: rng.int(6_000, 9_000) }, 's'],
      () => [{ type: 'SetPartnership', userId: 'g', shareBp: rng.int(3_000, 6_000) }, 'm'],
      () => [{ type: 'SetPartnership', userId: 'd', shareBp: rng.int(0, 3_000) }, 'g'],
    ])();

  for (const [userId, shareBp, by] of [
    ['s', 9_000, 'a'],
    ['m', 8_000, 's'],
    ['g', 5_000, 'm'],
    ['d', 2_000, 'g'],
  ] as const)
    await run({ type: 'SetPartnership', userId, shareBp }, by);
  await run(
    {
      type: 'SetPaymentMethod',
      upiId: 'dealer@okaxis',
      upiName: 'Dealer',
      accountHolderName: null,
      accountNumber: null,
      ifscCode: null,
    },
    'd',
  );
  for (const p of players)
    await run(
      {
        type: 'AddBankAccount',
        accountId: `bank-${p}`,
        accountHolderName: `Player ${p}`,
        accountNumber: '123456789012',
        ifscCode: 'SBIN0001234',
      },
      p,
    );
  for (let i = 0; i < 2; i++) await newMatch();
  for (let i = 0; i < steps; i++) {
    if (live().length < 5) await newMatch();
    const r = rng.next();
    if (r < 0.3) {
      await run(betCommand(), rng.pick(players));
    } else if (r < 0.34) {
      // A burst: several players' bets decided in one turn, committed in one append.
      const cmds = Array.from({ length: rng.int(3, 12) }, () => [betCommand(), rng.pick(players)] as const);
      await Promise.all(cmds.map(([c, a]) => run(c, a)));
    } else if (r < 0.4) {
      const cross = crossCommand();
      if (cross) await run(...cross);
    } else if (r < 0.52) {
      for (let k = rng.int(1, 4); k > 0; k--) move(rng.pick(live()).marketId);
    } else if (r < 0.57) {
      const resting = openBets().filter((b) => b.unmatched > 0);
      if (resting.length > 0) {
        const bet = rng.pick(resting);
        await run({ type: 'CancelBet', betId: bet.betId }, rng.pick([bet.userId, 'd']));
      }
    } else if (r < 0.6) {
      const open = openBets();
      if (open.length > 0)
        await run(
          {
            type: 'DeleteBets',
            betIds: [...new Set(Array.from({ length: rng.int(1, 3) }, () => rng.pick(open).betId))],
          },
          'd',
        );
    } else if (r < 0.67) {
      const x = rng.next();
      const done = [...view().markets.values()].filter((m) => m.status === 'SETTLED' || m.status === 'VOID');
      const m = x < 0.25 && done.length > 0 ? rng.pick(done) : rng.pick(live());
      if (m.status === 'SETTLED' || m.status === 'VOID') await run({ type: 'RevokeResult', marketId: m.marketId }, 'a');
      else if (x < 0.4) await run({ type: 'VoidMarket', marketId: m.marketId }, 'a');
      else {
        const runs = m.kind === 'fancy' ? Math.max(0, (fancy.get(m.marketId)?.noLine ?? 50) + rng.int(-6, 6)) : null;
        await run(
          {
            type: 'SettleMarket',
            marketId: m.marketId,
            selectionId: m.kind === 'fancy' ? null : rng.pick(RUNNERS).selectionId,
            runs,
          },
          'a',
        );
      }
    } else if (r < 0.73) {
      const p = rng.pick(players);
      const available = (view().balances.get(`wallet:${p}`) ?? 0) - (view().exposure.get(p) ?? 0);
      if (rng.chance(0.5))
        await run(
          {
            type: 'TransferChips',
            fromUserId: p,
            toUserId: 'd',
            amount: Math.max(1, Math.floor(available / rng.int(1, 3))),
            remark: 'cash out',
          },
          'd',
        );
      else
        await run(
          { type: 'TransferChips', fromUserId: 'd', toUserId: p, amount: rng.int(100, 2_000_00), remark: '' },
          'd',
        );
    } else if (r < 0.76) {
      await run(
        {
          type: 'SetMarketStatus',
          marketId: rng.pick(live()).marketId,
          status: rng.pick(['ACTIVE', 'ACTIVE', 'ACTIVE', 'SUSPENDED', 'CLOSED'] as const),
        },
        'a',
      );
    } else if (r < 0.78) {
      const m = rng.pick(live());
      const whole = rng.chance(0.3);
      await run(
        {
          type: 'SetMarketLock',
          userId: rng.pick([...players, 'g']),
          matchId: m.matchId,
          marketKind: null,
          marketId: whole ? null : m.marketId,
          locked: rng.chance(0.4),
        },
        rng.pick(['d', 'm']),
      );
    } else if (r < 0.86) {
      await run(...accountCommand());
    } else if (r < 0.88) {
      // A new player, funded at once: its deposit (on the dealer's stream) and its UserCreated (on its own) may arrive in either order.
      const id = `q${++userN}`;
      await run(
        {
          type: 'CreateUser',
          userId: id,
          username: `player_${id}`,
          fullName: id,
          role: 'user',
          parentId: 'd',
          passwordHash: 'h',
          creditReference: 0,
          exposureLimit: 0,
          mustChangePassword: true,
        },
        'd',
      );
      await run(
        {
          type: 'TransferChips',
          fromUserId: 'd',
          toUserId: id,
          amount: rng.int(1_000_00, 5_000_00),
          remark: 'welcome',
        },
        'd',
      );
      players.push(id);
    } else if (r < 0.9) {
      // A seed can have every bookmaker and fancy settled at this step: then there is nothing to price.
      const priced = live().filter((x) => x.kind !== 'match_odds');
      if (priced.length === 0) continue;
      const m = rng.pick(priced);
      if (rng.chance(0.7)) {
        const price =
          m.kind === 'bookmaker'
            ? {
                type: 'bookmaker' as const,
                marketId: m.marketId,
                selectionId: rng.pick(RUNNERS).selectionId,
                status: 'ACTIVE' as const,
                back: rng.int(20, 100),
                lay: rng.int(101, 120),
              }
            : {
                type: 'fancy' as const,
                marketId: m.marketId,
                status: 'ACTIVE' as const,
                no: { line: 40, rate: 100 },
                yes: { line: 41, rate: 90 },
              };
        await run({ type: 'SetHousePrice', price }, 'a');
      } else await run({ type: 'ClearHousePrice', marketId: m.marketId }, 'a');
    } else if (r < 0.92) {
      const matchId = rng.pick(live()).matchId;
      if (rng.chance(0.5)) await laterMarket(matchId);
      else await run(matchCatalogue([Number(matchId.slice(1))], true), null);
    } else if (r < 0.94) {
      await run(walletCommand(), null);
    } else if (r < 0.957) {
      await run(...paymentCommand());
    } else if (r < 0.963) {
      await run(...shareCommand());
    } else if (r < 0.972) {
      const n = rng.int(1, 1_000);
      await run(
        {
          type: 'SetMatchStreams',
          matchId: rng.pick(live()).matchId,
          tvUrl: rng.chance(0.8) ? `https://tv.example.com/${n}` : null,
          scoreUrl: rng.chance(0.5) ? `https://score.example.com/${n}` : null,
        },
        'a',
      );
    } else {
      await run(betCommand(), rng.pick(players));
    }
  }
  await scriptedTail(timed, engine, matches + 1);
  await engine.stop();
  return tally;
}

/**
 * Whatever a seed did (one CI seed placed no resting order at all), the log ends with two players
 * matching each other and a cancelled order: two fresh players on a fresh match, the feed quoted
 * with a gap between its back and lay prices so that a lay inside the gap rests.
 */
async function scriptedTail(timed: Executor, engine: Engine, n: number): Promise<void> {
  await must(timed, { type: 'SetPermissions', userId: 'd', permissions: null }, 'g');
  await must(timed, { type: 'MintChips', userId: 'a', amount: 20_000_00 }, null);
  for (const [from, to] of [
    ['a', 's'],
    ['s', 'm'],
    ['m', 'g'],
    ['g', 'd'],
  ] as const)
    await must(timed, { type: 'TransferChips', fromUserId: from, toUserId: to, amount: 20_000_00, remark: '' }, from);
  const [layer, backer] = ['tail-layer', 'tail-backer'];
  for (const id of [layer, backer]) {
    await must(
      timed,
      {
        type: 'CreateUser',
        userId: id,
        username: id.replace('-', '_'),
        fullName: id,
        role: 'user',
        parentId: 'd',
        passwordHash: 'h',
        creditReference: 0,
        exposureLimit: 0,
        mustChangePassword: false,
      },
      'd',
    );
    await must(timed, { type: 'TransferChips', fromUserId: 'd', toUserId: id, amount: 10_000_00, remark: '' }, 'd');
  }
  await must(timed, matchCatalogue([n]), null);
  const marketId = `mo${n}`;
  await must(
    timed,
    { type: 'SetMarketSettings', marketId, minStake: 100, maxStake: 10_000_00, betDelaySec: 0, commissionBp: 200 },
    'a',
  );
  const i = 60;
  for (const r of RUNNERS) {
    engine.quote({
      type: 'exchange',
      marketId,
      selectionId: r.selectionId,
      status: 'ACTIVE',
      back: [{ price: LADDER[i]!, size: 1_000_00 }],
      lay: [{ price: LADDER[i + 3]!, size: 1_000_00 }],
    });
  }
  const inside = LADDER[i + 1]!;
  await must(timed, placeBet('tail-1', marketId, 1, 'lay', inside, 500_00), layer);
  await must(timed, placeBet('tail-2', marketId, 1, 'back', inside, 300_00), backer);
  await must(timed, { type: 'CancelBet', betId: 'tail-1' }, layer);
}

// ---- Folds. ----

const projections: Projection[] = allProjections;
const tables = projections.flatMap((p) => p.tables);

let deadlocks = 0;

/**
 * One consumer's batch: its own transaction, with the partition's checkpoint (as the Kafka runner
 * keeps it). A batch that PostgreSQL aborted as a deadlock victim is retried, as the consumer would.
 */
async function foldBatch(
  sql: SqlClient,
  projection: Projection,
  partition: number,
  batch: StoredEvent[],
): Promise<void> {
  for (;;) {
    try {
      await sql.transaction(async (tx) => {
        await tx.query(
          `insert into test_partition_checkpoints (name, partition, position) values ($1, $2, $3)
           on conflict (name, partition) do update set position = excluded.position`,
          [projection.name, partition, batch[batch.length - 1]!.position],
        );
        await projection.apply(tx, batch);
      });
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01') throw err;
      deadlocks++;
    }
  }
}

async function prepare(sql: SqlClient): Promise<void> {
  await sql.query(
    `create table if not exists test_partition_checkpoints (name text, partition int, position bigint not null, primary key (name, partition))`,
  );
  for (const p of projections) await p.setup(sql);
}

const split = (events: StoredEvent[]): StoredEvent[][] =>
  Array.from({ length: PARTITIONS }, (_, p) => events.filter((e) => partitionOf(e.streamId, PARTITIONS) === p));

/** Every projection, every partition: random batches, one at a time, partitions picked at random. */
async function foldInterleaved(sql: SqlClient, events: StoredEvent[], rng: Rng): Promise<void> {
  const cursors = projections.flatMap((projection) =>
    split(events).map((queue, partition) => ({ projection, partition, queue, at: 0 })),
  );
  for (
    let open = cursors.filter((c) => c.queue.length > 0);
    open.length > 0;
    open = open.filter((c) => c.at < c.queue.length)
  ) {
    const c = rng.pick(open);
    const batch = c.queue.slice(c.at, c.at + rng.int(1, 30));
    await foldBatch(sql, c.projection, c.partition, batch);
    c.at += batch.length;
  }
}

/** Per projection, its 4 partitions' consumers at once on a pool: their transactions overlap. */
async function foldConcurrently(sql: SqlClient, events: StoredEvent[], rng: Rng): Promise<void> {
  const partitions = split(events);
  for (const projection of projections) {
    await Promise.all(
      partitions.map(async (queue, partition) => {
        for (let at = 0; at < queue.length; ) {
          const batch = queue.slice(at, at + rng.int(1, 30));
          await foldBatch(sql, projection, partition, batch);
          at += batch.length;
        }
      }),
    );
  }
}

/** Every row of every read-model table, as canonical JSON (times in UTC), sorted. */
async function dump(sql: SqlClient): Promise<Map<string, string[]>> {
  return sql.transaction(async (tx) => {
    await tx.query(`set local time zone 'UTC'`);
    const out = new Map<string, string[]>();
    for (const table of tables) {
      const { rows } = await tx.query<{ r: string }>(`select to_jsonb(x)::text as r from ${table} x`);
      out.set(table, rows.map((row) => row.r).sort());
    }
    return out;
  });
}

/** Rows only in one of the two dumps, per table (multiset difference). */
function compare(t: Test, expected: Map<string, string[]>, actual: Map<string, string[]>, label: string): void {
  for (const table of tables) {
    const want = expected.get(table)!;
    const got = actual.get(table)!;
    const left = new Map<string, number>();
    for (const r of want) left.set(r, (left.get(r) ?? 0) + 1);
    const unexpected: string[] = [];
    for (const r of got) {
      const n = left.get(r) ?? 0;
      if (n > 0) left.set(r, n - 1);
      else unexpected.push(r);
    }
    const missing = [...left].flatMap(([r, n]) => Array<string>(n).fill(r));
    t.ok(
      missing.length === 0 && unexpected.length === 0,
      `${label}: ${table} (${want.length} rows) equals the position-order fold`,
      {
        missing: missing.slice(0, 4),
        unexpected: unexpected.slice(0, 4),
        differing: missing.length + unexpected.length,
      },
    );
  }
}

// ---- The test. ----

const pgSkipReason = pgSkip();
const pgServer = pgSkipReason ? null : await startPostgres();
t.teardown(() => pgServer?.stop());

for (const seed of SEEDS) {
  t.test(`seed ${seed}: folds in any partition interleaving equal the position-order fold`, async (t) => {
    const rng = prng(seed);
    const store = await openPGliteStore({});
    t.teardown(() => store.close());
    const tally = await writeLog(store, rng, STEPS);
    const events = await store.readAll(0, 10_000_000);

    // The log exercises what the read models must survive.
    const types = new Set(events.map((e) => e.type));
    for (const type of [
      'UserCreated',
      'ChipsTransferred',
      'MarketSettled',
      'MarketVoided',
      'ResultRevoked',
      'BetMatched',
      'BetCancelled',
      'BetDeleted',
      'MatchInPlaySet',
      'MarketLockSet',
    ]) {
      t.ok(types.has(type), `the log has ${type}`);
    }
    const p2p = events.some(
      (e) =>
        e.type === 'BetPlaced' &&
        (e.data as { fills: { counterBetId: string | null }[] }).fills.some((f) => f.counterBetId !== null),
    );
    t.ok(p2p, 'players matched each other');
    const declared = new Map<string, number>();
    for (const e of events)
      if (e.type === 'MarketSettled' || e.type === 'MarketVoided')
        declared.set(
          (e.data as { marketId: string }).marketId,
          (declared.get((e.data as { marketId: string }).marketId) ?? 0) + 1,
        );
    t.ok(
      [...declared.values()].some((n) => n > 1),
      'a revoked result was declared again',
    );
    t.comment(
      `${events.length} events; ${[...tally]
        .filter(([k]) => k.endsWith(' ok'))
        .map(([k, v]) => `${k.slice(0, -3)} ${v}`)
        .join(', ')}`,
    );

    // (a) Embedded: the runner folds the log in position order into the log's own database.
    const runner = new ProjectionRunner(store, projections, pino({ level: 'silent' }), rng.int(1, 64));
    await runner.start();
    await runner.waitFor(events[events.length - 1]!.position, 60_000);
    await runner.stop();
    const expected = await dump(store.sql);

    // (b) Partitions interleaved at random, one transaction per batch.
    const other = await openPGliteStore({});
    t.teardown(() => other.close());
    await prepare(other.sql);
    await foldInterleaved(other.sql, events, rng);
    compare(t, expected, await dump(other.sql), 'interleaved');

    // (c) Partitions folded concurrently on PostgreSQL.
    await t.test('concurrent partitions on PostgreSQL', { skip: pgSkipReason }, async (t) => {
      const pgStore = await openPostgresStore({
        connectionString: pgServer!.connectionString,
        poolSize: PARTITIONS + 2,
      });
      t.teardown(() => pgStore.close());
      for (const table of [...tables, 'test_partition_checkpoints'])
        await pgStore.sql.query(`drop table if exists ${table} cascade`);
      await prepare(pgStore.sql);
      deadlocks = 0;
      await foldConcurrently(pgStore.sql, events, rng);
      t.comment(`${deadlocks} deadlocks retried`);
      compare(t, expected, await dump(pgStore.sql), 'concurrent');
    });
  });
}
