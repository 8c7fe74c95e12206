/**
 * The ledger check of DESIGN.md rule 2: replays the whole log and proves that
 *
 *  (a) every money event's postings sum to zero (and agree with the event's own amount and parties;
 *      a casino round's with the bets placed on it: each bettor's net, never more lost than staked);
 *  (b) no account but `mint`, `house:pnl`, `house:casino` and the third-party casino accounts
 *      (`house:third-party:{provider}`) is ever below zero after an event (a revoked result may leave
 *      a wallet below zero: the winnings it takes back may be spent);
 *  (c) every projected balance (the ledger's per account, the users read model's per wallet) equals the replay;
 *  (d) the ledger read model's postings are exactly the replayed postings (account, amount, owner), so the running
 *      balance a statement sums from them is the replayed one;
 *  (e) every payment request is decided at most once, by an event that names its own player, type and
 *      amount, and each `hold:{user}` account equals that user's pending withdrawals after every
 *      event (docs/payments.md): a hold is released or paid exactly once, never created from nothing.
 *
 * It reads the log and the read models only (it never writes), and folds the postings itself
 * instead of calling the engine's evolve: a check that shared the engine's code would share its bugs.
 * Each read model is compared at its own checkpoint (./read-models.ts says why).
 */
import { MINT_ACCOUNT, partitionOf, type EventStore, type StoredEvent } from '@exch/contracts';
import { entriesAt, entriesBetween, hasLedgerEntries } from '@exch/projector/read';
import { DECIDED, paymentRequests, REQUESTED } from './payment-requests.js';
import {
  casinoPostings,
  HOLD_PREFIX,
  HOUSE_CASINO,
  HOUSE_PNL,
  impliedPostings,
  MAY_OVERDRAW,
  postingsOf,
  THIRD_PARTY_PREFIX,
  WALLET_PREFIX,
  type OpenCasinoBets,
} from './postings.js';
import { readModelChecks, readProjections, type ExpectedLeg } from './read-models.js';
import { fmt, type Difference, type LedgerReport, type VerifyOptions } from './report.js';

