/**
 * The casino's round loop on the engine, given events / when a command / then events (docs/casino.md
 * "Rounds" and "Bets"), with the figures worked out by hand. Dragon Tiger is dealt from the test
 * vector of docs/casino.md: server seed 00 01 ... 1f, round 116250815181647 (opened 15 August 2025
 * at 18:16:47 IST, 12:46:47 UTC), Dragon 6♠, Tiger Q♥: Tiger.
 *
 * Cast: admin a > dealer d > players p1, p2 with ₹10,000 each.
 */
import t from 'tap';
import { HOUSE_CASINO_ACCOUNT, type Command, type DomainEvent, type Paise } from '@exch/contracts';
import { emptyState, fold } from '../../src/index.js';
import { commitmentWithNodeCrypto } from '../../src/casino/fair-node.js';
import { chipsMinted, chipsTransferred, Scenario, userCreated as user } from '../harness.js';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const COMMITMENT = '6c86c6aac5fb24bcf5d9939cb7d7d5645ce39418f449e03b262dd4fa14b4b92b';
const OPENED = '2025-08-15T12:46:47.000Z';
const MID = '116250815181647';
const DT = 'dt20';

const chips = (userId: string, amount: Paise) => chipsTransferred('a', userId, amount);

/** The cast, the tables listed, the clock at the test vector's opening. */
class World extends Scenario {
  constructor() {
    super();
    this.given(
      user('a', 'admin', null),
      user('d', 'dl', 'a'),
      user('p1', 'user', 'd'),
      user('p2', 'user', 'd'),
      chipsMinted('a', 1e10),
      chips('p1', 10_000_00),
      chips('p2', 10_000_00),
    );
    this.at = OPENED;
    this.do({ type: 'SyncCasinoTables' }, null);
  }
  /** Opens the round of the test vector with a window of 20 s. */
  open(): string {
    const [e] = this.do({ type: 'OpenCasinoRound', tableCode: DT, commitment: COMMITMENT, bettingMs: 20_000 }, null);
    return (e!.data as { mid: string }).mid;
  }
  bet(betId: string, sid: number, odds: number, stake: Paise, mid = MID): Command {
    return { type: 'PlaceCasinoBet', betId, tableCode: DT, mid, sid, odds, stake, referenceId: `r-${betId}` };
  }
}

t.test('the tables are listed once, by the system, with their markets and shoes', async (t) => {
  const w = new World();
  t.same(Object.keys(w.state.casino.tables).sort(), [
    '3cardj',
    'aaa',
    'ab20',
    'baccarat',
    'btable',
    'card32',
    'dt20',
    'lucky7',
    'poker20',
    'race20',
    'roulette',
    'teen20',
    'war',
    'worli',
  ]);
  const listed = w.log
    .filter((e) => e.type === 'CasinoTableListed')
    .map((e) => e.data as { tableCode: string; shoe: string[]; markets: unknown[] });
  t.equal(listed.find((l) => l.tableCode === 'dt20')!.shoe.length, 416, 'eight decks');
  t.equal(listed.find((l) => l.tableCode === 'dt20')!.markets.length, 38);
  t.same(w.do({ type: 'SyncCasinoTables' }, null), [], 'nothing changed: nothing listed again');
  w.refused(t, { type: 'SyncCasinoTables' }, 'a', 'FORBIDDEN');
});

