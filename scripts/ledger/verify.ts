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
 *
 * Projections are compared at their own checkpoints, not at the head. The runner commits a
 * projection's rows and its checkpoint in one transaction, so the pair read in one snapshot is a
 * consistent cut of the log; the replay passes through every position on its way to the head, so it
 * compares each read model when it reaches that read model's checkpoint. A lagging projector (or a
 * server still running on PostgreSQL) therefore never causes a false difference, and nothing waits.
 */
import {
  EVENTS_TOPIC,
  formatPaise,
  MINT_ACCOUNT,
  partitionOf,
  type EventStore,
  type SqlClient,
  type StoredEvent,
} from '@exch/contracts';
import { readPartitionCheckpoints, tableExists } from '@exch/projector';
import {
  entriesAt,
  entriesBetween,
  hasLedgerEntries,
  LEDGER_TABLES,
  ledgerBalances,
  USERS_TABLE,
  userBalances,
  type EntryRow,
} from '@exch/projector/read';

export type DifferenceKind =
  /** The log skips a position (rule 3: positions are gap-free), or log_head disagrees with the last event. */
  | 'position-gap'
  /** A money event without a postings array, or a posting that is not {account: string, amount: safe integer}. */
  | 'malformed-postings'
  /** (a) The postings of one event do not sum to zero. */
  | 'unbalanced'
  /** (a) Balanced postings that disagree with the event's amount and parties (ChipsMinted, ChipsTransferred, the third-party casino's), or with a casino round's bets. */
  | 'postings-mismatch'
  /** A posting to wallet:X before user X was created. */
  | 'unknown-wallet'
  /** (b) An account other than mint is below zero after an event. */
  | 'negative-balance'
  /** A running balance left the safe-integer range (rule 1). */
  | 'unsafe-balance'
  /** (c) The users read model: a balance that differs from the replay, a missing or an unexpected user row. */
  | 'users-balance'
  /** (c) The ledger's balances: a balance that differs from the replay, a missing or an unexpected account row. */
  | 'ledger-balance'
  /** (d) The ledger's postings: a missing, unexpected or different row (account, amount, user_id). */
  | 'ledger-entry'
  /** A read model's checkpoint says it folded events, but its table is gone. */
  | 'projection-missing'
  /** (e) A payment decision for an unknown or already decided request, or one that disagrees with it. */
  | 'payment-request'
  /** (e) A hold account that differs from its user's pending withdrawals. */
  | 'hold-mismatch';

export interface Difference {
  kind: DifferenceKind;
  /** The log position it was found at (for read-model differences: the projection's checkpoint). */
  position: number;
  account?: string;
  /** The replay's value and the one found (log or read model), as decimal strings when they are amounts. */
  expected?: string;
  actual?: string;
  message: string;
}

export interface ProjectionCheck {
  name: 'users' | 'ledger';
  /** Position the read model has folded up to (0 when it never ran). */
  checkpoint: number;
  /** True when its rows were compared with the replay at its checkpoint. */
  compared: boolean;
  note: string;
}

export interface LedgerReport {
  ok: boolean;
  /** log_head when the check started; events appended after it are left for the next run. */
  head: number;
  events: number;
  moneyEvents: number;
  /** Ledger accounts seen in the replay (mint and every wallet that ever moved). */
  accounts: number;
  /** Sum of every account's balance at the head: 0 when the postings balance. */
  sum: bigint;
  /** Withdrawals pending at the head, and the chips their holds keep (paise). */
  pendingWithdrawals: number;
  held: number;
  /** How many differences were found; `differences` lists the first `maxListed` of them. */
  differenceCount: number;
  differences: Difference[];
  projections: ProjectionCheck[];
  ms: number;
}

export interface VerifyProgress {
  /** Position replayed so far. */
  position: number;
  head: number;
  events: number;
}

export interface VerifyOptions {
  /** Events read per query (default 5,000). */
  batchSize?: number;
  /** Called after each batch. */
  onProgress?: (p: VerifyProgress) => void;
  /** Differences kept in the report (all are counted; default 100). */
  maxListed?: number;
  /** Accounts allowed below zero (default: `mint`, `house:pnl` and `house:casino`; a third-party casino account always may). */
  mayGoNegative?: readonly string[];
  /** Partitions of the event topic, for read models folded by Kafka projector groups (default EVENT_PARTITIONS or 4). */
  partitions?: number;
}

