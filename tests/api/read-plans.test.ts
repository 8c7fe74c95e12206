/**
 * The read side at a year's scale (docs/performance.md): the heaviest query of each statement,
 * report and list, as the gateway's own functions send it, planned on the read models as the
 * projectors create them, by PGlite and by PostgreSQL (the distributed mode's), which run the same
 * SQL. A database this small plans a sequential scan anyway, so each plan is asked with sequential
 * scans off (`set local enable_seqscan = off`): an index that can serve the query is then chosen,
 * and a query no index serves still shows its Seq Scan. Each check names the index it expects and
 * the large table no plan may scan whole.
 */
import t, { type Test } from 'tap';
import { SETTLED_MARKETS_SHOWN, type EventStore, type SqlClient } from '@exch/contracts';
import { openPGliteStore, openPostgresStore } from '@exch/eventstore';
import { allProjections, ProjectionRunner } from '@exch/projector';
import { statementLines } from '../../services/gateway/src/reports/statement-routes.js';
import { downlineBets } from '../../services/gateway/src/bets/admin-routes.js';
import { finishedRounds } from '../../services/gateway/src/casino/player-routes.js';
import {
  auditCount,
  cappedCount,
  COUNT_CAP,
  downlineRequests,
  eventMarkets,
  listedSports,
  listMatches,
  openMatchedBets,
  pendingStakes,
  playerBets,
  playerCasinoBets,
  pendingRequestCounts,
  utrTaken,
  generalBets,
  playerBetPage,
  settledMarketPage,
  userRequests,
} from '@exch/projector/read';
import { downlinePnl } from '../../services/gateway/src/reports/pnl.js';
import { casinoRows, sportsRows } from '../../services/gateway/src/risk/tape-routes.js';
import { openedFrom, Sessions } from '../../services/gateway/src/auth/sessions.js';
import { migrateGatewayTables } from '../../services/gateway/src/schema.js';
import { pgSkip, startPostgres } from '../helpers/postgres.js';

const silent = { info() {}, warn() {}, error() {} };

// A downline to be read: the admin over a dealer with many players (a large downline), and one with two.
const PLAYERS = 300;
// A year of rows, enough for the planner to weigh an index against a scan as it would on a large history.
const ROWS = 20_000;
// p1 and p2 (the small downline) share one row in a thousand; the dealer's 300 players have the rest.
const player = (i: string) =>
  `case when ${i} % 1000 = 0 then 'p' || (${i} % 2000 / 1000 + 1) else 'u' || (${i} % ${PLAYERS} + 1) end`;
const at = (i: string) => `timestamptz '2025-06-01' + ${i} * interval '26 minutes'`;
const SPORT = (i: string) => `case ${i} % 10 when 0 then 1 when 1 then 2 else 4 end`;
const OPEN_MATCHES = 20;
const PENDING = 40;

