/** Rounds against the wallet: the log written before each call, rollbacks and retried credits, restarts, and the wallet client's retries. */
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import pino from 'pino';
import type { DebitCredit, OperatorWallet, Rollback, WalletReceipt } from '@exch/contracts';
import { ProviderCallVerifier } from '@exch/contracts/node';
import { foldRound, RoundLog, ROUNDS_FILE, type Round } from '../src/rounds/round-log.js';
import { PlayError, RoundRunner } from '../src/rounds/runner.js';
import { WalletClient, WalletRefused, WalletUnreachable } from '../src/rounds/wallet-client.js';

const log = pino({ level: 'silent' });
const dir = mkdtempSync(join(tmpdir(), 'provider-rounds-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));

type Script = (call: DebitCredit | Rollback, kind: 'DEBIT' | 'CREDIT' | 'ROLLBACK') => WalletReceipt | Error;
/** A wallet that does what the test says, and remembers every call. */
class FakeWallet implements OperatorWallet {
  calls: { kind: string; txnId: string; amount: number }[] = [];
  constructor(public script: Script) {}
  async session() {
    return { balance: 0, currency: 'INR' as const };
  }
  async balance() {
    return { balance: 0, currency: 'INR' as const };
  }
  private async answer(call: DebitCredit | Rollback, kind: 'DEBIT' | 'CREDIT' | 'ROLLBACK'): Promise<WalletReceipt> {
    this.calls.push({ kind, txnId: call.txnId, amount: call.amount });
    const a = this.script(call, kind);
    if (a instanceof Error) throw a;
    return a;
  }
  transaction(body: DebitCredit) {
    return this.answer(body, body.txnType);
  }
  rollback(body: Rollback) {
    return this.answer(body, 'ROLLBACK');
  }
}

const ok: Script = (c) => ({ balance: 1_000, referenceId: `ref-${c.txnId}` });
const game = (decide = () => ({ outcome: 'o', win: 300 })) => ({
  gameId: 'rocket',
  playerId: 'p1',
  walletSessionId: 'ws',
  stake: 100,
  bet: { stake: 100 },
  decide,
});

t.test('a round: DEBIT, outcome, CREDIT, each written to the log before its call', async (t) => {
  const path = join(dir, 'a', ROUNDS_FILE);
  const wallet = new FakeWallet(ok);
  const r = await new RoundRunner(new RoundLog(path), wallet, log).play(game());
  t.match(r, { win: 300, winPending: false, round: { status: 'settled' } });
  t.same(
    wallet.calls.map((c) => [c.kind, c.txnId, c.amount]),
    [
      ['DEBIT', `${r.round.roundId}-D`, 100],
      ['CREDIT', `${r.round.roundId}-C`, 300],
    ],
  );
  t.same(
    new RoundLog(path).rounds.get(r.round.roundId)!.references,
    { [`${r.round.roundId}-D`]: `ref-${r.round.roundId}-D`, [`${r.round.roundId}-C`]: `ref-${r.round.roundId}-C` },
    'read back from the file',
  );
});

t.test('a DEBIT refused: no outcome, nothing to give back', async (t) => {
  const wallet = new FakeWallet((c, kind) =>
    kind === 'DEBIT' ? new WalletRefused('INSUFFICIENT_FUNDS', 'Insufficient balance', 50) : ok(c, kind),
  );
  const runner = new RoundRunner(new RoundLog(join(dir, 'b', ROUNDS_FILE)), wallet, log);
  await t.rejects(runner.play(game()), new PlayError(400, 'Insufficient balance', 'INSUFFICIENT_FUNDS'));
  t.same(
    wallet.calls.map((c) => c.kind),
    ['DEBIT'],
  );
});

t.test("a DEBIT unanswered: rolled back under the DEBIT's id, no outcome drawn", async (t) => {
  let drawn = false;
  const wallet = new FakeWallet((c, kind) => (kind === 'DEBIT' ? new WalletUnreachable('timed out') : ok(c, kind)));
  const roundLog = new RoundLog(join(dir, 'c', ROUNDS_FILE));
  await t.rejects(new RoundRunner(roundLog, wallet, log).play(game(() => ((drawn = true), { outcome: 'o', win: 1 }))), {
    code: 'WALLET_UNAVAILABLE',
  });
  t.equal(drawn, false);
  const [round] = [...roundLog.rounds.values()];
  t.equal(round!.status, 'rolled-back');
  t.same(
    wallet.calls.map((c) => [c.kind, c.txnId]),
    [
      ['DEBIT', round!.debitTxnId],
      ['ROLLBACK', `${round!.roundId}-R`],
    ],
  );
});

t.test('a CREDIT unanswered: the player sees the result, and recovery pays it under the same id', async (t) => {
  let down = true;
  const wallet = new FakeWallet((c, kind) =>
    kind === 'CREDIT' && down ? new WalletUnreachable('timed out') : ok(c, kind),
  );
  const runner = new RoundRunner(new RoundLog(join(dir, 'd', ROUNDS_FILE)), wallet, log);
  const r = await runner.play(game());
  t.match(r, { win: 300, winPending: true, round: { status: 'crediting' } });
  down = false;
  t.equal(await runner.recover(), true, 'nothing left open');
  t.equal(r.round.status, 'settled');
  t.same(
    wallet.calls.filter((c) => c.kind === 'CREDIT').map((c) => c.txnId),
    [r.round.creditTxnId, r.round.creditTxnId],
  );
});

t.test(
  'after a crash: a round that was debiting or had no result is rolled back, one with a result is credited',
  async (t) => {
    const path = join(dir, 'e', ROUNDS_FILE);
    const before = new RoundLog(path);
    const at = new Date().toISOString();
    const open = (roundId: string) =>
      before.write({
        kind: 'open',
        roundId,
        at,
        gameId: 'rocket',
        playerId: 'p1',
        walletSessionId: 'ws',
        stake: 100,
        bet: {},
        debitTxnId: `${roundId}-D`,
      });
    open('r1');
    open('r2');
    before.write({ kind: 'debited', roundId: 'r2', at, referenceId: 'x', balance: 0 });
    open('r3');
    before.write({ kind: 'debited', roundId: 'r3', at, referenceId: 'x', balance: 0 });
    before.write({ kind: 'outcome', roundId: 'r3', at, outcome: {}, win: 250, creditTxnId: 'r3-C' });
    before.close();
    const wallet = new FakeWallet(ok);
    const after = new RoundLog(path);
    t.equal(await new RoundRunner(after, wallet, log).recover(), true);
    t.same(
      wallet.calls.map((c) => [c.kind, c.txnId, c.amount]),
      [
        ['ROLLBACK', 'r1-R', 100],
        ['ROLLBACK', 'r2-R', 100],
        ['CREDIT', 'r3-C', 250],
      ],
    );
    t.same(
      [...after.rounds.values()].map((r) => r.status),
      ['rolled-back', 'rolled-back', 'settled'],
    );
  },
);

t.test('the log folds a CREDIT and a rollback that raced, in either order, to the one the wallet took', async (t) => {
  const at = '2026-11-24T00:00:00.000Z';
  const start = (rounds: Map<string, Round>) => {
    foldRound(rounds, {
      kind: 'open',
      roundId: 'r',
      at,
      gameId: 'g',
      playerId: 'p',
      walletSessionId: 'w',
      stake: 1,
      bet: null,
      debitTxnId: 'r-D',
    });
    foldRound(rounds, { kind: 'debited', roundId: 'r', at, referenceId: 'd', balance: 0 });
    foldRound(rounds, { kind: 'outcome', roundId: 'r', at, outcome: null, win: 2, creditTxnId: 'r-C' });
    foldRound(rounds, { kind: 'rollback', roundId: 'r', at, rollbackTxnId: 'r-R', reason: 'cancelled' });
    return rounds;
  };
  const creditWon = start(new Map());
  foldRound(creditWon, { kind: 'credited', roundId: 'r', at, referenceId: 'c', balance: 2 });
  foldRound(creditWon, {
    kind: 'rollback-refused',
    roundId: 'r',
    at,
    status: 'REQUEST_DECLINED',
    message: 'The round is already settled',
  });
  t.equal(creditWon.get('r')!.status, 'settled');
  const rollbackWon = start(new Map());
  foldRound(rollbackWon, { kind: 'rolled-back', roundId: 'r', at, referenceId: 'b', balance: 1 });
  foldRound(rollbackWon, {
    kind: 'credit-refused',
    roundId: 'r',
    at,
    status: 'REQUEST_DECLINED',
    message: "The round's stakes were given back",
  });
  t.equal(rollbackWon.get('r')!.status, 'rolled-back');
});

t.test('the wallet client: signed calls, a timeout retried with the same body, a 4xx is an answer', async (t) => {
  const secret = 's'.repeat(64);
  const verifier = new ProviderCallVerifier(secret);
  const seen: string[] = [];
  let behaviour: 'slow-once' | 'refuse' | 'error' = 'slow-once';
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push(body);
      const verdict = verifier.verify(req.headers, { method: req.method!, url: req.url!, body });
      if (!verdict.ok) return res.writeHead(401).end(JSON.stringify({ message: verdict.reason }));
      const reply = (status: number, answer: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      if (behaviour === 'refuse')
        return reply(400, { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance', balance: 7 });
      if (behaviour === 'error') return reply(503, { message: 'The engine is restarting' });
      if (seen.length === 1) setTimeout(() => reply(201, { balance: 1, referenceId: 'late' }), 500);
      else reply(201, { balance: 1, referenceId: 'ref' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  t.teardown(() => new Promise<void>((r) => server.close(() => r())));
  const client = new WalletClient({
    operatorUrl: () => `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    secret,
    timeoutMs: 200,
    attempts: 3,
    log,
  });
  const body: DebitCredit = {
    txnType: 'DEBIT',
    txnId: 't1',
    playerId: 'p',
    roundId: 'r',
    gameId: 'g',
    amount: 5,
    currency: 'INR',
    walletSessionId: 'ws',
  };
  t.same(await client.transaction(body), { balance: 1, referenceId: 'ref' });
  t.equal(seen.length, 2);
  t.equal(seen[0], seen[1], 'the retry is the same request');
  behaviour = 'refuse';
  await t.rejects(client.transaction(body), new WalletRefused('INSUFFICIENT_FUNDS', 'Insufficient balance', 7));
  t.equal(seen.length, 3, 'a refusal is not retried');
  behaviour = 'error';
  await t.rejects(client.transaction(body), { name: 'WalletUnreachable', message: /in 3 attempts: Error: HTTP 503/ });
  t.equal(seen.length, 6, 'a 5xx is: three attempts');
});