t.test('open: the round id from the time in IST, the commitment, a 20 s window; one round at a time', async (t) => {
  const w = new World();
  const [opened] = w.do({ type: 'OpenCasinoRound', tableCode: DT, commitment: COMMITMENT, bettingMs: 20_000 }, null);
  t.same(opened!.data, {
    tableCode: DT,
    mid: MID,
    commitment: COMMITMENT,
    algorithm: 'hmac-sha256:fisher-yates:v1',
    closesAt: '2025-08-15T12:47:07.000Z',
  });
  t.equal(opened!.streamId, 'casino-dt20');
  w.refused(
    t,
    { type: 'OpenCasinoRound', tableCode: DT, commitment: COMMITMENT, bettingMs: 20_000 },
    null,
    'ROUND_UNDER_WAY',
  );
  w.refused(
    t,
    { type: 'OpenCasinoRound', tableCode: 'lucky7', commitment: COMMITMENT, bettingMs: 20_000 },
    'a',
    'FORBIDDEN',
  );
  w.refused(
    t,
    { type: 'OpenCasinoRound', tableCode: 'lucky7', commitment: 'ABC', bettingMs: 20_000 },
    null,
    'INVALID_COMMITMENT',
  );
  w.refused(
    t,
    { type: 'OpenCasinoRound', tableCode: 'nope', commitment: COMMITMENT, bettingMs: 20_000 },
    null,
    'TABLE_NOT_FOUND',
  );
  // Lucky 7 in the same second: its own prefix, no clash.
  const [l7] = w.do({ type: 'OpenCasinoRound', tableCode: 'lucky7', commitment: COMMITMENT, bettingMs: 1 }, null);
  t.equal((l7!.data as { mid: string }).mid, '106250815181647');
  // Voided and reopened in the same second: the next second's id.
  w.do({ type: 'VoidCasinoRound', tableCode: 'lucky7', mid: '106250815181647', reason: 'test' }, null);
  const [again] = w.do({ type: 'OpenCasinoRound', tableCode: 'lucky7', commitment: COMMITMENT, bettingMs: 1 }, null);
  t.equal((again!.data as { mid: string }).mid, '106250815181648');
});

t.test('bets: the stake is reserved as exposure; every refusal in its words', async (t) => {
  const w = new World();
  w.open();
  // Tiger (sid 2) at 2.00, ₹1,000: exposure ₹1,000, no money moves.
  const [placed] = w.do(w.bet('b1', 2, 200, 1_000_00), 'p1');
  t.match(placed!.data, {
    betId: 'b1',
    userId: 'p1',
    mid: MID,
    sid: 2,
    selectionName: 'Tiger',
    odds: 200,
    stake: 1_000_00,
    totalExposure: 1_000_00,
    balance: 10_000_00,
  });
  t.equal(w.exposure('p1'), 1_000_00);
  t.equal(w.account('wallet:p1'), 10_000_00, 'nothing moved');

  w.refused(t, w.bet('x1', 2, 198, 1_000_00), 'p1', 'ODDS_CHANGED', 'Odds changed, please place the bet again');
  w.refused(t, w.bet('x2', 2, 200, 99_99), 'p1', 'STAKE_TOO_LOW', 'Minimum stake is ₹100.00');
  w.refused(t, w.bet('x3', 2, 200, 1_00_000_01), 'p1', 'STAKE_TOO_HIGH', 'Maximum stake is ₹1,00,000.00');
  w.refused(t, w.bet('x4', 99, 200, 1_000_00), 'p1', 'INVALID_SELECTION', 'Selection not found on this table');
  w.refused(
    t,
    w.bet('x5', 2, 200, 1_000_00, '116250815181646'),
    'p1',
    'BETTING_CLOSED',
    'Betting is closed for this round, please wait for the next one',
  );
  // ₹9,500 more would need ₹10,500 of ₹10,000.
  w.refused(
    t,
    w.bet('x6', 1, 200, 9_500_00),
    'p1',
    'INSUFFICIENT_BALANCE',
    'Insufficient balance: this bet needs ₹9,500.00, available ₹9,000.00',
  );
  w.refused(t, w.bet('x7', 1, 200, 1_000_00), 'a', 'FORBIDDEN', 'Only players can place bets');
  w.refused(t, w.bet('b1', 1, 200, 1_000_00), 'p1', 'DUPLICATE_BET');
  w.refused(t, w.bet('x8', 1, 200, 1_000_00), null, 'FORBIDDEN');
  // The window is the command's time: at 12:47:07 betting is over even before the dealer closes it.
  w.at = '2025-08-15T12:47:07.000Z';
  w.refused(t, w.bet('x9', 1, 200, 1_000_00), 'p2', 'BETTING_CLOSED');
  w.at = '2025-08-15T12:47:06.999Z';
  w.do(w.bet('b2', 1, 200, 500_00), 'p2');
  // An admin suspends the table: bets are refused with SPEC.md's message; the round goes on.
  w.do({ type: 'SetCasinoTableStatus', tableCode: DT, suspended: true }, 'a');
  w.refused(
    t,
    w.bet('x10', 1, 200, 1_000_00),
    'p2',
    'TABLE_SUSPENDED',
    'This game is suspended by admin, please try again later',
  );
  w.refused(t, { type: 'SetCasinoTableStatus', tableCode: DT, suspended: false }, 'd', 'FORBIDDEN');
  w.do({ type: 'CloseCasinoBetting', tableCode: DT, mid: MID }, null);
  w.do({ type: 'SetCasinoTableStatus', tableCode: DT, suspended: false }, 'a');
  w.refused(t, w.bet('x11', 1, 200, 1_000_00), 'p2', 'BETTING_CLOSED');
});

