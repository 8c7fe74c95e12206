import t from 'tap';
import pino from 'pino';
import type { EventDataByType, EventStore, EventType, NewEvent } from '@exch/contracts';
import { openPGliteStore } from '@exch/eventstore';
import { allProjections, ProjectionRunner } from '../src/index.js';

/**
 * The exchange's read models folded from synthetic events: a match with a match-odds market and a
 * fancy, bets matched, partly cancelled, fully cancelled and deleted, a settlement, its revoke and
 * a re-declared result. The same log folded one event per batch and all in one batch must agree.
 */

const ADMIN = 'u-admin';
const P1 = 'u-p1';
const P2 = 'u-p2';
const MO = 'm1.mo';
const FANCY = 'm1.f1';

let n = 0;
const at = (minute: number) => `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`;
function ev<K extends EventType>(type: K, data: EventDataByType[K], minute = 0): NewEvent {
  n++;
  return {
    eventId: `e${n}`,
    type,
    schemaVersion: 1,
    data,
    metadata: {
      commandId: `c${n}`,
      correlationId: 'x',
      causationId: null,
      actor: ADMIN,
      ip: null,
      device: null,
      at: at(minute),
    },
  };
}

const user = (userId: string, username: string, role: 'admin' | 'user', parentId: string | null) =>
  ev('UserCreated', {
    userId,
    username,
    fullName: username,
    role,
    parentId,
    passwordHash: 'h',
    creditReference: 0,
    exposureLimit: 0,
    mustChangePassword: false,
  });
const placed = (
  betId: string,
  userId: string,
  selectionId: number,
  side: 'back' | 'lay',
  odds: number,
  stake: number,
  matched: number,
  totalExposure: number,
  minute: number,
) =>
  ev(
    'BetPlaced',
    {
      betId,
      userId,
      marketId: MO,
      matchId: 'm1',
      kind: 'match_odds',
      selectionId,
      selectionName: selectionId === 101 ? 'Mumbai' : 'Chennai',
      side,
      odds,
      volume: null,
      stake,
      fills: matched > 0 ? [{ price: odds, size: matched, counterBetId: null }] : [],
      unmatched: stake - matched,
      marketExposure: totalExposure,
      totalExposure,
      balance: 0,
      referenceId: `ref-${betId}`,
      seq: n,
    },
    minute,
  );