const WALLET_PREFIX = 'wallet:';
const HOLD_PREFIX = 'hold:';
// Listed here rather than imported: a check that shared the engine's definitions would share its bugs.
const MONEY_TYPES = new Set([
  'ChipsMinted',
  'ChipsTransferred',
  'MarketSettled',
  'ResultRevoked',
  'WithdrawalRequested',
  'DepositApproved',
  'WithdrawalApproved',
  'WithdrawalRejected',
  'ProviderDebited',
  'ProviderCredited',
  'ProviderRolledBack',
  'CasinoRoundSettled',
]);
/** Payment request events (e): asked for, then decided once. */
const REQUESTED = new Set(['DepositRequested', 'WithdrawalRequested']);
const DECIDED = new Set(['DepositApproved', 'DepositRejected', 'WithdrawalApproved', 'WithdrawalRejected']);
/** The house's P&L is the counterparty of every bet: it may be negative when players win. */
const HOUSE_PNL = 'house:pnl';
/** The same for the house's own casino tables (docs/casino.md). */
const HOUSE_CASINO = 'house:casino';
/** A third-party casino provider's account (one per provider) is the counterparty of its games' stakes and wins: negative when players won. */
const THIRD_PARTY_PREFIX = 'house:third-party:';
/**
 * A revoked result takes back winnings that may already be withdrawn: the only event after which a
 * wallet may be left below zero (the player then owes the house, as on a real exchange).
 */
const MAY_OVERDRAW = new Set(['ResultRevoked']);

interface ProjectedBalances {
  /** In distributed mode the highest of the partitions' checkpoints. */
  checkpoint: number;
  /**
   * Distributed mode (docs/distributed.md): each partition's checkpoint. The read model then holds
   * exactly the events at or below their partition's checkpoint, not a prefix of the log.
   */
  byPartition: Map<number, number> | null;
  /** null when the table does not exist. */
  rows: Map<string, string> | null;
}

interface ProjectionsCut {
  users: ProjectedBalances;
  ledger: ProjectedBalances;
}

interface ExpectedLeg {
  position: number;
  leg: number;
  account: string;
  amount: number;
}

const fmt = (n: number | bigint): string => n.toLocaleString('en-US');

/**
 * One consistent cut of the read models: each checkpoint with the rows it covers. REPEATABLE READ
 * makes the reads one snapshot on PostgreSQL while projectors keep committing; PGlite has a single
 * connection, so there nothing can commit in between anyway.
 */
async function readProjections(sql: SqlClient): Promise<ProjectionsCut> {
  return sql.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read');
    const checkpoints = new Map<string, number>();
    if (await tableExists(tx, 'projection_checkpoints')) {
      const { rows } = await tx.query<{ name: string; position: string }>(
        `select name, position::text as position from projection_checkpoints where name in ('users', 'ledger')`,
      );
      for (const r of rows) checkpoints.set(r.name, Number(r.position));
    }
    const byPartition = new Map<string, Map<number, number>>();
    if (await tableExists(tx, 'projection_partition_checkpoints')) {
      for (const name of ['users', 'ledger']) {
        const parts = await readPartitionCheckpoints(tx, name, EVENTS_TOPIC);
        if (parts.length > 0) byPartition.set(name, new Map(parts.map((c) => [c.partition, c.position])));
      }
    }
    // A read model folded by a projector group has partition checkpoints and no global one.
    const at = (name: string): Pick<ProjectedBalances, 'checkpoint' | 'byPartition'> => {
      const parts = (checkpoints.get(name) ?? 0) === 0 ? byPartition.get(name) : undefined;
      return parts
        ? { checkpoint: Math.max(0, ...parts.values()), byPartition: parts }
        : { checkpoint: checkpoints.get(name) ?? 0, byPartition: null };
    };
    const users: ProjectedBalances = { ...at('users'), rows: null };
    const userRows = await userBalances(tx);
    if (userRows) users.rows = new Map(userRows.map((r) => [r.user_id, r.balance]));
    const ledger: ProjectedBalances = { ...at('ledger'), rows: null };
    const ledgerRows = await ledgerBalances(tx);
    if (ledgerRows) ledger.rows = new Map(ledgerRows.map((r) => [r.account, r.balance]));
    return { users, ledger };
  });
}