t.test(
  'deal, reveal, settle: the committed seed deals the test vector; every bet paid once through the ledger',
  async (t) => {
    const w = new World();
    w.open();
    w.do(w.bet('tiger', 2, 200, 1_000_00), 'p1'); // Tiger wins: +₹1,000
    w.do(w.bet('dragon', 1, 200, 300_00), 'p1'); // -₹300
    w.do(w.bet('tred', 24, 197, 333_00), 'p2'); // Tiger Red (Q♥): floor(97 × 33,300 / 100) = 32,301 paise
    w.do(w.bet('tie', 3, 5100, 100_00), 'p2'); // -₹100
    w.do(w.bet('dcard6', 14, 1200, 101_00), 'p2'); // Dragon Card 6 (sid 9 + 5): 11 × ₹101 = ₹1,111
    t.equal(w.exposure('p1'), 1_300_00);
    t.equal(w.exposure('p2'), 534_00);

    w.refused(
      t,
      { type: 'DealCasinoRound', tableCode: DT, mid: MID, serverSeed: SEED },
      null,
      'WRONG_PHASE',
      'is betting, not closed',
    );
    w.do({ type: 'CloseCasinoBetting', tableCode: DT, mid: MID }, null);
    const other = `${SEED.slice(0, 63)}0`;
    w.refused(
      t,
      { type: 'DealCasinoRound', tableCode: DT, mid: MID, serverSeed: other },
      null,
      'SEED_MISMATCH',
      "The server seed does not match the round's commitment",
    );
    t.equal(commitmentWithNodeCrypto(SEED), COMMITMENT);
    const [dealt] = w.do({ type: 'DealCasinoRound', tableCode: DT, mid: MID, serverSeed: SEED }, null);
    t.same(dealt!.data, {
      tableCode: DT,
      mid: MID,
      serverSeed: SEED,
      cards: [
        { card: '6S', to: 'Dragon' },
        { card: 'QH', to: 'Tiger' },
      ],
    });

    w.refused(
      t,
      { type: 'SettleCasinoRound', tableCode: DT, mid: MID },
      null,
      'NOT_ALL_REVEALED',
      '2 cards of this round are still face down',
    );
    t.same(w.do({ type: 'RevealCasinoCard', tableCode: DT, mid: MID }, null)[0]!.data, {
      tableCode: DT,
      mid: MID,
      index: 0,
      card: '6S',
      to: 'Dragon',
    });
    t.same(w.do({ type: 'RevealCasinoCard', tableCode: DT, mid: MID }, null)[0]!.data, {
      tableCode: DT,
      mid: MID,
      index: 1,
      card: 'QH',
      to: 'Tiger',
    });
    w.refused(t, { type: 'RevealCasinoCard', tableCode: DT, mid: MID }, null, 'ALL_REVEALED');

    const [resulted, settled] = w.do({ type: 'SettleCasinoRound', tableCode: DT, mid: MID }, null);
    t.match(resulted!.data, {
      type: undefined,
      mid: MID,
      serverSeed: SEED,
      commitment: COMMITMENT,
      code: 2,
      winner: 'Tiger',
      tableName: 'Dragon Tiger 20-20',
    });
    t.same(settled!.data, {
      tableCode: DT,
      tableName: 'Dragon Tiger 20-20',
      mid: MID,
      winner: 'Tiger',
      bets: [
        { betId: 'tiger', userId: 'p1', selectionName: 'Tiger', outcome: 'win', pnl: 1_000_00 },
        { betId: 'dragon', userId: 'p1', selectionName: 'Dragon', outcome: 'lose', pnl: -300_00 },
        { betId: 'tred', userId: 'p2', selectionName: 'Tiger Red', outcome: 'win', pnl: 323_01 },
        { betId: 'tie', userId: 'p2', selectionName: 'Tie', outcome: 'lose', pnl: -100_00 },
        { betId: 'dcard6', userId: 'p2', selectionName: 'Dragon Card 6', outcome: 'win', pnl: 1_111_00 },
      ],
      // p1 +700, p2 +323.01 - 100 + 1,111 = +1,334.01; the house pays both.
      postings: [
        { account: 'wallet:p1', amount: 700_00 },
        { account: 'wallet:p2', amount: 1_334_01 },
        { account: HOUSE_CASINO_ACCOUNT, amount: -2_034_01 },
      ],
      exposures: [
        { userId: 'p1', totalExposure: 0 },
        { userId: 'p2', totalExposure: 0 },
      ],
    });
    t.equal(w.account('wallet:p1'), 10_700_00);
    t.equal(w.account('wallet:p2'), 11_334_01);
    t.equal(w.exposure('p1') + w.exposure('p2'), 0, 'exposure released');
    t.equal(w.state.casino.tables[DT]!.round, null, 'the round is over');
    // Exactly once: a second settle (a retry of the dealer, a restarted dealer) finds no round.
    w.refused(t, { type: 'SettleCasinoRound', tableCode: DT, mid: MID }, null, 'ROUND_NOT_FOUND');
    w.refused(t, { type: 'VoidCasinoRound', tableCode: DT, mid: MID, reason: 'late' }, null, 'ROUND_NOT_FOUND');
    t.equal(
      [...w.state.balances.values()].reduce((s, b) => s + b, 0),
      0,
      'the ledger sums to zero',
    );
    t.same(
      JSON.parse(JSON.stringify(fold(emptyState(), w.log))),
      JSON.parse(JSON.stringify(w.state)),
      'a replay of the log is the live state',
    );
  },
);

