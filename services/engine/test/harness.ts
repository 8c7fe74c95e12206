/**
 * The decider tests' one harness: given events (folded through the real evolve), when a command (the
 * real decide, in an envelope as the gateway stamps it), then the events or a refusal. One copy, so
 * a change to the envelope or to how the loop applies a decision is made once for every test.
 */
import type { Test } from 'tap';
import type { Command, CommandEnvelope, DomainEvent, FeedUpdate, Paise, RoleSlug } from '@exch/contracts';
import { decide, emptyState, evolve, Quotes, type Decision, type EngineState } from '../src/index.js';
import { coreState, type StateJson } from '../src/snapshot/parts.js';

/** Every position's P&L book and non-zero exposure keyed `user|market`, as a snapshot writes them. */
export function positionsOf(state: EngineState): Pick<StateJson, 'pnl' | 'marketExposure'> {
  const { pnl, marketExposure } = coreState(state, state.markets.keys(), false);
  return { pnl, marketExposure };
}

export const AT = '2026-11-22T10:00:00.000Z';

let nextId = 0;
/** A command as the gateway stamps it: a fresh id unless one is given (retries and provider refs name theirs). */
export const envelope = (
  command: Command,
  actor: string | null = null,
  stamp: Partial<Omit<CommandEnvelope, 'command' | 'actor'>> = {},
): CommandEnvelope => ({
  commandId: `cmd-${++nextId}`,
  correlationId: 'corr',
  ip: null,
  device: null,
  at: AT,
  ...stamp,
  actor,
  command,
});

/** A given event: the deciders never read a given event's stream or position. */
export type Given = Pick<DomainEvent, 'type' | 'data'>;

/** A state built from given events and accepted decisions, and the live feed quotes decisions read. */
export class Scenario {
  readonly state: EngineState = emptyState();
  /** Every event given or accepted, in order: a full fold of it must equal `state`. */
  readonly log: DomainEvent[] = [];
  /** Replaceable, for a decision before the feed's first quotes. */
  quotes = new Quotes();
  /** The clock the next command is stamped with. */
  at = AT;

  given(...events: Given[]): this {
    for (const e of events) {
      evolve(this.state, e);
      this.log.push(e as DomainEvent);
    }
    return this;
  }
  feed(...updates: FeedUpdate[]): this {
    for (const u of updates) this.quotes.apply(u);
    return this;
  }
  /** The decision alone; the state is left as it was. */
  when(command: Command, actor: string | null = null, commandId?: string): Decision {
    return decide(
      this.state,
      envelope(command, actor, commandId ? { at: this.at, commandId } : { at: this.at }),
      this.quotes,
    );
  }
  /** Decides and, if accepted, folds, as the loop does (fills take feed liquidity); a refusal is returned too. */
  step(command: Command, actor: string | null = null, commandId?: string): Decision {
    const d = this.when(command, actor, commandId);
    if (d.ok)
      for (const e of d.events) {
        evolve(this.state, e);
        this.quotes.absorb(e, this.state);
        this.log.push(e);
      }
    return d;
  }
  /** A given command: it must be accepted. */
  do(command: Command, actor: string | null = null, commandId?: string): DomainEvent[] {
    const d = this.step(command, actor, commandId);
    if (!d.ok) throw new Error(`given ${command.type} refused: ${d.refusal.message}`);
    return d.events;
  }
  /** Then: the command is refused with this code (and a message that matches, when one is given). */
  refused(t: Test, command: Command, actor: string | null, code: string, message?: string | RegExp): void {
    const d = this.when(command, actor);
    t.notOk(d.ok, `${command.type} refused`);
    if (!d.ok) {
      t.equal(d.refusal.code, code);
      if (message !== undefined) t.match(d.refusal.message, message);
    }
  }
  /** A user's wallet. */
  balance(userId: string): Paise {
    return this.account(`wallet:${userId}`);
  }
  account(name: string): Paise {
    return this.state.balances.get(name) ?? 0;
  }
  exposure(userId: string): Paise {
    return this.state.exposure.get(userId) ?? 0;
  }
}

/** Given these events: a scenario to send commands to. */
export const given = (...events: Given[]): Scenario => new Scenario().given(...events);

/** Given these events, when `actor` sends `command`: the decision. */
export const whenGiven = (events: Given[], command: Command, actor: string | null = null): Decision =>
  given(...events).when(command, actor);

/** Then: the refusal a decision must be, for t.same (code and message) or t.match (code alone). */
export const refused = (code: string, message?: string) =>
  message === undefined ? { ok: false, refusal: { code } } : { ok: false, refusal: { code, message } };

/** A CreateUser with no credit, no limit and a dummy hash. */
export const createUser = (
  userId: string,
  role: RoleSlug,
  parentId: string | null,
  username = userId,
  mustChangePassword = false,
): Extract<Command, { type: 'CreateUser' }> => ({
  type: 'CreateUser',
  userId,
  username,
  fullName: username,
  role,
  parentId,
  passwordHash: 'h',
  creditReference: 0,
  exposureLimit: 0,
  mustChangePassword,
});

/** The UserCreated such a CreateUser gives, as the tests give their hierarchies. */
export const userCreated = (
  userId: string,
  role: RoleSlug,
  parentId: string | null,
  username = userId,
): DomainEvent => {
  const { type: _, ...data } = createUser(userId, role, parentId, username);
  return { type: 'UserCreated', data } as DomainEvent;
};

/** Chips minted to a user, with balanced postings. */
export const chipsMinted = (userId: string, amount: Paise): DomainEvent =>
  ({
    type: 'ChipsMinted',
    data: {
      userId,
      amount,
      postings: [
        { account: 'mint', amount: -amount },
        { account: `wallet:${userId}`, amount },
      ],
    },
  }) as DomainEvent;

/** Chips moved between two wallets, with balanced postings. */
export const chipsTransferred = (
  fromUserId: string,
  toUserId: string,
  amount: Paise,
  kind: 'deposit' | 'withdraw' = 'deposit',
): DomainEvent =>
  ({
    type: 'ChipsTransferred',
    data: {
      kind,
      fromUserId,
      toUserId,
      amount,
      remark: '',
      postings: [
        { account: `wallet:${fromUserId}`, amount: -amount },
        { account: `wallet:${toUserId}`, amount },
      ],
    },
  }) as DomainEvent;
