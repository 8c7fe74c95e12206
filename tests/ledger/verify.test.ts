import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import pino from 'pino';
import type { Command, CommandEnvelope, EventStore, NewEvent, ProviderCommand } from '@exch/contracts';
import { Engine } from '@exch/engine';
import { openPGliteStore, openPostgresStore } from '@exch/eventstore';
import { allProjections, ProjectionRunner } from '@exch/projector';
import { progressBar } from '../../scripts/ledger/progress.js';
import { formatReport, type VerifyProgress } from '../../scripts/ledger/report.js';
import { verifyLedger } from '../../scripts/ledger/verify.js';
import { openMemoryStore } from '../../services/eventstore/test-support/empty-cluster.js';
import { pgSkip, startPostgres } from '../helpers/postgres.js';
import { runScript } from '../helpers/script.js';

const log = pino({ level: 'silent' });
let n = 0;
const env = (command: Command, actor: string | null): CommandEnvelope => ({
  commandId: `c${++n}`,
  correlationId: 'ledger-test',
  actor,
  ip: null,
  device: 'test',
  at: '2026-11-22T10:00:00.000Z',
  command,
});
const create = (userId: string, role: 'admin' | 'sadmin' | 'smdl' | 'user', parentId: string | null): Command => ({
  type: 'CreateUser',
  userId,
  username: `user_${userId}`,
  fullName: userId,
  role,
  parentId,
  passwordHash: 'h',
  creditReference: 0,
  exposureLimit: 0,
  mustChangePassword: false,
});
const transfer = (fromUserId: string, toUserId: string, amount: number): Command => ({
  type: 'TransferChips',
  fromUserId,
  toUserId,
  amount,
  remark: '',
});

/** admin a > sadmin s > master m > players u1, u2, with chips passed down and some taken back. */
async function buildLog(engine: Engine): Promise<void> {
  const steps: [Command, string | null][] = [
    [create('a', 'admin', null), null],
    [{ type: 'MintChips', userId: 'a', amount: 1_000_000_00 }, null],
    [create('s', 'sadmin', 'a'), 'a'],
    [transfer('a', 's', 500_000_00), 'a'],
    [create('m', 'smdl', 's'), 's'],
    [transfer('s', 'm', 200_000_00), 's'],
    [create('u1', 'user', 'm'), 'm'],
    [create('u2', 'user', 'm'), 'm'],
    [transfer('m', 'u1', 10_000_00), 'm'],
    [transfer('m', 'u2', 5_000_00), 'm'],
    [transfer('u1', 'm', 2_500_50), 'm'],
    [{ type: 'SetBetLock', userId: 'u2', locked: true }, 'm'],
    [transfer('u2', 'm', 1_00), 'm'],
  ];
  for (const [command, actor] of steps) {
    const r = await engine.execute(env(command, actor));
    if (!r.ok) throw new Error(`${command.type} refused: ${r.refusal.message}`);
  }
  const refused = await engine.execute(env(transfer('m', 'u2', 1_000_000_00), 'm'));
  if (refused.ok || refused.refusal.code !== 'INSUFFICIENT_FUNDS') throw new Error('an overdraft was not refused');
}

type TapTest = Parameters<Parameters<typeof t.test>[0]>[0];

/** An in-memory log with buildLog's accounts in it and its engine still running; both closed with the test. */
async function loggedEngine(t: TapTest): Promise<{ store: EventStore; engine: Engine }> {
  const store = await openMemoryStore();
  t.teardown(() => store.close());
  const engine = await Engine.start({ store, log, snapshotEvery: 0 });
  t.teardown(() => engine.stop().catch(() => {}));
  await buildLog(engine);
  return { store, engine };
}

/** Every read model folded up to the log's head, the runner left running (stopped with the test). */
async function projected(t: TapTest, store: EventStore): Promise<ProjectionRunner> {
  const runner = new ProjectionRunner(store, allProjections, log);
  await runner.start();
  t.teardown(() => runner.stop());
  await runner.waitFor(await store.head());
  return runner;
}

