/**
 * The seamless wallet under faults, with real processes: the operator (scripts/start.ts, embedded
 * PGlite) and the game provider (services/game-provider) are separate processes, and every wallet
 * call goes through a proxy that answers late, loses answers and holds calls back. After every
 * fault the ledger must verify and the provider's round log must reconcile with it; a difference
 * made on purpose must be reported.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { walletPaths } from '@exch/contracts';
import { signProviderCall } from '@exch/contracts/node';
import { DEMO_TRANSACTION_PASSWORD } from '@exch/server';
import { readRounds, ROUNDS_FILE, type Round } from '@exch/game-provider';
import { freePort } from '../../infra/postgres/cluster.js';
import { copyEmptyCluster } from '../../services/eventstore/test-support/empty-cluster.js';
import { caller } from '../helpers/api.js';
import { ensureWebBuilt } from '../helpers/browser.js';
import { eventually, startProcess, type Member } from '../helpers/cluster.js';
import { FaultProxy, type Call } from '../helpers/fault-proxy.js';
import { runScript } from '../helpers/script.js';
import type { TestServer } from '../helpers/server.js';

ensureWebBuilt();
const dir = mkdtempSync(join(tmpdir(), 'intl-faults-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const dataDir = join(dir, 'data');
const providerDir = join(dir, 'provider');
const logDir = join(dir, 'logs');
const secret = randomBytes(32).toString('hex');
const [opPort, gpPort] = [await freePort(), await freePort()];
const gp = `http://127.0.0.1:${gpPort}`;

// The operator opens a copied empty cluster as a new one, without initdb.
await copyEmptyCluster(dataDir);
const proxy = await FaultProxy.start(`http://127.0.0.1:${opPort}`);
t.teardown(() => proxy.close());
const operator = await startProcess({
  role: 'operator',
  name: 'operator',
  script: 'scripts/start.ts',
  port: opPort,
  logDir,
  env: { DATA_DIR: dataDir, FEED: 'off', PROVIDER_URL: gp, PROVIDER_SECRET: secret, LOG_LEVEL: 'warn' },
});
// The provider gives up on an attempt after 0.8 s and makes 3; open rounds are looked at every 0.3 s.
const startProvider = () =>
  startProcess({
    role: 'provider',
    name: 'provider',
    script: 'services/game-provider/src/main.ts',
    port: gpPort,
    logDir,
    env: {
      PROVIDER_SECRET: secret,
      OPERATOR_URL: proxy.url,
      OPERATOR_ORIGINS: `http://localhost:${opPort}`,
      PROVIDER_DATA_DIR: providerDir,
      WALLET_TIMEOUT_MS: '800',
      WALLET_ATTEMPTS: '3',
      RECOVER_EVERY_MS: '300',
      LOG_LEVEL: 'info',
    },
  });
let provider: Member = await startProvider();
t.teardown(async () => {
  await provider.stop().catch(() => {});
  await operator.stop().catch(() => {});
});

const { call, tokenOf } = caller({ url: operator.url } as TestServer);
const tokens: Record<string, string> = {};
const token = async (username: string) => (tokens[username] ??= await tokenOf(username, false));

/** A launch of one game for a player, as the operator's frame gets it. */
async function launch(username: string, gameId: string): Promise<string> {
  const r = await call(
    'POST',
    `/api/qt/games/${gameId}/launch`,
    { playerId: username, currency: 'INR' },
    await token(username),
  );
  if (r.status !== 200) throw new Error(`launch: ${r.status} ${JSON.stringify(r.body)}`);
  return new URL(r.body.data.url).searchParams.get('t')!;
}

const play = async (session: string, gameId: string, bet: unknown) => {
  const r = await fetch(`${gp}/api/rounds/${gameId}`, {
    method: 'POST',
    headers: { 'x-session-token': session, 'content-type': 'application/json' },
    body: JSON.stringify(bet),
  });
  return {
    status: r.status,
    body: (await r.json()) as { roundId?: string; win?: number; message?: string; code?: string },
  };
};

