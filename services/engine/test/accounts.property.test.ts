/**
 * Property test of the accounts engine: random command sequences (many of them wrong on purpose:
 * wrong actors, roles, pairs and amounts) against a real log, checked against a small model of the
 * rules and against the log itself. Seeded: a failure prints PROPERTY_SEED to replay the same run.
 *
 *   PROPERTY_SEED=123 PROPERTY_SEQUENCES=30 PROPERTY_COMMANDS=300 npx tap services/engine/test/accounts.property.test.ts
 *
 * Opening an in-memory PGlite costs seconds, so sequences share a store (PER_STORE of them, user
 * ids distinct per sequence, under the store's one top admin); every check covers the whole log.
 */
import t from 'tap';
import pino from 'pino';
import {
  MAX_AMOUNT_PAISE,
  MINT_ACCOUNT,
  canCreateRole,
  ROLE_RANK,
  ROLE_SLUGS,
  isPositivePaise,
  walletAccount,
  type Command,
  type CommandEnvelope,
  type DomainEvent,
  type EventStore,
  type ExecuteResult,
  type RoleSlug,
  type StoredEvent,
} from '@exch/contracts';
import { allProjections, ProjectionRunner } from '@exch/projector';
import { Engine, emptyState, fold, SNAPSHOT_NAME, type EngineState } from '../src/index.js';
import { openMemoryStore } from '../../eventstore/test-support/empty-cluster.js';
import { prng } from '../../../tests/engine/fixtures.js';
import { createUser, envelope } from './harness.js';

const SEQUENCES = Number(process.env.PROPERTY_SEQUENCES ?? 30);
const COMMANDS = Number(process.env.PROPERTY_COMMANDS ?? 300);
const PER_STORE = 5;
const BASE_SEED = Number(process.env.PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31));
const log = pino({ level: 'silent' });

type Rng = ReturnType<typeof prng>;

// ---- The model: the rules as the brief states them, kept apart from the engine's code. ----

interface ModelUser {
  id: string;
  username: string;
  role: RoleSlug;
  parentId: string | null;
}

class Model {
  users = new Map<string, ModelUser>();
  usernames = new Set<string>();
  balances = new Map<string, number>();
  root: string | null = null;

  balance(account: string): number {
    return this.balances.get(account) ?? 0;
  }
  private move(account: string, amount: number): void {
    this.balances.set(account, this.balance(account) + amount);
  }
  /** True when `a` is strictly above `u` in the hierarchy. */
  above(a: string | null, u: string): boolean {
    if (a === null) return false;
    for (let p = this.users.get(u)?.parentId ?? null; p !== null; p = this.users.get(p)?.parentId ?? null)
      if (p === a) return true;
    return false;
  }

  /** Expected answer to a command: exact for the money and hierarchy rules; null where only safety is checked. */
  expect(c: Command, actor: string | null): { ok: boolean; code?: string } | null {
    switch (c.type) {
      case 'CreateUser': {
        const ok =
          /^[A-Za-z0-9_]{3,20}$/.test(c.username) &&
          !this.usernames.has(c.username.toLowerCase()) &&
          !this.users.has(c.userId) &&
          (c.parentId === null
            ? this.users.size === 0 && c.role === 'admin'
            : this.users.has(c.parentId) &&
              actor === c.parentId &&
              canCreateRole(this.users.get(c.parentId)!.role, c.role));
        return { ok };
      }
      case 'MintChips': {
        // Only by the system (no actor), only to the top admin.
        const u = this.users.get(c.userId);
        return { ok: actor === null && !!u && u.parentId === null && u.role === 'admin' && isPositivePaise(c.amount) };
      }
      case 'TransferChips': {
        const from = this.users.get(c.fromUserId);
        const to = this.users.get(c.toUserId);
        if (!from || !to || !isPositivePaise(c.amount)) return { ok: false };
        const deposit = to.parentId === from.id;
        const withdraw = from.parentId === to.id;
        if (!deposit && !withdraw) return { ok: false };
        if (actor !== (deposit ? from.id : to.id)) return { ok: false };
        if (this.balance(walletAccount(from.id)) < c.amount) return { ok: false, code: 'INSUFFICIENT_FUNDS' };
        return { ok: true };
      }
      default:
        return null;
    }
  }