/** The postings of an event when it is a money event: null when it is not, a string when they are malformed. */
function postingsOf(e: StoredEvent): { account: string; amount: number }[] | null | string {
  const data = e.data as { postings?: unknown } | null;
  const raw = data && typeof data === 'object' ? data.postings : undefined;
  if (raw === undefined && !MONEY_TYPES.has(e.type)) return null;
  if (!Array.isArray(raw)) return `${e.type} has no postings array`;
  for (const [i, p] of raw.entries()) {
    const ok =
      p &&
      typeof p === 'object' &&
      typeof p.account === 'string' &&
      p.account.length > 0 &&
      Number.isSafeInteger(p.amount);
    if (!ok) return `${e.type} posting ${i} is not {account, amount in whole paise}: ${JSON.stringify(p)}`;
  }
  return raw as { account: string; amount: number }[];
}

/** Casino bets placed and not yet settled or voided: who placed them and what they staked. */
type OpenCasinoBets = Map<string, { userId: string; stake: number }>;

/**
 * Folds a casino event into the open bets; for a settlement, what it must post from the bets it
 * names (each bettor's net against house:casino), or a message when a bet is unknown or lost more
 * than its stake.
 */
function casinoPostings(e: StoredEvent, open: OpenCasinoBets): Map<string, number> | string | null {
  const d = e.data as {
    betId?: string;
    userId?: string;
    stake?: number;
    betIds?: string[];
    bets?: { betId: string; pnl: number }[];
  };
  if (e.type === 'CasinoBetPlaced') open.set(String(d.betId), { userId: String(d.userId), stake: Number(d.stake) });
  if (e.type === 'CasinoRoundVoided') for (const id of d.betIds ?? []) open.delete(id);
  if (e.type !== 'CasinoRoundSettled') return null;
  const legs = new Map<string, number>();
  for (const b of d.bets ?? []) {
    const bet = open.get(b.betId);
    open.delete(b.betId);
    if (!bet) return `settles bet ${b.betId}, which was never placed or is already settled`;
    if (!Number.isSafeInteger(b.pnl) || b.pnl < -bet.stake)
      return `bet ${b.betId} loses ${-b.pnl}, more than its stake of ${bet.stake}`;
    legs.set(`${WALLET_PREFIX}${bet.userId}`, (legs.get(`${WALLET_PREFIX}${bet.userId}`) ?? 0) + b.pnl);
    legs.set(HOUSE_CASINO, (legs.get(HOUSE_CASINO) ?? 0) - b.pnl);
  }
  return legs;
}