/** ₹100 on red, ₹100 on black, ₹10 on zero: a win (₹200 or ₹360) whatever the ball does. */
const SURE_WIN = {
  bets: [
    { type: 'red', amount: 100_00 },
    { type: 'black', amount: 100_00 },
    { type: 'straight', number: 0, amount: 10_00 },
  ],
};

const paise = async (username: string): Promise<{ balance: number; exposure: number }> => {
  const u = (await call('GET', '/api/users/profile', undefined, await token(username))).body;
  return { balance: Math.round(u.balance.balance * 100), exposure: Math.round(u.balance.exposer * 100) };
};
/** The read side folds the wallet's events a moment after it answers: wait for the balance. */
const balanceBecomes = (username: string, expected: number) =>
  eventually(
    `${username}'s balance to be ${expected}`,
    async () => (await paise(username)).balance === expected,
    10_000,
  );

const statementRows = async (username: string, roundId: string): Promise<string[]> =>
  (
    (await call('GET', '/api/transactions/statement?limit=100', undefined, await token(username))).body.data as {
      description: string;
    }[]
  )
    .map((r) => r.description)
    .filter((d) => d.includes(`round ${roundId}:`));

const rounds = (): Map<string, Round> => readRounds(join(providerDir, ROUNDS_FILE));
const lastRound = (playerId: string): Round => [...rounds().values()].filter((r) => r.playerId === playerId).at(-1)!;
const userId = async (username: string): Promise<string> =>
  (await call('GET', '/api/users/profile', undefined, await token(username))).body._id;

const isDebit = (c: Call, playerId: string) => c.json?.txnType === 'DEBIT' && c.json.playerId === playerId;
const isCredit = (c: Call, playerId: string) => c.json?.txnType === 'CREDIT' && c.json.playerId === playerId;
const isRollback = (c: Call, playerId: string) => c.url === walletPaths.rollback && c.json?.playerId === playerId;
/** Waits for a call since `from` (an index into proxy.calls) that matches, answered by the operator if `answered`. */
const untilProxied = (what: string, from: number, match: (c: Call) => boolean, answered = false) =>
  eventually(
    what,
    async () => proxy.calls.slice(from).some((c) => match(c) && (!answered || c.status !== null)),
    15_000,
  );
const closed = (roundId: string) =>
  eventually(
    `round ${roundId} to close at the provider`,
    async () =>
      !['debiting', 'playing', 'crediting', 'rolling-back'].includes(rounds().get(roundId)?.status ?? 'debiting'),
    20_000,
  );

const p1 = await userId('player1');
const p2 = await userId('player2');
const p3 = await userId('player3');

t.test(
  'the wallet answers slowly: the provider retries the DEBIT with its txnId, and the stake is taken once',
  async (t) => {
    const session = await launch('player1', 'european-roulette');
    const before = (await paise('player1')).balance;
    let first = true;
    proxy.rule = (c) =>
      isDebit(c, p1) && first ? ((first = false), { kind: 'late-answer', ms: 2_000 }) : { kind: 'pass' };
    const r = await play(session, 'european-roulette', { bets: [{ type: 'red', amount: 100_00 }] });
    proxy.rule = () => ({ kind: 'pass' });
    t.equal(r.status, 200, JSON.stringify(r.body));
    const round = rounds().get(r.body.roundId!)!;
    const attempts = proxy.calls.filter((c) => c.json?.txnId === round.debitTxnId);
    t.ok(attempts.length >= 2, `the DEBIT was sent ${attempts.length} times`);
    t.ok(
      attempts.every((c) => c.body === attempts[0]!.body),
      'every attempt the same body (same txnId)',
    );
    await balanceBecomes('player1', before - 100_00 + r.body.win!);
    t.same(
      (await statementRows('player1', round.roundId)).filter((d) => d.endsWith(': bet')),
      [`European Roulette, round ${round.roundId}: bet`],
      'one bet on the statement',
    );
  },
);