t.test('roulette: the wheel is the shoe, its pocket settles like a card (the same seed: pocket 32)', async (t) => {
  const w = new World();
  const R = 'roulette';
  const [opened] = w.do({ type: 'OpenCasinoRound', tableCode: R, commitment: COMMITMENT, bettingMs: 20_000 }, null);
  const mid = (opened!.data as { mid: string }).mid;
  t.equal(mid, '137250815181647');
  const bet = (betId: string, sid: number, odds: number, stake: Paise): Command => ({
    type: 'PlaceCasinoBet',
    betId,
    tableCode: R,
    mid,
    sid,
    odds,
    stake,
    referenceId: `r-${betId}`,
  });
  w.do(bet('n32', 33, 3600, 100_00), 'p1'); // Number 32 (sid 32 + 1): 35 × ₹100
  w.do(bet('black', 39, 200, 200_00), 'p2'); // 32 is red: -₹200
  w.do(bet('dozen3', 46, 300, 300_00), 'p2'); // 3rd Dozen (25-36): 2 × ₹300
  w.do({ type: 'CloseCasinoBetting', tableCode: R, mid }, null);
  const [dealt] = w.do({ type: 'DealCasinoRound', tableCode: R, mid, serverSeed: SEED }, null);
  t.same((dealt!.data as { cards: unknown }).cards, [{ card: '32', to: 'Wheel' }], "the shuffled wheel's first pocket");
  w.do({ type: 'RevealCasinoCard', tableCode: R, mid }, null);
  const [resulted, settled] = w.do({ type: 'SettleCasinoRound', tableCode: R, mid }, null);
  t.match(resulted!.data, { code: 32, winner: '32 Red', description: '32 Red: Even, 19-36, 3rd Dozen, 2nd Column' });
  t.match(settled!.data, {
    bets: [
      { betId: 'n32', selectionName: 'Number 32', outcome: 'win', pnl: 3_500_00 },
      { betId: 'black', selectionName: 'Black', outcome: 'lose', pnl: -200_00 },
      { betId: 'dozen3', selectionName: '3rd Dozen', outcome: 'win', pnl: 600_00 },
    ],
    postings: [
      { account: 'wallet:p1', amount: 3_500_00 },
      { account: 'wallet:p2', amount: 400_00 },
      { account: HOUSE_CASINO_ACCOUNT, amount: -3_900_00 },
    ],
  });
  t.equal(w.account('wallet:p1'), 13_500_00);
  t.equal(w.exposure('p1') + w.exposure('p2'), 0, 'exposure released');
  w.refused(t, { type: 'SettleCasinoRound', tableCode: R, mid }, null, 'ROUND_NOT_FOUND');
});