/** What a chip, payment or third-party casino movement must post, from its own fields (from, to); null for other types. */
function impliedPostings(e: StoredEvent): Map<string, number> | null {
  const d = e.data as Record<string, unknown>;
  const wallet = (key: string) => `${WALLET_PREFIX}${String(d[key])}`;
  const hold = `${HOLD_PREFIX}${String(d.userId)}`;
  const thirdParty = `${THIRD_PARTY_PREFIX}${String(d.provider)}`;
  const moves: Record<string, [string, string]> = {
    ChipsMinted: [MINT_ACCOUNT, wallet('userId')],
    ChipsTransferred: [wallet('fromUserId'), wallet('toUserId')],
    WithdrawalRequested: [wallet('userId'), hold],
    DepositApproved: [wallet('walletUserId'), wallet('userId')],
    WithdrawalApproved: [hold, wallet('walletUserId')],
    WithdrawalRejected: [hold, wallet('userId')],
    ProviderDebited: [wallet('userId'), thirdParty],
    ProviderCredited: [thirdParty, wallet('userId')],
    ProviderRolledBack: [thirdParty, wallet('userId')],
  };
  const move = moves[e.type];
  if (!move) return null;
  const amount = Number(d.amount);
  const legs = new Map<string, number>([[move[0], -amount]]);
  legs.set(move[1], (legs.get(move[1]) ?? 0) + amount);
  return legs;
}

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
  /** The balances a partition-folded read model must hold: the replay of the events it covers only. */
  const partial = {
    users: { balances: new Map<string, number>(), users: new Set<string>() },
    ledger: { balances: new Map<string, number>(), users: new Set<string>() },
  };

  const projections: ProjectionCheck[] = [];
  const lagNote = (checkpoint: number, name: 'users' | 'ledger') =>
    cut[name].byPartition
      ? `folded by a projector group: compared per partition (${[...cut[name].byPartition!]
          .sort(([a], [b]) => a - b)
          .map(([p, c]) => `${p}:${fmt(c)}`)
          .join(' ')})`
      : checkpoint === head
        ? 'at the head'
        : checkpoint < head
          ? `${fmt(head - checkpoint)} event${head - checkpoint === 1 ? '' : 's'} behind the head: compared at its checkpoint`
          : 'ahead of the head';

  /** One read model's balances against the replay's, at the position the replay has reached. */
  const compareBalances = (
    name: 'users' | 'ledger',
    position: number,
    expected: Map<string, number>,
    what: {
      kind: DifferenceKind;
      table: string;
      label: string;
      key: (k: string) => string;
      account: (k: string) => string;
    },
  ) => {
    const { checkpoint, rows } = cut[name];
    if (rows === null) {
      if (checkpoint > 0)
        report({
          kind: 'projection-missing',
          position: checkpoint,
          message: `the ${name} projection is at ${fmt(checkpoint)} but table ${what.table} is missing`,
        });
      projections.push({ name, checkpoint, compared: false, note: `${what.table} not found: not compared` });
      return;
    }
    const at = `(${name} checkpoint ${fmt(checkpoint)})`;
    for (const [k, value] of expected) {
      const account = what.account(k);
      const actual = rows.get(k);
      if (actual === undefined) {
        report({
          kind: what.kind,
          position,
          account,
          expected: String(value),
          message: `${what.table} has no row for ${what.key(k)}, replay says ${value} ${at}`,
        });
      } else if (BigInt(actual) !== BigInt(value)) {
        report({
          kind: what.kind,
          position,
          account,
          expected: String(value),
          actual,
          message: `${what.label} of ${what.key(k)} is ${actual}, replay says ${value} ${at}`,
        });
      }
    }
    for (const [k, actual] of rows) {
      if (!expected.has(k)) {
        report({
          kind: what.kind,
          position,
          account: what.account(k),
          actual,
          message: `${what.table} has ${what.key(k)} = ${actual}, unknown to the log up to ${fmt(checkpoint)}`,
        });
      }
    }
    projections.push({ name, checkpoint, compared: true, note: lagNote(checkpoint, name) });
  };
  // The users read model: one row per user created, holding that user's wallet. Folded by partition, a row can
  // also exist for a wallet whose money arrived before its UserCreated (a bare row).
  const compareUsers = (position: number) => {
    const p = cut.users.byPartition ? partial.users : null;
    const owners = p
      ? new Set([
          ...p.users,
          ...[...p.balances.keys()]
            .filter((a) => a.startsWith(WALLET_PREFIX))
            .map((a) => a.slice(WALLET_PREFIX.length)),
        ])
      : users;
    const of = (u: string) => (p ? (p.balances.get(`${WALLET_PREFIX}${u}`) ?? 0) : balance(`${WALLET_PREFIX}${u}`));
    compareBalances('users', position, new Map([...owners].map((u) => [u, of(u)])), {
      kind: 'users-balance',
      table: USERS_TABLE,
      label: `${USERS_TABLE}.balance`,
      key: (u) => `user ${u}`,
      account: (u) => `${WALLET_PREFIX}${u}`,
    });
  };
  // The ledger's balances: one row per account any posting touched.
  const compareLedger = (position: number) =>
    compareBalances('ledger', position, cut.ledger.byPartition ? partial.ledger.balances : balances, {
      kind: 'ledger-balance',
      table: LEDGER_TABLES.balances,
      label: LEDGER_TABLES.balances,
      key: (a) => a,
      account: (a) => a,
    });

  // Read-model comparisons wait until the replay has folded exactly up to their checkpoint; one folded
  // by partition is compared at the end, against the events it covers.
  const pending = [
    { checkpoint: cut.users.byPartition ? head : cut.users.checkpoint, compare: compareUsers },
    { checkpoint: cut.ledger.byPartition ? head : cut.ledger.checkpoint, compare: compareLedger },
  ];
  const compareDue = (replayedTo: number, final: boolean) => {
    for (let i = pending.length - 1; i >= 0; i--) {
      const p = pending[i]!;
      if (final || p.checkpoint <= replayedTo) {
        pending.splice(i, 1);
        p.compare(Math.min(p.checkpoint, replayedTo));
      }
    }
  };

  const compareEntries = (expected: ExpectedLeg[], rows: EntryRow[]) => {
    const found = new Map(rows.map((r) => [`${Number(r.position)}/${r.leg}`, r]));
    for (const leg of expected) {
      const key = `${leg.position}/${leg.leg}`;
      const row = found.get(key);
      found.delete(key);
      const owner = leg.account.startsWith(WALLET_PREFIX) ? leg.account.slice(WALLET_PREFIX.length) : null;
      const want = `${leg.account} ${leg.amount}`;
      if (!row) {
        report({
          kind: 'ledger-entry',
          position: leg.position,
          account: leg.account,
          expected: String(leg.amount),
          message: `position ${fmt(leg.position)} leg ${leg.leg}: ${LEDGER_TABLES.entries} has no row (expected ${want})`,
        });
        continue;
      }
      const wrong = [
        row.account !== leg.account && `account ${row.account}, replay says ${leg.account}`,
        BigInt(row.amount) !== BigInt(leg.amount) && `amount ${row.amount}, replay says ${leg.amount}`,
        row.user_id !== owner && `user_id ${row.user_id ?? 'null'}, replay says ${owner ?? 'null'}`,
      ].filter((w): w is string => typeof w === 'string');
      if (wrong.length > 0) {
        report({
          kind: 'ledger-entry',
          position: leg.position,
          account: leg.account,
          expected: String(leg.amount),
          actual: row.amount,
          message: `position ${fmt(leg.position)} leg ${leg.leg} (${leg.account}): ${LEDGER_TABLES.entries} has ${wrong.join('; ')}`,
        });
      }
    }
    for (const row of found.values()) {
      report({
        kind: 'ledger-entry',
        position: Number(row.position),
        account: row.account,
        actual: row.amount,
        message: `position ${fmt(Number(row.position))} leg ${row.leg}: ${LEDGER_TABLES.entries} has ${row.account} ${row.amount}, but the log has no such posting`,
      });
    }
  };

  // (e) Payment requests as the log tells them, and each user's pending withdrawals.
  const requests = new Map<string, { userId: string; type: string; amount: number; decided: boolean }>();
  const pendingHeld = new Map<string, number>();
  const checkRequest = (e: StoredEvent) => {
    const d = e.data as { requestId?: unknown; userId?: unknown; amount?: unknown };
    const id = String(d.requestId);
    const bad = (message: string) =>
      report({
        kind: 'payment-request',
        position: e.position,
        message: `position ${fmt(e.position)}: ${e.type} of request ${id}: ${message}`,
      });
    const type = e.type.startsWith('Deposit') ? 'deposit' : 'withdraw';
    if (REQUESTED.has(e.type)) {
      if (requests.has(id)) return bad('asked for twice');
      requests.set(id, { userId: String(d.userId), type, amount: Number(d.amount), decided: false });
      if (type === 'withdraw')
        pendingHeld.set(String(d.userId), (pendingHeld.get(String(d.userId)) ?? 0) + Number(d.amount));
      return;
    }
    const r = requests.get(id);
    if (!r) return bad('no such request was asked for');
    if (r.decided) return bad('already decided');
    if (r.type !== type || r.userId !== String(d.userId) || (d.amount !== undefined && Number(d.amount) !== r.amount))
      return bad(
        `names ${String(d.userId)} ${String(d.amount)}, the request was a ${r.type} of ${r.amount} by ${r.userId}`,
      );
    r.decided = true;
    if (type === 'withdraw') pendingHeld.set(r.userId, (pendingHeld.get(r.userId) ?? 0) - r.amount);
  };

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