t.test("the DEBIT's answer is lost every time: the provider rolls the stake back, returned once", async (t) => {
  const session = await launch('player1', 'european-roulette');
  const before = (await paise('player1')).balance;
  proxy.rule = (c) => (isDebit(c, p1) ? { kind: 'lose-answer' } : { kind: 'pass' });
  const r = await play(session, 'european-roulette', { bets: [{ type: 'odd', amount: 250_00 }] });
  proxy.rule = () => ({ kind: 'pass' });
  t.equal(r.status, 503);
  t.match(r.body.message, /round was cancelled/);
  const round = lastRound(p1);
  t.equal(round.status, 'rolled-back');
  t.equal(
    proxy.calls.filter((c) => c.json?.txnId === round.debitTxnId).length,
    3,
    'three attempts, each taken by the wallet once at most',
  );
  await balanceBecomes('player1', before);
  t.same(await statementRows('player1', round.roundId), [
    `European Roulette, round ${round.roundId}: stake returned`,
    `European Roulette, round ${round.roundId}: bet`,
  ]);
});

t.test('a duplicate CREDIT (its answer lost, then sent again, then replayed) is paid once', async (t) => {
  const session = await launch('player1', 'european-roulette');
  const before = (await paise('player1')).balance;
  let first = true;
  proxy.rule = (c) => (isCredit(c, p1) && first ? ((first = false), { kind: 'lose-answer' }) : { kind: 'pass' });
  const r = await play(session, 'european-roulette', SURE_WIN);
  proxy.rule = () => ({ kind: 'pass' });
  t.equal(r.status, 200, JSON.stringify(r.body));
  const round = rounds().get(r.body.roundId!)!;
  t.equal(round.status, 'settled');
  t.equal(proxy.calls.filter((c) => c.json?.txnId === round.creditTxnId).length, 2);
  // The provider sends the same CREDIT once more (a replay from its own retry queue): the first answer again.
  const credit = proxy.calls.find((c) => c.json?.txnId === round.creditTxnId)!;
  const again = await fetch(`${operator.url}${walletPaths.transactions}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...signProviderCall(secret, { method: 'POST', url: walletPaths.transactions, body: credit.body }),
    },
    body: credit.body,
  });
  t.equal(again.status, 201);
  t.equal(
    ((await again.json()) as { referenceId: string }).referenceId,
    round.references[round.creditTxnId!],
    "the first answer's reference",
  );
  await balanceBecomes('player1', before - 210_00 + r.body.win!);
  t.same(
    (await statementRows('player1', round.roundId)).filter((d) => d.endsWith(': win')),
    [`European Roulette, round ${round.roundId}: win`],
    'one win on the statement',
  );
});

t.test('a rollback racing a CREDIT: exactly one of them moves money', async (t) => {
  const session = await launch('player2', 'european-roulette');
  const statuses: string[] = [];
  for (let i = 0; i < 6; i++) {
    const before = (await paise('player2')).balance;
    // Both held, then let go together; every other round the rollback is let go a tick first.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const rollbackFirst = i % 2 === 1;
    const after = released.then(() => new Promise<void>((r) => setImmediate(r)));
    proxy.rule = (c) =>
      isCredit(c, p2)
        ? { kind: 'hold', release: rollbackFirst ? after : released }
        : isRollback(c, p2)
          ? { kind: 'hold', release: released }
          : { kind: 'pass' };
    const mark = proxy.calls.length;
    const playing = play(session, 'european-roulette', SURE_WIN);
    await untilProxied('the CREDIT held', mark, (c) => isCredit(c, p2));
    const round = lastRound(p2);
    // The provider's staff cancel the round while its CREDIT is on its way: both reach the wallet together.
    const url = `/ops/rounds/${round.roundId}/cancel`;
    const cancelling = fetch(gp + url, {
      method: 'POST',
      headers: signProviderCall(secret, { method: 'POST', url, body: '' }),
    });
    await untilProxied('the rollback held', mark, (c) => c.json?.txnId === `${round.roundId}-R`);
    release();
    await Promise.all([playing, cancelling]);
    proxy.rule = () => ({ kind: 'pass' });
    await closed(round.roundId);
    const credit = proxy.calls.find((c) => c.json?.txnId === `${round.roundId}-C`)!;
    const rollback = proxy.calls.find((c) => c.json?.txnId === `${round.roundId}-R`)!;
    t.same(
      [credit.status, rollback.status].filter((s) => s === 201).length,
      1,
      `round ${i + 1}: one of CREDIT (${credit.status}) and rollback (${rollback.status}) taken`,
    );
    const status = rounds().get(round.roundId)!.status;
    t.ok(status === 'settled' || status === 'rolled-back', `the provider's round is ${status}`);
    const rows = await statementRows('player2', round.roundId);
    const win = rounds().get(round.roundId)!.win!;
    if (status === 'settled') {
      t.same(
        rows.filter((d) => !d.endsWith(': bet')),
        [`European Roulette, round ${round.roundId}: win`],
      );
      await balanceBecomes('player2', before - 210_00 + win);
    } else {
      t.same(
        rows.filter((d) => !d.endsWith(': bet')),
        [`European Roulette, round ${round.roundId}: stake returned`],
      );
      await balanceBecomes('player2', before);
    }
    statuses.push(status);
    t.comment(`round ${i + 1}: ${status}`);
  }
  t.ok(statuses.includes('settled') && statuses.includes('rolled-back'), `each has won a race: ${statuses.join(', ')}`);
});