const LOG: NewEvent[] = [
  user(ADMIN, 'admin', 'admin', null),
  user(P1, 'player1', 'user', ADMIN),
  user(P2, 'player2', 'user', ADMIN),
  ev('ChipsMinted', {
    userId: ADMIN,
    amount: 10_000_000,
    postings: [
      { account: 'mint', amount: -10_000_000 },
      { account: `wallet:${ADMIN}`, amount: 10_000_000 },
    ],
  }),
  ev('ChipsTransferred', {
    kind: 'deposit',
    fromUserId: ADMIN,
    toUserId: P1,
    amount: 1_000_000,
    remark: 'opening',
    postings: [
      { account: `wallet:${ADMIN}`, amount: -1_000_000 },
      { account: `wallet:${P1}`, amount: 1_000_000 },
    ],
  }),
  ev('MatchListed', {
    matchId: 'm1',
    sportId: 4,
    sportName: 'Cricket',
    seriesId: 's1',
    seriesName: 'T20',
    name: 'Mumbai v Chennai',
    startTime: at(0),
    inPlay: true,
  }),
  ev('MarketListed', {
    marketId: MO,
    matchId: 'm1',
    sportId: 4,
    kind: 'match_odds',
    name: 'Match Odds',
    fancyType: null,
    runners: [
      { selectionId: 101, name: 'Mumbai' },
      { selectionId: 102, name: 'Chennai' },
    ],
    minStake: 10_000,
    maxStake: 10_000_000,
    betDelaySec: 0,
    commissionBp: 500,
  }),
  ev('MarketListed', {
    marketId: FANCY,
    matchId: 'm1',
    sportId: 4,
    kind: 'fancy',
    name: '20 over runs',
    fancyType: 'Normal',
    runners: [],
    minStake: 10_000,
    maxStake: 1_000_000,
    betDelaySec: 0,
    commissionBp: 0,
  }),
  // b1: back Mumbai 1.85 for ₹1,000, all matched. b2: lay Chennai 2.10 for ₹500, ₹200 matched later, ₹300 cancelled.
  placed('b1', P1, 101, 'back', 185, 100_000, 100_000, 100_000, 1),
  placed('b2', P1, 102, 'lay', 210, 50_000, 0, 155_000, 2),
  ev(
    'BetMatched',
    {
      betId: 'b2',
      userId: P1,
      marketId: MO,
      fills: [{ price: 210, size: 20_000, counterBetId: null }],
      unmatched: 30_000,
      marketExposure: 155_000,
      totalExposure: 155_000,
    },
    3,
  ),
  ev(
    'BetCancelled',
    {
      betId: 'b2',
      userId: P1,
      marketId: MO,
      size: 30_000,
      by: 'player',
      marketExposure: 122_000,
      totalExposure: 122_000,
    },
    4,
  ),
  // b3: P2's unmatched back, cancelled whole; b4: P2's matched bet deleted by the upline.
  placed('b3', P2, 101, 'back', 300, 10_000, 0, 10_000, 5),
  ev(
    'BetCancelled',
    { betId: 'b3', userId: P2, marketId: MO, size: 10_000, by: 'player', marketExposure: 0, totalExposure: 0 },
    6,
  ),
  placed('b4', P2, 102, 'back', 206, 20_000, 20_000, 20_000, 7),
  ev('BetDeleted', { betId: 'b4', userId: P2, marketId: MO, marketExposure: 0, totalExposure: 0 }, 8),
  ev('MarketStatusSet', { marketId: MO, status: 'CLOSED' }, 9),
  // Mumbai wins: b1 +850, b2 (lay Chennai) +200; commission 5% of 1,050 = 52.50.
  ev(
    'MarketSettled',
    {
      marketId: MO,
      matchId: 'm1',
      settlementId: 's-1',
      result: { selectionId: 101 },
      bets: [
        { betId: 'b1', userId: P1, outcome: 'won', pnl: 85_000, lapsed: 0 },
        { betId: 'b2', userId: P1, outcome: 'won', pnl: 20_000, lapsed: 0 },
      ],
      users: [{ userId: P1, pnl: 105_000, commission: 5_250 }],
      postings: [
        { account: `wallet:${P1}`, amount: 99_750 },
        { account: 'house:pnl', amount: -105_000 },
        { account: 'house:commission', amount: 5_250 },
      ],
      exposures: [{ userId: P1, totalExposure: 0 }],
    },
    10,
  ),
  ev(
    'ResultRevoked',
    {
      marketId: MO,
      matchId: 'm1',
      settlementId: 's-1',
      betIds: ['b1', 'b2'],
      postings: [
        { account: `wallet:${P1}`, amount: -99_750 },
        { account: 'house:pnl', amount: 105_000 },
        { account: 'house:commission', amount: -5_250 },
      ],
      exposures: [{ userId: P1, totalExposure: 122_000 }],
    },
    11,
  ),
  // Chennai wins: b1 -1,000, b2 -220 (lay liability 1.10 x 200).
  ev(
    'MarketSettled',
    {
      marketId: MO,
      matchId: 'm1',
      settlementId: 's-2',
      result: { selectionId: 102 },
      bets: [
        { betId: 'b1', userId: P1, outcome: 'lost', pnl: -100_000, lapsed: 0 },
        { betId: 'b2', userId: P1, outcome: 'lost', pnl: -22_000, lapsed: 0 },
      ],
      users: [{ userId: P1, pnl: -122_000, commission: 0 }],
      postings: [
        { account: `wallet:${P1}`, amount: -122_000 },
        { account: 'house:pnl', amount: 122_000 },
      ],
      exposures: [{ userId: P1, totalExposure: 0 }],
    },
    12,
  ),
  ev('MarketVoided', { marketId: FANCY, matchId: 'm1', settlementId: 's-3', betIds: [], exposures: [] }, 13),
  ev('MarketLockSet', { userId: P2, matchId: 'm1', marketKind: 'fancy', marketId: null, locked: true }, 14),
  ev('MarketLockSet', { userId: P2, matchId: 'm1', marketKind: null, marketId: null, locked: true }, 15),
  ev('MarketLockSet', { userId: P2, matchId: 'm1', marketKind: null, marketId: null, locked: false }, 16),
  ev(
    'ButtonValuesSet',
    { userId: P1, sportsButtons: [{ label: '1k', value: 1000 }], casinoButtons: [{ label: '5', value: 5 }] },
    17,
  ),
  ev('NewsMessageSet', { text: 'Welcome' }, 18),
  ev('NewsMessageSet', { text: 'Cup final tonight' }, 19),
];

