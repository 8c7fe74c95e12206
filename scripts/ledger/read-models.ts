/**
 * The read models (the users' balances, the ledger's balances and postings) against the replay.
 *
 * Projections are compared at their own checkpoints, not at the head. The runner commits a
 * projection's rows and its checkpoint in one transaction, so the pair read in one snapshot is a
 * consistent cut of the log; the replay passes through every position on its way to the head, so it
 * compares each read model when it reaches that read model's checkpoint. A lagging projector (or a
 * server still running on PostgreSQL) therefore never causes a false difference, and nothing waits.
 */
import { EVENTS_TOPIC, type SqlClient } from '@exch/contracts';
import { readPartitionCheckpoints, tableExists } from '@exch/projector';
import { LEDGER_TABLES, USERS_TABLE, ledgerBalances, userBalances, type EntryRow } from '@exch/projector/read';
import { WALLET_PREFIX } from './postings.js';
import { fmt, type Difference, type DifferenceKind, type ProjectionCheck } from './report.js';

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

export interface ProjectionsCut {
  users: ProjectedBalances;
  ledger: ProjectedBalances;
}

export interface ExpectedLeg {
  position: number;
  leg: number;
  account: string;
  amount: number;
}

/**
 * One consistent cut of the read models: each checkpoint with the rows it covers. REPEATABLE READ
 * makes the reads one snapshot on PostgreSQL while projectors keep committing; PGlite has a single
 * connection, so there nothing can commit in between anyway.
 */
export async function readProjections(sql: SqlClient): Promise<ProjectionsCut> {
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

/** What the replay has folded so far: every account's balance and every user created. */
export interface Replay {
  balances: Map<string, number>;
  users: Set<string>;
  balance: (account: string) => number;
}

/**
 * The comparisons of the read models in `cut` with the replay: each is compared when the replay
 * reaches its checkpoint (`compareDue`), the ledger's postings batch by batch (`compareEntries`).
 */
export function readModelChecks(cut: ProjectionsCut, head: number, replay: Replay, report: (d: Difference) => void) {
  const { balances, users, balance } = replay;
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

  return { partial, projections, compareDue, compareEntries };
}