/** A ChipsTransferred written straight into the log, around the engine and its rules. */
const forged = (
  id: string,
  fromUserId: string,
  toUserId: string,
  amount: number,
  postings: { account: string; amount: number }[],
): NewEvent => ({
  eventId: `forged-${id}`,
  type: 'ChipsTransferred',
  schemaVersion: 1,
  data: { kind: 'withdraw', fromUserId, toUserId, amount, remark: 'forged', postings },
  metadata: {
    commandId: `forged-${id}`,
    correlationId: 'forged',
    causationId: null,
    actor: 'm',
    ip: null,
    device: null,
    at: '2026-11-22T11:00:00.000Z',
  },
});

/** npm run ledger:verify, with these settings. */
const runCli = (env: Record<string, string>) => runScript('scripts/ledger-verify.ts', [], env);

/** Chips going back and forth between m and u1 until stopped: the log and the projections keep moving. */
function keepBusy(engine: Engine): { stop(): Promise<number> } {
  let running = true;
  let done = 0;
  const loop = (async () => {
    while (running) {
      const r = await engine.execute(env(done % 2 === 0 ? transfer('m', 'u1', 1_00) : transfer('u1', 'm', 1_00), 'm'));
      if (!r.ok) throw new Error(r.refusal.message);
      done++;
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return done;
    },
  };
}

t.test('a log made by the engine verifies; each corruption is found', async (t) => {
  const { store, engine } = await loggedEngine(t);
  const head = await store.head();

  await t.test('a log without read models: the log checks alone', async (t) => {
    const r = await verifyLedger(store);
    t.match(r, { ok: true, events: head, accounts: 6, differenceCount: 0 });
    t.match(r.projections, [
      { name: 'ledger', checkpoint: 0, compared: false, note: 'rm_ledger_balances not found: not compared' },
      { name: 'users', checkpoint: 0, compared: false, note: 'rm_users not found: not compared' },
    ]);
  });

  let runner = new ProjectionRunner(store, allProjections, log);
  await runner.start();
  t.teardown(() => runner.stop());
  const settle = async () => runner.waitFor(await store.head());
  await settle();

  await t.test('the clean log', async (t) => {
    const progress: VerifyProgress[] = [];
    const r = await verifyLedger(store, { onProgress: (p) => progress.push(p) });
    t.equal(r.ok, true, formatReport(r).join('\n'));
    t.match(r, { head, events: head, moneyEvents: 7, accounts: 6, sum: 0n, differenceCount: 0, differences: [] });
    t.match(r.projections, [
      { name: 'ledger', checkpoint: head, compared: true, note: 'at the head' },
      { name: 'users', checkpoint: head, compared: true, note: 'at the head' },
    ]);
    t.same(formatReport(r), [`ledger OK: ${head} events, 6 accounts, sum 0, 0 differences`]);
    t.equal(progress.at(-1)?.position, head);

    // Tiny batches: ledger entries are matched across batch boundaries.
    const small: number[] = [];
    const r2 = await verifyLedger(store, { batchSize: 2, onProgress: (p) => small.push(p.position) });
    t.equal(r2.ok, true, formatReport(r2).join('\n'));
    t.same(
      small,
      [...small].sort((x, y) => x - y),
      'progress only moves forward',
    );
    t.equal(small.length, Math.ceil(head / 2) + 1);
  });

  await t.test('rm_users.balance one paisa off', async (t) => {
    await store.sql.query(`update rm_users set balance = balance + 1 where user_id = 'u1'`);
    const r = await verifyLedger(store);
    t.equal(r.ok, false);
    t.equal(r.differenceCount, 1);
    t.match(r.differences[0], {
      kind: 'users-balance',
      account: 'wallet:u1',
      expected: String(10_000_00 - 2_500_50),
      actual: String(10_000_00 - 2_500_50 + 1),
    });
    t.match(formatReport(r)[0], /^ledger FAILED: 1 difference \(/);
    await store.sql.query(`update rm_users set balance = balance - 1 where user_id = 'u1'`);
    t.equal((await verifyLedger(store)).ok, true, 'restored');
  });

  await t.test('an rm_ledger_balances row off, or missing', async (t) => {
    await store.sql.query(`update rm_ledger_balances set balance = balance - 500 where account = 'mint'`);
    let r = await verifyLedger(store);
    t.equal(r.differenceCount, 1);
    t.match(r.differences[0], {
      kind: 'ledger-balance',
      account: 'mint',
      expected: String(-1_000_000_00),
      actual: String(-1_000_000_00 - 500),
    });
    await store.sql.query(`update rm_ledger_balances set balance = balance + 500 where account = 'mint'`);

    await store.sql.query(`delete from rm_ledger_balances where account = 'wallet:s'`);
    r = await verifyLedger(store);
    t.equal(r.differenceCount, 1);
    t.match(r.differences[0], { kind: 'ledger-balance', account: 'wallet:s', message: /no row/ });
    await store.sql.query(`insert into rm_ledger_balances (account, balance) values ('wallet:s', $1)`, [300_000_00]);
    t.equal((await verifyLedger(store)).ok, true, 'restored');
  });

  await t.test('a read model table dropped behind its checkpoint', async (t) => {
    await store.sql.query(`drop table rm_users`);
    const r = await verifyLedger(store);
    t.match(r, { differenceCount: 1, differences: [{ kind: 'projection-missing', position: head }] });
    await runner.rebuild('users');
    await settle();
    t.equal((await verifyLedger(store)).ok, true, 'rebuilt');
  });

  await t.test('an rm_ledger_entries amount off (statements sum their running balance from it)', async (t) => {
    const { rows } = await store.sql.query<{ position: number }>(
      `select position from rm_ledger_entries where account = 'wallet:u1' order by position limit 1`,
    );
    const position = Number(rows[0]!.position);
    await store.sql.query(
      `update rm_ledger_entries set amount = amount + 7 where position = $1 and account = 'wallet:u1'`,
      [position],
    );
    for (const batchSize of [5_000, 1]) {
      const r = await verifyLedger(store, { batchSize });
      t.equal(r.differenceCount, 1, `batch size ${batchSize}`);
      t.match(r.differences[0], {
        kind: 'ledger-entry',
        position,
        account: 'wallet:u1',
        expected: String(10_000_00),
        actual: String(10_000_00 + 7),
        message: `position ${position} leg 1 (wallet:u1): rm_ledger_entries has amount 1000007, replay says 1000000`,
      });
    }
    await store.sql.query(
      `update rm_ledger_entries set amount = amount - 7 where position = $1 and account = 'wallet:u1'`,
      [position],
    );
    t.equal((await verifyLedger(store)).ok, true, 'restored');
  });

  await t.test('a lagging projection is compared at its checkpoint, not at the head', async (t) => {
    await runner.stop();
    const r = await engine.execute(env(transfer('m', 'u2', 1_000_00), 'm'));
    t.equal(r.ok, true);
    const lagging = await verifyLedger(store);
    t.equal(lagging.ok, true, formatReport(lagging).join('\n'));
    t.equal(lagging.head, head + 1);
    t.match(lagging.projections, [
      { name: 'ledger', checkpoint: head, compared: true, note: /^1 event behind the head/ },
      { name: 'users', checkpoint: head, compared: true },
    ]);
    // A difference at the checkpoint is still found while the projection lags.
    await store.sql.query(`update rm_users set balance = balance + 1 where user_id = 'u2'`);
    const found = await verifyLedger(store);
    t.match(found, {
      differenceCount: 1,
      differences: [{ kind: 'users-balance', account: 'wallet:u2', position: head }],
    });
    await store.sql.query(`update rm_users set balance = balance - 1 where user_id = 'u2'`);

    runner = new ProjectionRunner(store, allProjections, log);
    await runner.start();
    await settle();
    t.equal((await verifyLedger(store)).ok, true, 'caught up');
  });

  await t.test('verifying while commands and projections keep committing', async (t) => {
    const busy = keepBusy(engine);
    for (let i = 0; i < 3; i++) {
      const r = await verifyLedger(store, { batchSize: 4 });
      t.equal(r.ok, true, formatReport(r).join('\n'));
    }
    t.ok((await busy.stop()) > 0);
    await settle();
    t.equal((await verifyLedger(store)).ok, true);
  });

  await t.test('postings appended around the engine', async (t) => {
    await engine.stop();
    // Money from nowhere: u1 gets 90 paise more than u2 gives.
    const [bad] = await store.append([
      {
        streamId: 'user-u2',
        expectedVersion: 'any',
        events: [
          forged('unbalanced', 'u2', 'm', 100, [
            { account: 'wallet:u2', amount: -100 },
            { account: 'wallet:m', amount: 190 },
          ]),
        ],
      },
    ]);
    await settle();
    let r = await verifyLedger(store);
    t.equal(r.differenceCount, 1, formatReport(r).join('\n'));
    t.match(r.differences[0], { kind: 'unbalanced', position: bad!.positions[0], actual: '90' });
    t.equal(r.sum, 90n);
    t.match(formatReport(r), [
      /^ledger FAILED: 1 difference \(\d+ events, 6 accounts, sum 90\)$/,
      /^ {2}unbalanced: position \d+: ChipsTransferred postings sum to 90/,
    ]);

    // Balanced, but u2 gives more than it has.
    const u2 = Number(
      (await store.sql.query<{ balance: string }>(`select balance from rm_users where user_id = 'u2'`)).rows[0]!
        .balance,
    );
    const [overdraft] = await store.append([
      {
        streamId: 'user-u2',
        expectedVersion: 'any',
        events: [
          forged('overdraft', 'u2', 'm', u2 + 1, [
            { account: 'wallet:u2', amount: -(u2 + 1) },
            { account: 'wallet:m', amount: u2 + 1 },
          ]),
        ],
      },
    ]);
    await settle();
    r = await verifyLedger(store);
    t.equal(r.differenceCount, 2, formatReport(r).join('\n'));
    t.match(r.differences[1], {
      kind: 'negative-balance',
      position: overdraft!.positions[0],
      account: 'wallet:u2',
      actual: '-1',
    });

    // Balanced and covered, but the postings pay someone the event does not name.
    const [misdirected] = await store.append([
      {
        streamId: 'user-m',
        expectedVersion: 'any',
        events: [
          forged('misdirected', 'm', 'u1', 50, [
            { account: 'wallet:m', amount: -50 },
            { account: 'wallet:s', amount: 50 },
          ]),
        ],
      },
    ]);
    await settle();
    r = await verifyLedger(store);
    t.equal(r.differenceCount, 3);
    t.match(r.differences[2], { kind: 'postings-mismatch', position: misdirected!.positions[0] });
  });
});

t.test(
  "third-party casino: wallet postings verify, the provider's account may go below zero, a debit posting elsewhere is found",
  async (t) => {
    const { store, engine } = await loggedEngine(t);
    const game = { provider: 'mg', gameId: 'roulette', gameName: 'European Roulette' };
    const calls: ProviderCommand[] = [
      { type: 'ProviderDebit', ...game, txnId: 'd1', userId: 'u1', roundId: 'r1', amount: 100_00, sessionUserId: 'u1' },
      { type: 'ProviderCredit', ...game, txnId: 'c1', userId: 'u1', roundId: 'r1', amount: 3_600_00 },
      { type: 'ProviderDebit', ...game, txnId: 'd2', userId: 'u1', roundId: 'r2', amount: 50_00, sessionUserId: 'u1' },
      { type: 'ProviderRollback', ...game, txnId: 'b2', betId: 'd2', userId: 'u1', roundId: 'r2', amount: 50_00 },
    ];
    for (const c of calls) t.equal((await engine.execute(env(c, null))).ok, true, `${c.type} ${c.txnId}`);
    const runner = await projected(t, store);
    let r = await verifyLedger(store);
    t.equal(r.ok, true, formatReport(r).join('\n'));
    t.equal(r.accounts, 7, "the provider's account is one more");
    const house = await store.sql.query<{ balance: string }>(
      `select balance from rm_ledger_balances where account = 'house:third-party:mg'`,
    );
    t.equal(Number(house.rows[0]!.balance), -3_500_00, 'below zero: the player won ₹3,500');

    await engine.stop();
    const misdirected: NewEvent = {
      eventId: 'forged-casino',
      type: 'ProviderDebited',
      schemaVersion: 1,
      data: {
        ...game,
        txnId: 'd9',
        userId: 'u1',
        roundId: 'r9',
        amount: 10_00,
        referenceId: 'x',
        balance: 0,
        postings: [
          { account: 'wallet:u1', amount: -10_00 },
          { account: 'wallet:s', amount: 10_00 },
        ],
      },
      metadata: {
        commandId: 'forged-casino',
        correlationId: 'forged',
        causationId: null,
        actor: null,
        ip: null,
        device: null,
        at: '2026-11-22T11:00:00.000Z',
      },
    };
    const [bad] = await store.append([
      { streamId: 'provider-round-mg-r9', expectedVersion: 'any', events: [misdirected] },
    ]);
    await runner.waitFor(await store.head());
    r = await verifyLedger(store);
    t.match(r, { differenceCount: 1, differences: [{ kind: 'postings-mismatch', position: bad!.positions[0] }] });
  },
);

t.test(
  'payments: a pending withdrawal is its hold; a decision journalled twice, or a hold moved by hand, is found',
  async (t) => {
    const { store, engine } = await loggedEngine(t);
    const steps: [Command, string][] = [
      [
        {
          type: 'AddBankAccount',
          accountId: 'bank-u1',
          accountHolderName: 'User One',
          accountNumber: '123456789012',
          ifscCode: 'SBIN0001234',
        },
        'u1',
      ],
      [{ type: 'RequestWithdrawal', requestId: 'w1', accountId: 'bank-u1', amount: 1_000_00, remark: '' }, 'u1'],
      [{ type: 'RequestWithdrawal', requestId: 'w2', accountId: 'bank-u1', amount: 500_00, remark: '' }, 'u1'],
      [{ type: 'ApprovePaymentRequest', requestId: 'w1', walletUserId: 'm', remark: '' }, 'm'],
    ];
    for (const [command, actor] of steps) t.equal((await engine.execute(env(command, actor))).ok, true, command.type);
    const runner = await projected(t, store);
    let r = await verifyLedger(store);
    t.equal(r.ok, true, formatReport(r).join('\n'));
    const hold = await store.sql.query<{ balance: string }>(
      `select balance from rm_ledger_balances where account = 'hold:u1'`,
    );
    t.equal(Number(hold.rows[0]!.balance), 500_00, 'hold:u1 is the pending w2');

    await engine.stop();
    const approved = (await store.readAll(0, 10_000)).find((e) => e.type === 'WithdrawalApproved')!;
    const [twice] = await store.append([
      {
        streamId: 'payment-w1',
        expectedVersion: 'any',
        events: [
          {
            eventId: 'forged-approval',
            type: approved.type,
            schemaVersion: approved.schemaVersion,
            data: approved.data,
            metadata: approved.metadata,
          },
        ],
      },
    ]);
    await runner.waitFor(await store.head());
    r = await verifyLedger(store);
    t.ok(
      r.differences.some(
        (d) => d.kind === 'payment-request' && d.position === twice!.positions[0] && /already decided/.test(d.message),
      ),
      formatReport(r).join('\n'),
    );
    t.ok(
      r.differences.some((d) => d.kind === 'hold-mismatch' && d.account === 'hold:u1'),
      'the second approval takes the hold below what is pending',
    );

    const { store: store2, engine: engine2 } = await loggedEngine(t);
    for (const [command, actor] of steps.slice(0, 2))
      t.equal((await engine2.execute(env(command, actor))).ok, true, command.type);
    await engine2.stop();
    const [byHand] = await store2.append([
      {
        streamId: 'user-u1',
        expectedVersion: 'any',
        events: [
          forged('into-hold', 'u1', 'm', 1_00, [
            { account: 'wallet:u1', amount: -1_00 },
            { account: 'hold:u1', amount: 1_00 },
          ]),
        ],
      },
    ]);
    r = await verifyLedger(store2);
    t.ok(
      r.differences.some(
        (d) =>
          d.kind === 'hold-mismatch' &&
          d.position === byHand!.positions[0] &&
          d.expected === '100000' &&
          d.actual === '100100',
      ),
      formatReport(r).join('\n'),
    );
  },
);

t.test('the CLI on a PGlite folder: exit codes and verdict line', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-verify-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const dataDir = join(dir, 'data');
  let store: EventStore = await openPGliteStore({ dataDir });
  const engine = await Engine.start({ store, log, snapshotEvery: 0 });
  const runner = new ProjectionRunner(store, allProjections, log);
  await runner.start();
  await buildLog(engine);
  const head = await store.head();
  await runner.waitFor(head);
  await runner.stop();
  await engine.stop();
  await store.close();

  let r = await runCli({ DATA_DIR: dataDir });
  t.equal(r.code, 0, r.stderr);
  t.equal(r.stdout, `ledger OK: ${head} events, 6 accounts, sum 0, 0 differences\n`);
  t.match(r.stderr, /projection users: checkpoint \d+ of \d+, at the head/);

  store = await openPGliteStore({ dataDir });
  await store.sql.query(`update rm_users set balance = balance + 1 where user_id = 'u1'`);
  await store.close();
  r = await runCli({ DATA_DIR: dataDir });
  t.equal(r.code, 1, r.stderr);
  t.match(
    r.stdout,
    /^ledger FAILED: 1 difference \(\d+ events, 6 accounts, sum 0\)\n {2}users-balance: rm_users.balance of user u1 is 749951, replay says 749950/,
  );

  r = await runCli({ DATA_DIR: join(dir, 'nothing-here') });
  t.equal(r.code, 2);
  t.equal(r.stdout, '');
  t.match(r.stderr, /cannot open the log: no event log in/);

  // A running (or crashed) embedded server leaves postmaster.pid: a second PGlite must not open the folder.
  writeFileSync(join(dataDir, 'postmaster.pid'), '-42\n');
  r = await runCli({ DATA_DIR: dataDir });
  t.equal(r.code, 2);
  t.match(r.stderr, /is in use \(postmaster.pid is there\): PGlite allows one process, so stop the server/);
  rmSync(join(dataDir, 'postmaster.pid'));

  r = await runCli({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
  t.equal(r.code, 2);
  t.match(r.stderr, /cannot open the log: .*ECONNREFUSED/);
});

t.test('progress bar: only for large logs, at most ~10 redraws a second on a terminal', async (t) => {
  let clock = 0;
  const writes: string[] = [];
  const tty = progressBar({ out: { isTTY: true, write: (s: string) => writes.push(s) }, now: () => clock });
  tty.update({ position: 5_000, head: 10_000, events: 5_000 });
  t.same(writes, [], 'a small log draws nothing');
  for (let p = 0; p <= 1_000_000; p += 1_000) {
    tty.update({ position: p, head: 1_000_000, events: p });
    clock += 10; // a batch every 10 ms: 10 s in all
  }
  tty.done();
  t.ok(writes.length <= 10_000 / 100 + 2, `${writes.length} redraws in 10 s`);
  t.ok(writes.length >= 90);
  t.match(writes.at(-2), /^\rledger: \[#{30}\] 100% 1,000,000\/1,000,000 events/, 'the last state is always drawn');
  t.equal(writes.at(-1), '\n');

  const lines: string[] = [];
  const plain = progressBar({ out: { write: (s: string) => lines.push(s) }, now: () => clock });
  for (let p = 0; p <= 50_000; p += 500) plain.update({ position: p, head: 50_000, events: p });
  plain.done();
  t.equal(lines.length, 11, 'a pipe gets one line per 10%');
  t.ok(lines.every((l) => l.endsWith('\n') && !l.includes('\r')));
});

t.test('PostgreSQL: verifies while the engine writes; the CLI reads DATABASE_URL', { skip: pgSkip() }, async (t) => {
  const pg = await startPostgres();
  t.teardown(() => pg.stop());
  const store = await openPostgresStore({ connectionString: pg.connectionString });
  t.teardown(() => store.close());
  const engine = await Engine.start({ store, log, snapshotEvery: 0 });
  const runner = new ProjectionRunner(store, allProjections, log);
  await runner.start();
  t.teardown(async () => {
    await runner.stop();
    await engine.stop();
  });
  await buildLog(engine);

  const busy = keepBusy(engine);
  for (let i = 0; i < 3; i++) {
    const r = await verifyLedger(store, { batchSize: 4 });
    t.equal(r.ok, true, formatReport(r).join('\n'));
  }
  t.ok((await busy.stop()) > 0);
  await runner.waitFor(await store.head());

  await store.sql.query(`update rm_ledger_balances set balance = balance + 1 where account = 'wallet:m'`);
  const r = await verifyLedger(store);
  t.match(r, { differenceCount: 1, differences: [{ kind: 'ledger-balance', account: 'wallet:m' }] });
  const cli = await runCli({ DATABASE_URL: pg.connectionString });
  t.equal(cli.code, 1, cli.stderr);
  t.match(
    cli.stdout,
    /^ledger FAILED: 1 difference \(\d+ events, 6 accounts, sum 0\)\n {2}ledger-balance: rm_ledger_balances of wallet:m is/,
  );
  await store.sql.query(`update rm_ledger_balances set balance = balance - 1 where account = 'wallet:m'`);
  const ok = await runCli({ DATABASE_URL: pg.connectionString });
  t.equal(ok.code, 0, ok.stderr);
  t.match(ok.stdout, /^ledger OK: \d+ events, 6 accounts, sum 0, 0 differences\n$/);
});

t.test(
  'casino settlements: house:casino may go below zero; a settlement that pays beyond its bets, or one bet twice, is found',
  async (t) => {
    const { store, engine } = await loggedEngine(t);
    // At the test vector's time (docs/casino.md): round 116250815181647.
    const run = async (command: Command, actor: string | null) => {
      const r = await engine.execute({ ...env(command, actor), at: '2025-08-15T12:46:47.000Z' });
      if (!r.ok) throw new Error(`${command.type} refused: ${r.refusal.message}`);
      return r.events;
    };
    // One Dragon Tiger round of the docs' test vector (Tiger wins); u1 backs Tiger, u2 (bet-locked) does not bet.
    const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
    await run({ type: 'SyncCasinoTables' }, null);
    const [opened] = await run(
      {
        type: 'OpenCasinoRound',
        tableCode: 'dt20',
        commitment: '6c86c6aac5fb24bcf5d9939cb7d7d5645ce39418f449e03b262dd4fa14b4b92b',
        bettingMs: 20_000,
      },
      null,
    );
    const mid = (opened!.data as { mid: string }).mid;
    t.equal(mid, '116250815181647');
    await run(
      {
        type: 'PlaceCasinoBet',
        betId: 'cb1',
        tableCode: 'dt20',
        mid,
        sid: 2,
        odds: 200,
        stake: 1_000_00,
        referenceId: 'cb1',
      },
      'u1',
    );
    await run({ type: 'CloseCasinoBetting', tableCode: 'dt20', mid }, null);
    await run({ type: 'DealCasinoRound', tableCode: 'dt20', mid, serverSeed: seed }, null);
    for (let i = 0; i < 2; i++) await run({ type: 'RevealCasinoCard', tableCode: 'dt20', mid }, null);
    const settled = (await run({ type: 'SettleCasinoRound', tableCode: 'dt20', mid }, null)).find(
      (e) => e.type === 'CasinoRoundSettled',
    )!;
    t.same((settled.data as { postings: unknown }).postings, [
      { account: 'wallet:u1', amount: 1_000_00 },
      { account: 'house:casino', amount: -1_000_00 },
    ]);
    const runner = await projected(t, store);
    const clean = await verifyLedger(store);
    t.equal(clean.ok, true, formatReport(clean).join('\n'));
    t.match(clean, { accounts: 7, sum: 0n });

    // Written straight into the log: the same bet settled again, and paying 1 paisa more than the bet won.
    const again: NewEvent = {
      eventId: 'forged-casino',
      type: 'CasinoRoundSettled',
      schemaVersion: 1,
      data: {
        ...(settled.data as object),
        bets: [{ betId: 'cb1', outcome: 'win', pnl: 1_000_00 }],
        postings: [
          { account: 'wallet:u1', amount: 1_000_01 },
          { account: 'house:casino', amount: -1_000_01 },
        ],
      },
      metadata: {
        commandId: 'forged-casino',
        correlationId: 'forged',
        causationId: null,
        actor: null,
        ip: null,
        device: null,
        at: '2026-11-22T11:00:00.000Z',
      },
    };
    const [position] = (await store.append([{ streamId: 'casino-dt20', expectedVersion: 'any', events: [again] }]))[0]!
      .positions;
    // And a bet placed, then paid one paisa more than its settlement says it won.
    const meta = (id: string) => ({
      commandId: id,
      correlationId: 'forged',
      causationId: null,
      actor: null,
      ip: null,
      device: null,
      at: '2026-11-22T11:00:00.000Z',
    });
    const placed: NewEvent = {
      eventId: 'forged-bet',
      type: 'CasinoBetPlaced',
      schemaVersion: 1,
      metadata: meta('forged-bet'),
      data: {
        betId: 'cb2',
        userId: 'u1',
        tableCode: 'dt20',
        mid,
        sid: 1,
        selectionName: 'Dragon',
        odds: 200,
        stake: 500_00,
        totalExposure: 500_00,
        balance: 0,
        referenceId: 'cb2',
      },
    };
    const overpaid: NewEvent = {
      eventId: 'forged-pay',
      type: 'CasinoRoundSettled',
      schemaVersion: 1,
      metadata: meta('forged-pay'),
      data: {
        ...(settled.data as object),
        bets: [{ betId: 'cb2', outcome: 'win', pnl: 500_00 }],
        postings: [
          { account: 'wallet:u1', amount: 500_01 },
          { account: 'house:casino', amount: -500_01 },
        ],
        exposures: [],
      },
    };
    const [, paid] = (
      await store.append([{ streamId: 'casino-dt20', expectedVersion: 'any', events: [placed, overpaid] }])
    )[0]!.positions;
    await runner.waitFor(await store.head());
    const r = await verifyLedger(store);
    t.equal(r.ok, false);
    t.match(r.differences, [
      {
        kind: 'postings-mismatch',
        position,
        message: `position ${position}: CasinoRoundSettled settles bet cb1, which was never placed or is already settled`,
      },
      {
        kind: 'postings-mismatch',
        position: paid,
        message: `position ${paid}: CasinoRoundSettled of ${mid} posts wallet:u1 50001, house:casino -50001`,
      },
    ]);
  },
);