async function fold(batchSize: number): Promise<EventStore> {
  const store = await openPGliteStore({});
  for (const e of LOG) await store.append([{ streamId: 'test', expectedVersion: 'any', events: [e] }]);
  const runner = new ProjectionRunner(store, allProjections, pino({ level: 'silent' }), batchSize);
  await runner.start();
  await runner.waitFor(await store.head());
  await runner.stop();
  return store;
}

const TABLES: Record<string, string> = {
  rm_bets: 'bet_id',
  rm_bet_settlements: 'settlement_id, user_id',
  rm_markets: 'market_id',
  rm_matches: 'match_id',
  rm_news: 'id',
  rm_users: 'user_id',
  rm_ledger_entries: 'position, leg',
  rm_ledger_balances: 'account',
  rm_market_locks: 'user_id, match_id, market_kind, market_id',
  rm_button_values: 'user_id',
};
const dump = async (store: EventStore, table: string) =>
  (await store.sql.query(`select * from ${table} order by ${TABLES[table]}`)).rows;

const one = await fold(1);
const all = await fold(1000);
t.teardown(async () => {
  await one.close();
  await all.close();
});

t.test('one event per batch and all events in one batch give the same read models', async (t) => {
  for (const table of Object.keys(TABLES)) t.same(await dump(one, table), await dump(all, table), table);
});

t.test('bets: matched, partly cancelled, fully cancelled, deleted, settled after a revoke', async (t) => {
  const bets = await dump(all, 'rm_bets');
  const pick = (id: string) => bets.find((b) => b.bet_id === id)!;
  t.match(pick('b1'), {
    status: 'lost',
    pnl: '-100000',
    stake: '100000',
    unmatched: '0',
    cancelled: '0',
    settled_at: new Date(at(12)),
    placed_at: new Date(at(1)),
    reference_id: 'ref-b1',
  });
  t.match(pick('b2'), {
    status: 'lost',
    pnl: '-22000',
    stake: '50000',
    unmatched: '0',
    cancelled: '30000',
    fills: [{ price: 210, size: 20_000 }],
  });
  t.match(pick('b3'), { status: 'cancelled', pnl: null, unmatched: '0', cancelled: '10000' });
  t.match(pick('b4'), { status: 'deleted', deleted_at: new Date(at(8)) });
  t.same(
    (await dump(all, 'rm_bet_settlements')).map((r) => [r.settlement_id, r.user_id, r.pnl, r.commission]),
    [['s-2', P1, '-122000', '0']],
    'the revoked settlement is gone',
  );
});