t.test('bets that cancel out: the bettor still gets a posting (zero), so the statement shows the round', async (t) => {
  // Given p1 backs Tiger ₹100 and Dragon ₹100 at 2.00 in the test vector's round (Tiger wins),
  const w = new World();
  w.open();
  w.do(w.bet('tiger', 2, 200, 100_00), 'p1');
  w.do(w.bet('dragon', 1, 200, 100_00), 'p1');
  w.do({ type: 'CloseCasinoBetting', tableCode: DT, mid: MID }, null);
  w.do({ type: 'DealCasinoRound', tableCode: DT, mid: MID, serverSeed: SEED }, null);
  w.do({ type: 'RevealCasinoCard', tableCode: DT, mid: MID }, null);
  w.do({ type: 'RevealCasinoCard', tableCode: DT, mid: MID }, null);
  // when the round settles, then both bets are named and p1's wallet posting is ₹0 (no house leg to balance).
  const [settled] = w.do({ type: 'SettleCasinoRound', tableCode: DT, mid: MID }, null).slice(-1);
  t.match(settled!.data, {
    bets: [
      { betId: 'tiger', userId: 'p1', selectionName: 'Tiger', pnl: 100_00 },
      { betId: 'dragon', userId: 'p1', selectionName: 'Dragon', pnl: -100_00 },
    ],
    postings: [{ account: 'wallet:p1', amount: 0 }],
  });
  t.equal((settled!.data as { postings: unknown[] }).postings.length, 1);
  t.equal(w.account('wallet:p1'), 10_000_00, 'nothing moved');
});

t.test('3 Cards Judgement: a bet names its ranks, refused unless they fit its market, settled on them', async (t) => {
  // The test vector's seed on table 3cardj at the same time: round 128250815181647 deals 2♥ 7♥ 6♠.
  const J = '3cardj';
  const JMID = '128250815181647';
  const w = new World();
  w.do({ type: 'OpenCasinoRound', tableCode: J, commitment: COMMITMENT, bettingMs: 20_000 }, null);
  const bet = (betId: string, sid: number, odds: number, ranks?: number[]): Command => ({
    type: 'PlaceCasinoBet',
    betId,
    tableCode: J,
    mid: JMID,
    sid,
    ...(ranks && { ranks }),
    odds,
    stake: 100_00,
    referenceId: `r-${betId}`,
  });
  // Sids: Yes 1, 2, 3 cards are 1-3 at 4.45, 2.42, 1.75; No 1, 2, 3 cards 4-6 at 1.24, 1.62, 2.17.
  const [placed] = w.do(bet('y7', 1, 445, [7]), 'p1');
  t.match(placed!.data, { sid: 1, ranks: [7], selectionName: 'Yes 1 card: 7', odds: 445, stake: 100_00 });
  t.match(w.do(bet('y2k', 2, 242, [13, 2]), 'p1')[0]!.data, { ranks: [2, 13], selectionName: 'Yes 2 cards: 2 K' });
  w.do(bet('y89', 3, 175, [8, 9, 10]), 'p1');
  w.do(bet('n6', 4, 124, [6]), 'p2');
  w.do(bet('njq', 5, 162, [11, 12]), 'p2');
  w.do(bet('nak', 6, 217, [1, 13, 12]), 'p2');
  t.equal(w.exposure('p1'), 300_00);

  const bad = (c: Command, message: string) => w.refused(t, c, 'p1', 'INVALID_SELECTION', message);
  bad(bet('x1', 2, 242), 'Yes 2 cards needs 2 different card ranks (A to K); the bet names 0');
  bad(bet('x2', 2, 242, [5]), 'Yes 2 cards needs 2 different card ranks (A to K); the bet names 1');
  bad(bet('x3', 3, 175, [1, 2, 3, 4]), 'Yes 3 cards needs 3 different card ranks (A to K); the bet names 4');
  bad(bet('x4', 2, 242, [5, 5]), 'Yes 2 cards needs 2 different card ranks (A to K); 5 is named twice');
  bad(bet('x5', 4, 124, [14]), 'No 1 card needs 1 card rank (A to K); card ranks are 1 (A) to 13 (K)');
  bad(bet('x6', 4, 124, [0.5]), 'card ranks are 1 (A) to 13 (K)');
  bad(bet('x7', 9, 124, [1]), 'Selection not found on this table');
  w.refused(t, bet('x8', 1, 242, [7]), 'p1', 'ODDS_CHANGED');
  w.refused(t, { ...w.bet('x9', 2, 200, 100_00, '116250815181647'), ranks: [1] } as Command, 'p1', 'BETTING_CLOSED');
  w.open();
  w.refused(
    t,
    { ...w.bet('x9', 2, 200, 100_00), ranks: [1] } as Command,
    'p1',
    'INVALID_SELECTION',
    'Tiger takes no card ranks',
  );
  t.equal(w.exposure('p1'), 300_00, 'nothing refused changed the exposure');

  w.do({ type: 'CloseCasinoBetting', tableCode: J, mid: JMID }, null);
  w.do({ type: 'DealCasinoRound', tableCode: J, mid: JMID, serverSeed: SEED }, null);
  for (let i = 0; i < 3; i++) w.do({ type: 'RevealCasinoCard', tableCode: J, mid: JMID }, null);
  const [resulted, settled] = w.do({ type: 'SettleCasinoRound', tableCode: J, mid: JMID }, null);
  t.match(resulted!.data, { code: 3, winner: '2 6 7', description: '2H 7H 6S: three different ranks', markets: [] });
  t.same((settled!.data as { bets: unknown[] }).bets, [
    { betId: 'y7', userId: 'p1', selectionName: 'Yes 1 card: 7', outcome: 'win', pnl: 345_00 },
    { betId: 'y2k', userId: 'p1', selectionName: 'Yes 2 cards: 2 K', outcome: 'win', pnl: 142_00 },
    { betId: 'y89', userId: 'p1', selectionName: 'Yes 3 cards: 8 9 10', outcome: 'lose', pnl: -100_00 },
    { betId: 'n6', userId: 'p2', selectionName: 'No 1 card: 6', outcome: 'lose', pnl: -100_00 },
    { betId: 'njq', userId: 'p2', selectionName: 'No 2 cards: J Q', outcome: 'win', pnl: 62_00 },
    { betId: 'nak', userId: 'p2', selectionName: 'No 3 cards: A Q K', outcome: 'win', pnl: 117_00 },
  ]);
  t.equal(w.account('wallet:p1'), 10_387_00);
  t.equal(w.account('wallet:p2'), 10_079_00);
  t.same(
    JSON.parse(JSON.stringify(fold(emptyState(), w.log))),
    JSON.parse(JSON.stringify(w.state)),
    'a replay of the log is the live state',
  );
});