/** The projectors' read models on `store`, with the rows above in them and their statistics. */
async function seed(store: EventStore): Promise<void> {
  const runner = new ProjectionRunner(store, allProjections, silent);
  await runner.start();
  await runner.stop();
  const { sql } = store;

  await sql.query(
    `insert into rm_users (user_id, username, username_lower, role, parent_id)
     values ('admin', 'admin', 'admin', 'admin', null), ('dealer', 'dealer', 'dealer', 'dl', 'admin'),
            ('small', 'small', 'small', 'dl', 'admin'), ('p1', 'p1', 'p1', 'user', 'small'), ('p2', 'p2', 'p2', 'user', 'small')`,
  );
  await sql.query(
    `insert into rm_users (user_id, username, username_lower, role, parent_id)
     select 'u' || i, 'u' || i, 'u' || i, 'user', 'dealer' from generate_series(1, ${PLAYERS}) i`,
  );
  await sql.query(`insert into rm_casino_tables (table_code, name, category, mid_prefix, min_stake, max_stake, betting_seconds, markets, shoe, position)
    values ('teen20', 'Teen Patti', 1, 'T', 100, 100000, 15, '[]', '[]', 1)`);
  await sql.query(
    `insert into rm_bets (bet_id, user_id, market_id, match_id, kind, selection_id, selection_name, side, odds, stake, fills,
       persistence, reference_id, seq, placed_at, placed_position, bet_status, bet_unmatched, bet_cancelled, market_status, market_pnl, declared)
     select 'b' || i, ${player('i')}, 'm' || (i / 600), 'x' || (i / 600), 'match_odds', 1, 'Team', 'back', 200, 10000, '[]',
       'LAPSE', 'r' || i, i, ${at('i')}, i, 'pending', 0, 0, 'won', 100, true
       from generate_series(1, ${ROWS}) i`,
  );
  // And some still open: the dealer's players' and p1's.
  await sql.query(
    `insert into rm_bets (bet_id, user_id, market_id, match_id, kind, selection_id, selection_name, side, odds, stake, fills,
       persistence, reference_id, seq, placed_at, placed_position, bet_status, bet_unmatched, bet_cancelled)
     select 'o' || i, case when i % 10 = 0 then 'p1' else 'u' || (i % ${PLAYERS} + 1) end, 'm${ROWS}', 'x${ROWS}', 'match_odds', 1,
       'Team', 'back', 200, 10000, '[{"price": 200, "size": 10000}]', 'LAPSE', 'o' || i, ${ROWS} + i, ${at(`(${ROWS} + i)`)},
       ${ROWS} + i, 'pending', 0, 0
       from generate_series(1, ${PENDING}) i`,
  );
  await sql.query(
    `insert into rm_ledger_entries (position, leg, account, user_id, amount, kind, at)
     select i, 0, 'wallet:' || ${player('i')}, ${player('i')}, (i % 7) * 100 - 250, 'settlement', ${at('i')} from generate_series(1, ${ROWS}) i`,
  );
  await sql.query(
    `insert into rm_ledger_balances (account, balance) select account, sum(amount) from rm_ledger_entries group by account`,
  );
  await sql.query(
    `insert into rm_bet_settlements (settlement_id, market_id, match_id, user_id, pnl, commission, settled_at)
     select 's' || i, 'm' || i, 'x' || i, ${player('i')}, 100, 0, ${at('i')} from generate_series(1, ${ROWS}) i`,
  );
  await sql.query(
    `insert into rm_casino_rounds (mid, table_code, commitment, algorithm, opened_at, closes_at, status, cards, bets)
     select 'r' || i, 'teen20', 'c', 'a', ${at('i')}, ${at('i')}, 'settled', '[]', 1 from generate_series(1, ${ROWS}) i`,
  );
  await sql.query(
    `insert into rm_casino_bets (bet_id, user_id, table_code, mid, sid, selection_name, odds, stake, status, reference_id, placed_at, placed_position)
     select 'c' || i, ${player('i')}, 'teen20', 'r' || i, 1, 'Player A', 198, 10000,
       case when i > ${ROWS - PENDING} then 'pending' else 'won' end, 'r' || i, ${at('i')}, i
       from generate_series(1, ${ROWS}) i`,
  );
  await sql.query(
    `insert into rm_payment_requests (request_id, user_id, type, method, amount, utr, remark, upline_ids, status, requested_at, position)
     select 'q' || i, ${player('i')}, case when i % 2 = 0 then 'deposit' else 'withdraw' end, 'upi', 10000,
       '7' || lpad(i::text, 11, '0'), '',
       case when ${player('i')} like 'p%' then '["small", "admin"]'::jsonb else '["dealer", "admin"]'::jsonb end,
       case when i > ${ROWS - PENDING} then 'pending' else 'approved' end, ${at('i')}, i
       from generate_series(1, ${ROWS}) i`,
  );
  // A year of matches, one market each (sport 4, and every tenth 1 or 2): the last 20 open, the rest settled.
  await sql.query(
    `insert into rm_matches (match_id, sport_id, sport_name, series_id, series_name, name, start_time, in_play, position)
     select 'x' || i, ${SPORT('i')}, case ${SPORT('i')} when 1 then 'Soccer' when 2 then 'Tennis' else 'Cricket' end,
       's' || (i / 50), 'Series ' || (i / 50), 'Match ' || i, ${at('i')}, false, i from generate_series(1, ${ROWS}) i`,
  );
  await sql.query(
    `insert into rm_markets (market_id, match_id, sport_id, kind, name, runners, min_stake, max_stake, bet_delay_sec, commission_bp,
       status, settled_at, position)
     select 'm' || i, 'x' || i, ${SPORT('i')}, 'match_odds', 'Match Odds', '[]', 100, 100000, 0, 0,
       case when i > ${ROWS - OPEN_MATCHES} then 'ACTIVE' else 'SETTLED' end,
       case when i > ${ROWS - OPEN_MATCHES} then null else ${at('i')} + interval '3 hours' end, i
       from generate_series(1, ${ROWS}) i`,
  );
  // A year of the audit trail: the dealer's actions on his players.
  await sql.query(
    `insert into rm_audit (position, at, actor_id, action, target_user_id)
     select i, ${at('i')}, 'dealer', case when i % 100 = 0 then 'account-lock' else 'credit-reference' end, ${player('i')}
       from generate_series(1, ${ROWS}) i`,
  );
  // A year of logins, each leaving a refresh token; a day's worth expired.
  await migrateGatewayTables(sql);
  await sql.query(
    `insert into auth_sessions (id, user_id, context, ip, created_at)
     select 's' || i, ${player('i')}, 'player', '10.0.' || (i % 250) || '.1', ${at('i')} from generate_series(1, ${ROWS}) i`,
  );
  await sql.query(
    `insert into auth_refresh_tokens (token_hash, session_id, expires_at)
     select 'h' || i, 's' || i, now() - interval '1 day' + i * interval '1 minute' from generate_series(1, ${ROWS}) i`,
  );
  // Every account in the statistics, as the planner knows a large history's few-bet accounts to be few.
  await sql.query('alter table rm_bets alter column user_id set statistics 1000');
  await sql.query('analyze');
}