/** The verdict line, then (on failure) the first `list` differences, one per line. */
export function formatReport(r: LedgerReport, list = 20): string[] {
  const holds =
    r.pendingWithdrawals > 0
      ? `, ₹${formatPaise(r.held)} held for ${fmt(r.pendingWithdrawals)} pending withdrawal${r.pendingWithdrawals === 1 ? '' : 's'}`
      : '';
  const stats = `${fmt(r.events)} events, ${fmt(r.accounts)} accounts, sum ${fmt(r.sum)}${holds}`;
  if (r.ok) return [`ledger OK: ${stats}, 0 differences`];
  const lines = [`ledger FAILED: ${fmt(r.differenceCount)} difference${r.differenceCount === 1 ? '' : 's'} (${stats})`];
  for (const d of r.differences.slice(0, list)) lines.push(`  ${d.kind}: ${d.message}`);
  if (r.differenceCount > Math.min(list, r.differences.length))
    lines.push(`  ... and ${fmt(r.differenceCount - Math.min(list, r.differences.length))} more`);
  return lines;
}

/** Where each read model stood, for the operator (stderr). */
export function formatProjections(r: LedgerReport): string[] {
  return r.projections.map((p) => `projection ${p.name}: checkpoint ${fmt(p.checkpoint)} of ${fmt(r.head)}, ${p.note}`);
}