  /** Safety: an accepted management command came from someone allowed to give it. */
  authorized(c: Command, actor: string | null): boolean {
    switch (c.type) {
      case 'SetAccountLock':
      case 'SetBetLock':
      case 'SetCreditReference':
        return this.above(actor, c.userId);
      case 'ChangePassword':
        return (actor === c.userId && !c.mustChangePassword) || (this.above(actor, c.userId) && c.mustChangePassword);
      default:
        return true;
    }
  }

  /** Folds an accepted command into the model. */
  apply(c: Command): void {
    if (c.type === 'CreateUser') {
      this.users.set(c.userId, { id: c.userId, username: c.username, role: c.role, parentId: c.parentId });
      this.usernames.add(c.username.toLowerCase());
      if (c.parentId === null) this.root = c.userId;
    } else if (c.type === 'MintChips') {
      this.move(MINT_ACCOUNT, -c.amount);
      this.move(walletAccount(c.userId), c.amount);
    } else if (c.type === 'TransferChips') {
      this.move(walletAccount(c.fromUserId), -c.amount);
      this.move(walletAccount(c.toUserId), c.amount);
    }
  }
}

// ---- Command generation: mostly plausible, often wrong. ----

class Generator {
  private n = 0;
  /** Users made in the current sequence (plus the top admin): most commands pick among them. */
  pool: string[] = [];
  private madeInSequence = 0;
  private seq = 0;

  constructor(
    private readonly rng: Rng,
    private readonly model: Model,
    private readonly tag: string,
  ) {}

  startSequence(seq: number): void {
    this.pool = this.model.root ? [this.model.root] : [];
    this.madeInSequence = 0;
    this.seq = seq;
  }

  private someone(): string {
    const { rng } = this;
    if (this.pool.length === 0 || rng.chance(0.05))
      return rng.chance(0.5) ? 'ghost' : rng.pick([...this.model.users.keys(), 'ghost']);
    return rng.pick(this.pool);
  }
  /** The right actor with probability p, else anyone (or no one). */
  private actor(right: string | null, p: number): string | null {
    const { rng } = this;
    if (rng.chance(p)) return right;
    return rng.chance(0.15) ? null : this.someone();
  }
  private ancestorOf(userId: string): string | null {
    const chain: string[] = [];
    for (
      let p = this.model.users.get(userId)?.parentId ?? null;
      p !== null;
      p = this.model.users.get(p)?.parentId ?? null
    )
      chain.push(p);
    return chain.length > 0 ? this.rng.pick(chain) : null;
  }
  private amount(balance: number): number {
    const { rng } = this;
    const r = rng.next();
    if (r < 0.08) return rng.pick([0, -100, 12.5, MAX_AMOUNT_PAISE + 1, Number.MAX_SAFE_INTEGER]);
    if (r < 0.25) return balance + rng.int(1, 100_000); // too much
    if (r < 0.35 && balance > 0) return balance; // all of it
    return rng.int(1, Math.max(1, balance));
  }