t.test('a revoke returns the settled bets to pending, without P&L', async (t) => {
  const store = await openPGliteStore({});
  t.teardown(() => store.close());
  const upToRevoke = LOG.slice(0, LOG.findIndex((e) => e.type === 'ResultRevoked') + 1);
  for (const e of upToRevoke) await store.append([{ streamId: 'test', expectedVersion: 'any', events: [e] }]);
  const runner = new ProjectionRunner(store, allProjections, pino({ level: 'silent' }));
  await runner.start();
  t.teardown(() => runner.stop());
  await runner.waitFor(await store.head());
  const { rows } = await store.sql.query(
    `select bet_id, status, pnl, settled_at from rm_bets where bet_id in ('b1', 'b2') order by bet_id`,
  );
  t.same(rows, [
    { bet_id: 'b1', status: 'pending', pnl: null, settled_at: null },
    { bet_id: 'b2', status: 'pending', pnl: null, settled_at: null },
  ]);
  t.match((await store.sql.query(`select status, result from rm_markets where market_id = $1`, [MO])).rows[0], {
    status: 'CLOSED',
    result: null,
  });
  t.match((await store.sql.query(`select exposure, balance from rm_users where user_id = $1`, [P1])).rows[0], {
    exposure: '122000',
    balance: '1000000',
  });
});

t.test('catalogue: markets with status, result and settlement; news; locks and buttons', async (t) => {
  const markets = await dump(all, 'rm_markets');
  t.match(markets[0], { market_id: FANCY, status: 'SETTLED', result: { void: true }, settlement_id: 's-3' });
  t.match(markets[1], {
    market_id: MO,
    status: 'SETTLED',
    result: { selectionId: 102 },
    settlement_id: 's-2',
    commission_bp: 500,
    runners: [
      { selectionId: 101, name: 'Mumbai' },
      { selectionId: 102, name: 'Chennai' },
    ],
  });
  t.match(await dump(all, 'rm_matches'), [{ match_id: 'm1', name: 'Mumbai v Chennai', sport_id: 4, in_play: true }]);
  t.match(await dump(all, 'rm_news'), [{ text: 'Cup final tonight' }]);
  t.match(await dump(all, 'rm_market_locks'), [
    { market_kind: '', locked: false },
    { market_kind: 'fancy', locked: true },
  ]);
  t.match(await dump(all, 'rm_button_values'), [{ user_id: P1, sports_buttons: [{ label: '1k', value: 1000 }] }]);
});

t.test("users: balance moves with settlements and revokes, exposure is the engine's", async (t) => {
  const users = await dump(all, 'rm_users');
  t.match(
    users.find((u) => u.user_id === P1),
    { balance: String(1_000_000 + 99_750 - 99_750 - 122_000), exposure: '0' },
  );
  t.match(
    users.find((u) => u.user_id === P2),
    { balance: '0', exposure: '0' },
  );
});

t.test(
  'ledger: settlement and revoke rows name the match, market and result; running balances sum at read time',
  async (t) => {
    const { rows } = await all.sql.query(
      `select kind, amount, sum(amount) over (order by position, leg) as balance_after, remark from rm_ledger_entries where account = $1 order by position`,
      [`wallet:${P1}`],
    );
    t.same(rows, [
      { kind: 'deposit', amount: '1000000', balance_after: '1000000', remark: 'opening' },
      {
        kind: 'settlement',
        amount: '99750',
        balance_after: '1099750',
        remark: 'Mumbai v Chennai / Match Odds: Mumbai won',
      },
      {
        kind: 'revoke',
        amount: '-99750',
        balance_after: '1000000',
        remark: 'Result revoked: Mumbai v Chennai / Match Odds (Mumbai won)',
      },
      {
        kind: 'settlement',
        amount: '-122000',
        balance_after: '878000',
        remark: 'Mumbai v Chennai / Match Odds: Chennai won',
      },
    ]);
    t.same(
      (await dump(all, 'rm_ledger_balances')).map((r) => [r.account, r.balance]),
      [
        ['house:commission', '0'],
        ['house:pnl', '122000'],
        ['mint', '-10000000'],
        [`wallet:${ADMIN}`, '9000000'],
        [`wallet:${P1}`, '878000'],
      ],
    );
  },
);