/** Replays the whole log (up to its head when called) and compares the read models with it. */
export async function verifyLedger(store: EventStore, options: VerifyOptions = {}): Promise<LedgerReport> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 5_000;
  const maxListed = options.maxListed ?? 100;
  const mayGoNegative = new Set(options.mayGoNegative ?? [MINT_ACCOUNT, HOUSE_PNL, HOUSE_CASINO]);
  const negativeAllowed = (account: string) => mayGoNegative.has(account) || account.startsWith(THIRD_PARTY_PREFIX);

  const differences: Difference[] = [];
  let differenceCount = 0;
  const report = (d: Difference) => {
    differenceCount++;
    if (differences.length < maxListed) differences.push(d);
  };

  // Read models first, then the head: checkpoints never pass the head, so head >= every checkpoint.
  const cut = await readProjections(store.sql);
  const head = await store.head();

  const balances = new Map<string, number>();
  const users = new Set<string>();
  const casinoBets: OpenCasinoBets = new Map();
  const balance = (account: string): number => balances.get(account) ?? 0;

  // Whether a read model has folded this event: a prefix of the log, or (distributed) per partition.
  const partitions = options.partitions ?? Number(process.env.EVENT_PARTITIONS ?? 4);
  const covers = (name: 'users' | 'ledger', e: StoredEvent): boolean => {
    const { checkpoint, byPartition } = cut[name];
    return byPartition
      ? e.position <= (byPartition.get(partitionOf(e.streamId, partitions)) ?? 0)
      : e.position <= checkpoint;
  };
  const { partial, projections, compareDue, compareEntries } = readModelChecks(
    cut,
    head,
    { balances, users, balance },
    report,
  );
  const { requests, pendingHeld, checkRequest } = paymentRequests(report);

  const entriesTable = cut.ledger.rows !== null && (await hasLedgerEntries(store.sql));
  let events = 0;
  let moneyEvents = 0;
  let replayedTo = 0;

  compareDue(0, false);
  options.onProgress?.({ position: 0, head, events: 0 });
  while (replayedTo < head) {
    const batch = (await store.readAll(replayedTo, batchSize)).filter((e) => e.position <= head);
    if (batch.length === 0) break;
    const last = batch[batch.length - 1]!.position;
    // (d) The ledger entries of this batch's positions that the ledger projection has folded.
    const entriesTo = Math.min(last, cut.ledger.checkpoint);
    // A partition-folded ledger keeps folding after the cut: read only the positions the cut covers.
    const coveredPositions = cut.ledger.byPartition
      ? batch.filter((e) => covers('ledger', e)).map((e) => e.position)
      : null;
    const entries = !entriesTable
      ? []
      : coveredPositions
        ? await entriesAt(store.sql, coveredPositions)
        : entriesTo > replayedTo
          ? await entriesBetween(store.sql, replayedTo, entriesTo)
          : [];
    const expectedLegs: ExpectedLeg[] = [];

    for (const e of batch) {
      if (e.position !== replayedTo + 1) {
        report({
          kind: 'position-gap',
          position: e.position,
          message: `the log jumps from position ${fmt(replayedTo)} to ${fmt(e.position)}`,
        });
      }
      // Compare before folding an event past a checkpoint (only reachable with a gap at the checkpoint).
      compareDue(e.position - 1, false);
      replayedTo = e.position;
      events++;
      if (e.type === 'UserCreated') {
        const userId = String((e.data as { userId: unknown }).userId);
        users.add(userId);
        for (const name of ['users', 'ledger'] as const) if (covers(name, e)) partial[name].users.add(userId);
      }

      if (REQUESTED.has(e.type) || DECIDED.has(e.type)) checkRequest(e);
      const casino = casinoPostings(e, casinoBets);
      if (typeof casino === 'string')
        report({
          kind: 'postings-mismatch',
          position: e.position,
          message: `position ${fmt(e.position)}: ${e.type} ${casino}`,
        });
      const postings = postingsOf(e);
      if (postings === null) {
        compareDue(replayedTo, false);
        continue;
      }
      moneyEvents++;
      if (typeof postings === 'string') {
        report({
          kind: 'malformed-postings',
          position: e.position,
          message: `position ${fmt(e.position)}: ${postings}; not folded`,
        });
        compareDue(replayedTo, false);
        continue;
      }

      // (a) Sum to zero, exactly (BigInt: the sum of safe integers need not be one).
      const sum = postings.reduce((s, p) => s + BigInt(p.amount), 0n);
      if (sum !== 0n) {
        report({
          kind: 'unbalanced',
          position: e.position,
          expected: '0',
          actual: String(sum),
          message: `position ${fmt(e.position)}: ${e.type} postings sum to ${sum}, not 0 (${postings.map((p) => `${p.account} ${p.amount}`).join(', ')})`,
        });
      } else {
        const implied = impliedPostings(e) ?? (casino instanceof Map ? casino : null);
        if (implied) {
          const posted = new Map<string, number>();
          for (const p of postings) posted.set(p.account, (posted.get(p.account) ?? 0) + p.amount);
          for (const [account, amount] of implied) if (amount === 0) implied.delete(account);
          for (const [account, amount] of posted) if (amount === 0) posted.delete(account);
          const same = implied.size === posted.size && [...implied].every(([a, v]) => posted.get(a) === v);
          if (!same) {
            report({
              kind: 'postings-mismatch',
              position: e.position,
              message: `position ${fmt(e.position)}: ${e.type} of ${String((e.data as { amount?: unknown; mid?: unknown }).amount ?? (e.data as { mid?: unknown }).mid)} posts ${postings.map((p) => `${p.account} ${p.amount}`).join(', ')}`,
            });
          }
        }
      }

      // Fold leg by leg, as a statement shows it.
      const touched = new Set<string>();
      postings.forEach((p, leg) => {
        const owner = p.account.startsWith(WALLET_PREFIX)
          ? p.account.slice(WALLET_PREFIX.length)
          : p.account.startsWith(HOLD_PREFIX)
            ? p.account.slice(HOLD_PREFIX.length)
            : null;
        if (owner !== null && !users.has(owner) && !touched.has(p.account)) {
          report({
            kind: 'unknown-wallet',
            position: e.position,
            account: p.account,
            message: `position ${fmt(e.position)}: ${e.type} posts to ${p.account}, but no such user was created before it`,
          });
        }
        const after = balance(p.account) + p.amount;
        if (!Number.isSafeInteger(after)) {
          report({
            kind: 'unsafe-balance',
            position: e.position,
            account: p.account,
            message: `position ${fmt(e.position)}: ${p.account} leaves the safe-integer range`,
          });
        }
        balances.set(p.account, after);
        touched.add(p.account);
        for (const name of ['users', 'ledger'] as const) {
          if (cut[name].byPartition && covers(name, e))
            partial[name].balances.set(p.account, (partial[name].balances.get(p.account) ?? 0) + p.amount);
        }
        if (covers('ledger', e)) expectedLegs.push({ position: e.position, leg, account: p.account, amount: p.amount });
      });

      // (b) Only mint, the house P&L, the house casino and the third-party casino accounts may be negative, after each event (its legs are one movement).
      for (const account of touched) {
        const b = balance(account);
        if (b < 0 && !negativeAllowed(account) && !MAY_OVERDRAW.has(e.type)) {
          report({
            kind: 'negative-balance',
            position: e.position,
            account,
            actual: String(b),
            message: `position ${fmt(e.position)}: ${account} is ${b} after ${e.type}; only ${[...mayGoNegative, `${THIRD_PARTY_PREFIX}*`].join(', ')} may be negative`,
          });
        }
        // (e) A hold is exactly its user's pending withdrawals.
        if (account.startsWith(HOLD_PREFIX) && b !== (pendingHeld.get(account.slice(HOLD_PREFIX.length)) ?? 0)) {
          const want = pendingHeld.get(account.slice(HOLD_PREFIX.length)) ?? 0;
          report({
            kind: 'hold-mismatch',
            position: e.position,
            account,
            expected: String(want),
            actual: String(b),
            message: `position ${fmt(e.position)}: ${account} is ${b} after ${e.type}, but its pending withdrawals come to ${want}`,
          });
        }
      }
      compareDue(replayedTo, false);
    }

    if (entriesTable) compareEntries(expectedLegs, entries);
    options.onProgress?.({ position: replayedTo, head, events });
  }

  if (replayedTo !== head) {
    report({
      kind: 'position-gap',
      position: head,
      message: `log_head is ${fmt(head)} but the last event is at ${fmt(replayedTo)}`,
    });
  }
  compareDue(replayedTo, true);
  projections.sort((a, b) => a.name.localeCompare(b.name));

  let sum = 0n;
  for (const b of balances.values()) sum += BigInt(b);
  const pendingWithdrawals = [...requests.values()].filter((r) => r.type === 'withdraw' && !r.decided).length;
  const held = [...balances].filter(([a]) => a.startsWith(HOLD_PREFIX)).reduce((s, [, b]) => s + b, 0);
  return {
    ok: differenceCount === 0,
    head,
    events,
    moneyEvents,
    accounts: balances.size,
    sum,
    pendingWithdrawals,
    held,
    differenceCount,
    differences,
    projections,
    ms: performance.now() - started,
  };
}