  next(): { command: Command; actor: string | null } {
    const { rng, model } = this;
    if (!model.root) {
      const id = `${this.tag}-root`;
      return { command: createUser(id, 'admin', null, `${this.tag}_root`), actor: null };
    }
    const r = rng.next();
    if (r < 0.2) {
      const creator = this.someone();
      const creatorRole = model.users.get(creator)?.role ?? 'user';
      const below = ROLE_SLUGS.filter((role) => ROLE_RANK[role] > ROLE_RANK[creatorRole]);
      const role = below.length > 0 && rng.chance(0.85) ? rng.pick(below) : rng.pick(ROLE_SLUGS);
      const parentId = rng.chance(0.9) ? creator : rng.chance(0.5) ? null : this.someone();
      let userId = `${this.tag}s${this.seq}u${++this.madeInSequence}`;
      let username = `${this.tag}_${this.seq}_${this.madeInSequence}`;
      if (rng.chance(0.04) && this.pool.length > 1) userId = rng.pick(this.pool); // an id in use
      if (rng.chance(0.04) && model.usernames.size > 0) username = rng.pick([...model.usernames]).toUpperCase(); // a name in use
      if (rng.chance(0.02)) username = 'no way!';
      return { command: createUser(userId, role, parentId, username), actor: this.actor(parentId, 0.75) };
    }
    if (r < 0.26) {
      const userId = rng.chance(0.8) ? model.root : this.someone();
      return {
        command: {
          type: 'MintChips',
          userId,
          amount: rng.chance(0.1) ? rng.pick([0, -1, 0.5]) : rng.int(1, 50_000_000),
        },
        actor: this.actor(model.root, 0.5),
      };
    }
    if (r < 0.66) {
      const downline = this.pool.filter((id) => model.users.get(id)?.parentId);
      let from: string;
      let to: string;
      let upline: string | null;
      if (downline.length === 0 || rng.chance(0.12)) {
        from = this.someone();
        to = this.someone();
        upline = model.users.get(to)?.parentId === from ? from : model.users.get(from)?.parentId === to ? to : null;
      } else {
        const child = rng.pick(downline);
        const parent = model.users.get(child)!.parentId!;
        [from, to, upline] = rng.chance(0.55) ? [parent, child, parent] : [child, parent, parent];
      }
      const amount = this.amount(model.balance(walletAccount(from)));
      return {
        command: { type: 'TransferChips', fromUserId: from, toUserId: to, amount, remark: `r${this.n++}` },
        actor: this.actor(upline ?? from, 0.75),
      };
    }
    const userId = this.someone();
    const manager = () => this.actor(this.ancestorOf(userId), 0.6);
    if (r < 0.74) return { command: { type: 'SetAccountLock', userId, locked: rng.chance(0.5) }, actor: manager() };
    if (r < 0.82) return { command: { type: 'SetBetLock', userId, locked: rng.chance(0.5) }, actor: manager() };
    if (r < 0.91) {
      const self = rng.chance(0.4);
      return {
        command: {
          type: 'ChangePassword',
          userId,
          passwordHash: `h${this.n++}`,
          mustChangePassword: rng.chance(0.8) ? !self : self,
        },
        actor: self ? this.actor(userId, 0.8) : manager(),
      };
    }
    const creditReference = rng.chance(0.1) ? rng.pick([-1, 0.5]) : rng.int(0, 10_000_000);
    return { command: { type: 'SetCreditReference', userId, creditReference }, actor: manager() };
  }
}

// ---- Checks over the log. ----