t.test('the provider killed mid-round', async (t) => {
  const restart = async () => {
    await provider.kill();
    provider = await startProvider();
  };

  await t.test(
    'before its DEBIT reached the wallet: on restart the rollback finds nothing (void), and the late DEBIT is refused',
    async (t) => {
      const session = await launch('player3', 'lotus-sevens');
      const before = await paise('player3');
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      proxy.rule = (c) => (isDebit(c, p3) ? { kind: 'hold', release: released } : { kind: 'pass' });
      const mark = proxy.calls.length;
      void play(session, 'lotus-sevens', { stake: 500_00 }).catch(() => {});
      await untilProxied('the DEBIT held', mark, (c) => isDebit(c, p3));
      const round = lastRound(p3);
      await restart();
      await closed(round.roundId);
      t.equal(rounds().get(round.roundId)!.status, 'void');
      release();
      await untilProxied('the late DEBIT answered', mark, (c) => c.json?.txnId === round.debitTxnId, true);
      proxy.rule = () => ({ kind: 'pass' });
      t.equal(
        proxy.calls.find((c) => c.json?.txnId === round.debitTxnId)!.status,
        400,
        'refused: it was rolled back before it arrived',
      );
      t.same(await paise('player3'), before, 'nothing taken, nothing held');
      t.same(await statementRows('player3', round.roundId), []);
    },
  );

  await t.test('after its DEBIT was taken, before any result: on restart the stake is rolled back', async (t) => {
    const session = await launch('player3', 'lotus-sevens');
    const before = (await paise('player3')).balance;
    proxy.rule = (c) => (isDebit(c, p3) ? { kind: 'late-answer', ms: 60_000 } : { kind: 'pass' });
    const mark = proxy.calls.length;
    void play(session, 'lotus-sevens', { stake: 300_00 }).catch(() => {});
    await untilProxied('the DEBIT taken', mark, (c) => isDebit(c, p3), true);
    const round = lastRound(p3);
    // Killed while it waits for the answer (its retries would get it late too).
    await restart();
    await closed(round.roundId);
    proxy.rule = () => ({ kind: 'pass' });
    t.equal(rounds().get(round.roundId)!.status, 'rolled-back');
    await balanceBecomes('player3', before);
    t.same(await statementRows('player3', round.roundId), [
      `Lotus Sevens, round ${round.roundId}: stake returned`,
      `Lotus Sevens, round ${round.roundId}: bet`,
    ]);
  });

  await t.test(
    'after the result, before its CREDIT was answered: on restart the CREDIT is sent again under its id and paid once',
    async (t) => {
      const session = await launch('player3', 'european-roulette');
      const before = (await paise('player3')).balance;
      proxy.rule = (c) => (isCredit(c, p3) ? { kind: 'late-answer', ms: 60_000 } : { kind: 'pass' });
      const mark = proxy.calls.length;
      void play(session, 'european-roulette', SURE_WIN).catch(() => {});
      await untilProxied('the CREDIT paid', mark, (c) => isCredit(c, p3), true);
      const round = lastRound(p3);
      await restart();
      proxy.rule = () => ({ kind: 'pass' });
      await closed(round.roundId);
      const settled = rounds().get(round.roundId)!;
      t.equal(settled.status, 'settled');
      t.ok(proxy.calls.filter((c) => c.json?.txnId === round.creditTxnId).length >= 2, 'sent again after the restart');
      await balanceBecomes('player3', before - 210_00 + settled.win!);
      t.same(
        (await statementRows('player3', round.roundId)).filter((d) => d.endsWith(': win')),
        [`European Roulette, round ${round.roundId}: win`],
        'paid once',
      );
    },
  );
});