const WEEK = { from: '2026-01-01', to: '2026-01-07' };
const LAST_DAY = '2026-01-06T00:00:00Z';

interface Captured {
  text: string;
  params: unknown[];
}

/** Runs `read` against a client that records every query it sends (answering them for real). */
async function captured(db: SqlClient, read: (sql: SqlClient) => Promise<unknown>): Promise<Captured[]> {
  const seen: Captured[] = [];
  const sql: SqlClient = {
    query: (text, params = []) => {
      seen.push({ text, params });
      return db.query(text, params);
    },
    transaction: (fn) => db.transaction(fn),
  };
  await read(sql);
  return seen;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of the plan of `q`, planned with sequential scans off. */
async function planOf(db: SqlClient, q: Captured): Promise<PlanNode[]> {
  const plan = await db.transaction(async (tx) => {
    await tx.query('set local enable_seqscan = off');
    const { rows } = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (format json) ${q.text}`,
      q.params,
    );
    return rows[0]!['QUERY PLAN'][0].Plan;
  });
  const nodes: PlanNode[] = [];
  const walk = (n: PlanNode) => {
    nodes.push(n);
    for (const c of n.Plans ?? []) walk(c);
  };
  walk(plan);
  return nodes;
}

type Analysed = PlanNode & { 'Actual Rows'?: number; 'Actual Loops'?: number; 'Rows Removed by Filter'?: number };

/**
 * Rows the query of `read` that `pick` chooses reads from `table`, those its filters dropped
 * included, run as the planner likes it (`explain analyze`, sequential scans allowed): what it
 * costs, not only which index it names.
 */
async function rowsRead(
  db: SqlClient,
  read: (sql: SqlClient) => Promise<unknown>,
  pick: (text: string) => boolean,
  table: string,
): Promise<number> {
  const q = (await captured(db, read)).find((c) => pick(c.text))!;
  const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: Analysed }] }>(
    `explain (analyze, format json) ${q.text}`,
    q.params,
  );
  let total = 0;
  const walk = (n: Analysed) => {
    if (n['Relation Name'] === table)
      total += ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0)) * (n['Actual Loops'] ?? 1);
    for (const c of n.Plans ?? []) walk(c);
  };
  walk(rows[0]!['QUERY PLAN'][0].Plan);
  return total;
}

/**
 * The query of `read` that `pick` chooses is served by `index` (or one of several) and scans no
 * table of `large` whole. Fails when the query is not found, so a renamed query does not pass by
 * checking nothing.
 */
async function checkPlan(
  t: Test,
  db: SqlClient,
  read: (sql: SqlClient) => Promise<unknown>,
  pick: (text: string) => boolean,
  index: string | string[],
  large: string[],
): Promise<void> {
  const query = (await captured(db, read)).find((q) => pick(q.text));
  if (!query) return void t.fail('the query was sent');
  const nodes = await planOf(db, query);
  const indexes = nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []));
  const wanted = typeof index === 'string' ? [index] : index;
  t.ok(
    wanted.some((i) => indexes.includes(i)),
    `served by ${wanted.join(' or ')} (plan reads ${indexes.join(', ') || 'no index'})`,
  );
  const scanned = nodes.filter((n) => n['Node Type'] === 'Seq Scan' && large.includes(n['Relation Name'] ?? ''));
  t.same(
    scanned.map((n) => n['Relation Name']),
    [],
    `no sequential scan of ${large.join(', ')}`,
  );
}

const BET_LIST = (text: string) => text.includes('from rm_bets b') && text.includes(' offset ');

/** Every check, on the read models of `db` (seeded). */
function checks(suite: Test, db: SqlClient): void {
  suite.test('statement: a wallet by its postings of a period', (t) =>
    checkPlan(
      t,
      db,
      (sql) => statementLines(sql, 'u1', { type: 'all', ...WEEK }, { offset: 0, limit: 25 }),
      (text) => text.includes('with page as') && text.includes('rm_ledger_balances'),
      ['rm_ledger_entries_account', 'rm_ledger_entries_account_at'],
      ['rm_ledger_entries'],
    ),
  );

  suite.test(
    "statement: each line's running balance is every posting up to it, whatever the page or filter",
    async (t) => {
      const { rows } = await db.query<{ position: string; running: string }>(
        `select position, sum(amount) over (order by position, leg) as running from rm_ledger_entries where account = 'wallet:u1'`,
      );
      const expected = new Map(rows.map((r) => [Number(r.position), Number(r.running)]));
      const views = [
        { q: { type: 'all' as const }, page: { offset: 0, limit: 25 } },
        { q: { type: 'all' as const }, page: { offset: 40, limit: 10 } },
        { q: { type: 'all' as const, from: '2025-09-01', to: '2025-12-31' }, page: { offset: 5, limit: 10 } },
        { q: { type: 'settlement' as const, to: '2026-01-03' }, page: { offset: 5, limit: 10 } },
      ];
      for (const { q, page } of views) {
        const { lines } = await statementLines(db, 'u1', q, page);
        t.ok(lines.length > 0, `${JSON.stringify(q)} offset ${page.offset}: lines`);
        t.same(
          lines.map((l) => l.balance),
          lines.map((l) => expected.get(l.position)),
          `${JSON.stringify(q)} offset ${page.offset}`,
        );
      }
    },
  );

  suite.test("bet history: a player's own bets", (t) =>
    checkPlan(
      t,
      db,
      (sql) => playerBetPage(sql, 'u1', { status: 'settled', ...WEEK }, { offset: 0, limit: 25 }),
      BET_LIST,
      'rm_bets_user',
      ['rm_bets'],
    ),
  );

  suite.test("bet history: a large downline's bets walk the newest by time", (t) =>
    checkPlan(
      t,
      db,
      (sql) => downlineBets(sql, 'admin', { status: 'all' }, { offset: 0, limit: 25 }),
      BET_LIST,
      'rm_bets_placed_at',
      ['rm_bets'],
    ),
  );

  suite.test("bet history: two players' bets are read by player", (t) =>
    checkPlan(
      t,
      db,
      (sql) => downlineBets(sql, 'small', { status: 'all' }, { offset: 0, limit: 25 }),
      BET_LIST,
      'rm_bets_user',
      ['rm_bets'],
    ),
  );

  suite.test("profit-loss: a player's settled markets", (t) =>
    checkPlan(
      t,
      db,
      (sql) => settledMarketPage(sql, 'u1', WEEK, { offset: 0, limit: 25 }),
      (text) => text.includes('from rm_bet_settlements s') && text.includes(' offset '),
      'rm_bet_settlements_user',
      ['rm_bet_settlements'],
    ),
  );

  suite.test("profit-loss report and partnership statement: the downline's postings of the period", (t) =>
    checkPlan(
      t,
      db,
      (sql) => downlinePnl(sql, 'admin', WEEK),
      (text) => text.includes('width_bucket'),
      'rm_ledger_entries_account_at',
      ['rm_ledger_entries'],
    ),
  );

  suite.test("general report: the downline's bets of the period, newest first", (t) =>
    checkPlan(
      t,
      db,
      (sql) => generalBets(sql, 'admin', { bet_type: 'sports', deleted: 'false', ...WEEK }, { offset: 0, limit: 25 }),
      (text) => text.includes(' offset '),
      'rm_bets_placed_at',
      ['rm_bets'],
    ),
  );

  suite.test("casino results: a table's rounds, newest first", (t) =>
    checkPlan(
      t,
      db,
      (sql) => finishedRounds(sql, 'teen20', {}, { page: 1, limit: 25 }),
      (text) => text.includes('from rm_casino_rounds r') && text.includes(' offset '),
      'rm_casino_rounds_table',
      ['rm_casino_rounds'],
    ),
  );

  // The top admin's whole list matches every request: it reads them all and sorts
  // (docs/performance.md, "The read side at a year's scale").
  suite.test("payment requests: a dealer's downline's", (t) =>
    checkPlan(
      t,
      db,
      (sql) => downlineRequests(sql, 'small', { type: 'deposit', status: 'all' }, { offset: 0, limit: 25 }),
      (text) => text.includes(' offset '),
      'rm_payment_requests_uplines',
      ['rm_payment_requests'],
    ),
  );

  suite.test("payment history: a user's", (t) =>
    checkPlan(
      t,
      db,
      (sql) => userRequests(sql, 'u1', 'deposit', {}, { offset: 0, limit: 25 }),
      (text) => text.includes(' offset '),
      'rm_payment_requests_user',
      ['rm_payment_requests'],
    ),
  );

  suite.test('bet tape history: a page after a cursor bet, on the index it walks', async (t) => {
    const q = { bet_type: 'sports' as const, from: LAST_DAY, limit: 50 };
    await checkPlan(
      t,
      db,
      (sql) => sportsRows(sql, 'admin', q, { after: 'some-bet', limit: 50 }),
      (text) => text.includes('from rm_bets b'),
      'rm_bets_placed_at',
      ['rm_bets'],
    );
    await checkPlan(
      t,
      db,
      (sql) => casinoRows(sql, 'admin', { ...q, bet_type: 'casino' }, { after: 'some-bet', limit: 50 }),
      (text) => text.includes('from rm_casino_bets b'),
      'rm_casino_bets_placed_at',
      ['rm_casino_bets'],
    );
  });

  suite.test("open bets: a player's on a match page, the downline's unsettled and the risk desk's", async (t) => {
    const reads: [string, (sql: SqlClient) => Promise<unknown>][] = [
      // u2 has bet about 70 times, and one bet is open.
      ["a player's", (sql) => playerBets(sql, 'u2', { pending: true }, 100)],
      ["a player's on a match", (sql) => playerBets(sql, 'u2', { pending: true, matchId: `x${ROWS}` }, 100)],
      ['unsettled bets', (sql) => pendingStakes(sql, 'admin', undefined)],
      ['the risk desk', (sql) => openMatchedBets(sql, 'admin', 1000)],
    ];
    for (const [what, read] of reads) {
      const pick = (text: string) => text.includes('from rm_bets b');
      await checkPlan(t, db, read, pick, 'rm_bets_pending', ['rm_bets']);
      const rows = await rowsRead(db, read, pick, 'rm_bets');
      t.ok(rows <= PENDING, `${what}: ${rows} rows of rm_bets read, not the settled ones`);
    }
    t.equal((await playerBets(db, 'u2', { pending: true }, 100)).length, 1, "u2's open bet");
  });

  suite.test(
    "what is pending elsewhere: a deposit's UTR check, the menu's pending requests, a player's open casino bets",
    async (t) => {
      const pick = (table: string) => (text: string) => text.includes(table);
      await checkPlan(
        t,
        db,
        (sql) => utrTaken(sql, '700000000042'),
        pick('rm_payment_requests'),
        'rm_payment_requests_utr',
        ['rm_payment_requests'],
      );
      t.ok(await utrTaken(db, '700000000042'), 'a UTR in use');
      t.notOk(await utrTaken(db, '799999999999'), 'one not');
      const counts = (sql: SqlClient) => pendingRequestCounts(sql, ['admin', 'dealer']);
      await checkPlan(t, db, counts, pick('rm_payment_requests'), 'rm_payment_requests_pending', [
        'rm_payment_requests',
      ]);
      const requests = await rowsRead(db, counts, pick('rm_payment_requests'), 'rm_payment_requests');
      t.ok(requests <= 3 * PENDING, `${requests} requests read, not every one of the downline`);
      // u181's casino bets: about 70, one pending.
      const casino = (sql: SqlClient) => playerCasinoBets(sql, 'u181', { status: 'pending' }, { page: 1, limit: 25 });
      await checkPlan(t, db, casino, (text) => text.startsWith('select count(*)'), 'rm_casino_bets_pending', [
        'rm_casino_bets',
      ]);
      const bets = await rowsRead(db, casino, (text) => text.includes('order by'), 'rm_casino_bets');
      t.ok(bets <= 2, `${bets} casino bets read, not every one of the player's`);
      t.equal((await casino(db)).total, 1);
    },
  );

  suite.test("the lobby: open matches, every sport's or one's, read from what is not settled", async (t) => {
    for (const sportId of [undefined, 4]) {
      const f = sportId === undefined ? { open: true } : { sportId, open: true };
      await checkPlan(
        t,
        db,
        (sql) => listMatches(sql, f),
        (text) => text.includes('from rm_matches m'),
        'rm_markets_open',
        ['rm_matches', 'rm_markets'],
      );
      const open = await listMatches(db, f);
      t.equal(open.length, sportId === undefined ? OPEN_MATCHES : 16, 'the open matches, no more');
      for (const table of ['rm_matches', 'rm_markets']) {
        const read = await rowsRead(
          db,
          (sql) => listMatches(sql, f),
          (text) => text.includes('from rm_matches m'),
          table,
        );
        t.ok(read <= OPEN_MATCHES, `${read} rows of ${table} read, not the ${ROWS} listed`);
      }
    }
  });

  suite.test('the sports menu: one probe per sport, not a read of every match', async (t) => {
    await checkPlan(t, db, listedSports, (text) => text.includes('with recursive sports'), 'rm_matches_sport', [
      'rm_matches',
    ]);
    const read = await rowsRead(db, listedSports, (text) => text.includes('with recursive sports'), 'rm_matches');
    t.ok(read <= 20, `${read} rows of rm_matches read, not the ${ROWS} listed`);
    t.same(await listedSports(db), [
      { sport_id: 1, sport_name: 'Soccer' },
      { sport_id: 2, sport_name: 'Tennis' },
      { sport_id: 4, sport_name: 'Cricket' },
    ]);
  });

  suite.test('event management: the open markets, and the latest settled', async (t) => {
    await checkPlan(
      t,
      db,
      (sql) => eventMarkets(sql, { settled: false }),
      (text) => text.includes('from rm_markets k'),
      'rm_markets_open',
      ['rm_markets', 'rm_matches'],
    );
    await checkPlan(
      t,
      db,
      (sql) => eventMarkets(sql, { settled: true }),
      (text) => text.includes('from rm_markets k'),
      'rm_markets_settled',
      ['rm_markets', 'rm_matches'],
    );
    t.equal((await eventMarkets(db, { settled: false })).length, OPEN_MATCHES);
    const settled = await eventMarkets(db, { settled: true });
    t.equal(settled.length, SETTLED_MARKETS_SHOWN, 'a page of them');
    t.equal(settled[0]!.market_id, `m${ROWS - OPEN_MATCHES}`, 'the latest declared first');
  });

  suite.test(
    "logins: a user's sessions, ended everywhere or asked for a known address; expired tokens swept",
    async (t) => {
      await checkPlan(
        t,
        db,
        (sql) => new Sessions(sql).revokeAllFor('u1'),
        (text) => text.startsWith('update auth_sessions'),
        'auth_sessions_user_ip',
        ['auth_sessions'],
      );
      await checkPlan(
        t,
        db,
        (sql) => openedFrom(sql, 'u1', '10.0.1.1'),
        (text) => text.includes('from auth_sessions'),
        'auth_sessions_user_ip',
        ['auth_sessions'],
      );
      await checkPlan(
        t,
        db,
        (sql) => new Sessions(sql).sweep(),
        (text) => text.startsWith('delete from auth_refresh_tokens'),
        'auth_refresh_tokens_expires',
        ['auth_refresh_tokens'],
      );
    },
  );

  suite.test("the audit trail's count stops at the cap, as the lists' do", async (t) => {
    t.same(await auditCount(db, {}), { capped: COUNT_CAP }, 'the whole trail: at least the cap');
    t.same(await auditCount(db, { branchOf: 'admin' }), { capped: COUNT_CAP }, "a branch's: the same");
    t.equal(await auditCount(db, { action: 'account-lock' }), ROWS / 100, 'a filtered one under the cap: its count');
  });

  suite.test('a count stops at its cap', async (t) => {
    const from = `from rm_users where role = 'user'`;
    t.equal(await cappedCount(db, from, [], 1000), PLAYERS + 2, 'under the cap: the count');
    t.same(await cappedCount(db, from, [], 10), { capped: 10 }, 'over it: the cap, marked');
  });
}

t.test('on PGlite', async (t) => {
  const store = await openPGliteStore();
  t.teardown(() => store.close());
  await seed(store);
  checks(t, store.sql);
});

t.test('on PostgreSQL', { skip: pgSkip() }, async (t) => {
  const server = await startPostgres();
  t.teardown(() => server.stop());
  const store = await openPostgresStore({ connectionString: server.connectionString });
  t.teardown(() => store.close());
  await seed(store);
  checks(t, store.sql);
});