async function readLog(store: EventStore): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  for (;;) {
    const batch = await store.readAll(all.length === 0 ? 0 : all[all.length - 1]!.position, 5_000);
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/** Postings sum to zero and no account but mint is below zero after any event; the final balances. */
function replayMoney(events: StoredEvent[], problems: string[]): Map<string, number> {
  const balances = new Map<string, number>();
  for (const e of events) {
    if (e.type !== 'ChipsMinted' && e.type !== 'ChipsTransferred') continue;
    const postings = (e.data as { postings: { account: string; amount: number }[] }).postings;
    const sum = postings.reduce((s, p) => s + p.amount, 0);
    if (sum !== 0) problems.push(`position ${e.position}: postings sum to ${sum}`);
    for (const p of postings) balances.set(p.account, (balances.get(p.account) ?? 0) + p.amount);
    for (const p of postings) {
      const b = balances.get(p.account)!;
      if (b < 0 && p.account !== MINT_ACCOUNT) problems.push(`position ${e.position}: ${p.account} at ${b}`);
    }
  }
  return balances;
}

const stores = Math.ceil(SEQUENCES / PER_STORE);
t.comment(`PROPERTY_SEED=${BASE_SEED} (${SEQUENCES} sequences of ${COMMANDS} commands, ${PER_STORE} per store)`);

for (let g = 0; g < stores; g++) {
  const seed = (BASE_SEED + g * 0x9e3779b1) >>> 0;
  t.test(
    `store ${g + 1} of ${stores} (store seed ${seed}, projections ${g % 2 === 0 ? 'live' : 'caught up at each check'})`,
    async (t) => {
      t.teardown(() => {
        if (!t.passing())
          console.error(
            `accounts.property: failed; replay with PROPERTY_SEED=${BASE_SEED} (store ${g + 1}, seed ${seed})`,
          );
      });
      const store = await openMemoryStore();
      t.teardown(() => store.close());
      let engine = await Engine.start({ store, log, snapshotEvery: 50 });
      // Half the stores fold the projections live, between engine turns; the other half catch up
      // in large batches at each check (and it is faster: one folding transaction per 500 events).
      const live = g % 2 === 0;
      let runner = new ProjectionRunner(store, allProjections, log);
      if (live) await runner.start();
      t.teardown(async () => {
        await runner.stop();
        await engine.stop().catch(() => {});
      });

      const rng = prng(seed);
      const model = new Model();
      const tag = `g${g}`;
      const gen = new Generator(rng, model, tag);
      let commandNo = 0;
      const sequences = Math.min(PER_STORE, SEQUENCES - g * PER_STORE);
      const stats = { accepted: 0, refused: 0, duplicates: 0, insufficient: 0 };
      // Accepted commands of this store, retried now and then (also across engine restarts).
      const sent: { envelope: CommandEnvelope; positions: number[] }[] = [];

      for (let s = 0; s < sequences; s++) {
        gen.startSequence(s);
        const problems: string[] = [];
        const note = (msg: string) => {
          if (problems.length < 20) problems.push(msg);
        };

        for (let issued = 0; issued < COMMANDS; ) {
          // A retry of an earlier accepted command: the first answer, nothing journalled again.
          if (sent.length > 0 && rng.chance(0.02)) {
            const earlier = rng.pick(sent);
            const head = await store.head();
            const r = await engine.execute(earlier.envelope);
            if (!r.ok || !r.duplicate || JSON.stringify(r.positions) !== JSON.stringify(earlier.positions))
              note(`retry of ${earlier.envelope.commandId} answered ${JSON.stringify(r)}`);
            if ((await store.head()) !== head) note(`retry of ${earlier.envelope.commandId} wrote to the log`);
            stats.duplicates++;
            issued++;
            continue;
          }
          // One command, or a burst decided in one turn (group commit, in call order).
          const size = rng.chance(0.15) ? rng.int(2, 6) : 1;
          const burst = Array.from({ length: Math.min(size, COMMANDS - issued) }, () => {
            const { command, actor } = gen.next();
            return envelope(command, actor, {
              commandId: `${tag}-c${++commandNo}`,
              correlationId: tag,
              device: 'property',
              at: new Date(Date.UTC(2026, 10, 22) + commandNo * 1000).toISOString(),
            });
          });
          issued += burst.length;
          const results: ExecuteResult[] = await Promise.all(burst.map((e) => engine.execute(e)));
          burst.forEach((envelope, i) => {
            const { command, actor } = envelope;
            const r = results[i]!;
            const expected = model.expect(command, actor);
            const what = `${envelope.commandId} ${command.type} by ${actor} ${JSON.stringify(command)}`;
            if (expected && expected.ok !== r.ok)
              note(`${what}: expected ${expected.ok ? 'acceptance' : 'a refusal'}, got ${JSON.stringify(r)}`);
            const code = r.ok ? undefined : r.refusal.code;
            if (
              expected &&
              !expected.ok &&
              (expected.code === 'INSUFFICIENT_FUNDS') !== (code === 'INSUFFICIENT_FUNDS')
            ) {
              note(`${what}: expected ${expected.code ?? 'another refusal'}, got ${code}`);
            }
            if (r.ok && !model.authorized(command, actor)) note(`${what}: accepted from an actor without authority`);
            if (r.ok) {
              model.apply(command);
              stats.accepted++;
              if (r.positions.length > 0) sent.push({ envelope, positions: r.positions });
              if (command.type === 'CreateUser' && !gen.pool.includes(command.userId)) gen.pool.push(command.userId);
            } else {
              stats.refused++;
              if (code === 'INSUFFICIENT_FUNDS') stats.insufficient++;
            }
          });
          // No wallet below zero at any step.
          for (const [account, b] of [...engine.view.balances]) {
            if (b < 0 && account !== MINT_ACCOUNT) note(`after ${burst.at(-1)!.commandId}: ${account} is ${b}`);
          }
        }

        // ---- After the sequence: the log, the engine, a restarted engine and the read models agree. ----
        const events = await readLog(store);
        const head = await store.head();
        t.ok(
          events.length === head && events.every((e, i) => e.position === i + 1),
          `sequence ${s}: the log is gap-free up to the head`,
        );
        const balances = replayMoney(events, problems);
        const replayed: EngineState = fold(emptyState(), events as unknown as DomainEvent[]);
        t.strictSame(problems, [], `sequence ${s}: answers follow the rules; postings balance; no wallet below zero`);
        t.strictSame(engine.view, replayed, `sequence ${s}: live state = fold of the log`);
        t.strictSame(
          Object.fromEntries(balances),
          Object.fromEntries(replayed.balances),
          `sequence ${s}: the postings replay to the state's balances`,
        );
        t.strictSame(
          Object.fromEntries(model.balances),
          Object.fromEntries(replayed.balances),
          `sequence ${s}: the model's balances`,
        );
        t.same(
          Object.fromEntries([...replayed.users.values()].map((u) => [u.userId, [u.role, u.parentId]])),
          Object.fromEntries([...model.users.values()].map((u) => [u.id, [u.role, u.parentId]])),
          `sequence ${s}: the model's hierarchy`,
        );

        await engine.stop();
        engine = await Engine.start({ store, log, snapshotEvery: 50 });
        t.strictSame(engine.view, replayed, `sequence ${s}: a restarted engine (snapshot + log) has the same view`);

        if (!live) {
          runner = new ProjectionRunner(store, allProjections, log);
          await runner.start();
        }
        await runner.waitFor(head, 30_000);
        if (!live) await runner.stop();
        const users = await store.sql.query<{ user_id: string; balance: string }>(
          `select user_id, balance::text as balance from rm_users`,
        );
        t.same(
          Object.fromEntries(users.rows.map((r) => [r.user_id, Number(r.balance)])),
          Object.fromEntries(
            [...replayed.users.keys()].map((id) => [id, replayed.balances.get(walletAccount(id)) ?? 0]),
          ),
          `sequence ${s}: rm_users.balance = replayed wallet of every user`,
        );
        const ledger = await store.sql.query<{ account: string; balance: string }>(
          `select account, balance::text as balance from rm_ledger_balances`,
        );
        t.same(
          Object.fromEntries(ledger.rows.map((r) => [r.account, Number(r.balance)])),
          Object.fromEntries(replayed.balances),
          `sequence ${s}: rm_ledger_balances = replayed balances`,
        );
      }
      t.ok(
        (await store.loadSnapshot(SNAPSHOT_NAME))?.position,
        'restarts started from a snapshot (then the log after it)',
      );
      t.ok(
        stats.accepted > 0 && stats.refused > 0 && stats.insufficient > 0,
        `both answers seen: ${JSON.stringify(stats)}`,
      );
    },
  );
}