t.test('void: every stake released, no money moves; a suspended table opens no new round', async (t) => {
  const w = new World();
  w.open();
  w.do(w.bet('b1', 2, 200, 1_000_00), 'p1');
  w.do(w.bet('b2', 1, 200, 500_00), 'p1');
  w.do(w.bet('b3', 3, 5100, 100_00), 'p2');
  const [voided] = w.do(
    { type: 'VoidCasinoRound', tableCode: DT, mid: MID, reason: 'the server seed was lost in a restart' },
    null,
  );
  t.same(voided!.data, {
    tableCode: DT,
    mid: MID,
    reason: 'the server seed was lost in a restart',
    betIds: ['b1', 'b2', 'b3'],
    exposures: [
      { userId: 'p1', totalExposure: 0 },
      { userId: 'p2', totalExposure: 0 },
    ],
  });
  t.equal(w.account('wallet:p1'), 10_000_00);
  t.equal(w.exposure('p1'), 0);
  w.do({ type: 'SetCasinoTableStatus', tableCode: DT, suspended: true }, 'a');
  t.same(
    w.do({ type: 'SetCasinoTableStatus', tableCode: DT, suspended: true }, 'a'),
    [],
    'already suspended: nothing written',
  );
  w.refused(
    t,
    { type: 'OpenCasinoRound', tableCode: DT, commitment: COMMITMENT, bettingMs: 20_000 },
    null,
    'TABLE_SUSPENDED',
  );
});

t.test('exposure is shared with exchange bets: a casino bet counts against what sports bets reserved', async (t) => {
  const w = new World();
  w.given({ type: 'ExposureLimitSet', data: { userId: 'p2', exposureLimit: 600_00 } } as DomainEvent);
  w.open();
  w.do(w.bet('b1', 2, 200, 400_00), 'p2');
  w.refused(t, w.bet('b2', 2, 200, 300_00), 'p2', 'EXPOSURE_LIMIT', 'Exposure limit exceeded: your limit is ₹600.00');
  w.do(w.bet('b3', 2, 200, 200_00), 'p2');
  t.equal(w.exposure('p2'), 600_00);
});