t.test('a DEBIT larger than available: INSUFFICIENT_FUNDS, nothing held', async (t) => {
  const session = await launch('player3', 'lotus-sevens');
  const before = await paise('player3');
  const r = await play(session, 'lotus-sevens', { stake: before.balance + 100 });
  t.equal(r.status, 400);
  t.match(r.body, { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance' });
  const round = lastRound(p3);
  t.equal(round.status, 'refused');
  t.same(await paise('player3'), before, 'balance and exposure as they were');
  t.same(await statementRows('player3', round.roundId), []);
});

t.test('a blocked account: ACCOUNT_BLOCKED, nothing taken', async (t) => {
  const session = await launch('player2', 'rocket');
  const dealer = await tokenOf('dealer1');
  const lock = (betLocked: boolean) =>
    call('PUT', `/api/users/${p2}/lock`, { betLocked, transactionPassword: DEMO_TRANSACTION_PASSWORD }, dealer);
  t.equal((await lock(true)).status, 200);
  const before = await paise('player2');
  const r = await play(session, 'rocket', { stake: 100_00, target: 200 });
  t.equal(r.status, 403);
  t.match(r.body, { code: 'ACCOUNT_BLOCKED' });
  t.equal(lastRound(p2).status, 'refused');
  t.same(await paise('player2'), before);
  t.equal((await lock(false)).status, 200);
  const after = await play(session, 'rocket', { stake: 100_00, target: 200 });
  t.equal(after.status, 200, 'unblocked, the player plays again');
});

t.test(
  'after all of them: ledger:verify passes, reconciliation finds no difference, and finds one made on purpose',
  async (t) => {
    await eventually(
      'no round open at the provider',
      async () => ((await (await fetch(`${gp}/health`)).json()) as { openRounds: number }).openRounds === 0,
      20_000,
    );
    await provider.stop();
    await operator.stop();
    const env = { DATA_DIR: dataDir, PROVIDER_DATA_DIR: providerDir };
    const verify = await runScript('scripts/ledger-verify.ts', [], env);
    t.equal(verify.code, 0, verify.stdout + verify.stderr);
    t.match(verify.stdout, /^ledger OK: /);
    const clean = await runScript('scripts/casino-reconcile.ts', [], env);
    t.equal(clean.code, 0, clean.stdout + clean.stderr);
    t.match(
      clean.stdout,
      /^reconcile OK: \d+ rounds at the provider \(0 open\), \d+ money transactions at the operator, 0 differences/,
    );

    // Break one: the provider's log says a settled round won ₹1 more than the wallet paid.
    const path = join(providerDir, ROUNDS_FILE);
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    const settled = [...rounds().values()].find((r) => r.status === 'settled')!;
    const i = lines.findIndex((l) => l.includes('"kind":"outcome"') && l.includes(`"roundId":"${settled.roundId}"`));
    const outcome = JSON.parse(lines[i]!) as { win: number };
    lines[i] = JSON.stringify({ ...outcome, win: outcome.win + 100 });
    writeFileSync(path, lines.join('\n') + '\n');
    const broken = await runScript('scripts/casino-reconcile.ts', [], env);
    t.equal(broken.code, 1, broken.stdout + broken.stderr);
    t.match(broken.stdout, /^reconcile FAILED: 1 difference/);
    t.match(
      broken.stdout,
      new RegExp(
        `mismatch: round ${settled.roundId}: ${settled.creditTxnId} at the operator has amount ₹[\\d,.]+ \\(provider: ₹[\\d,.]+\\)`,
      ),
    );
  },
);
