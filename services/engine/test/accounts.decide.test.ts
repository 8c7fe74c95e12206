import t from 'tap';
import type { Command, CommandEnvelope, DomainEvent } from '@exch/contracts';
import { decide, emptyState, fold } from '../src/index.js';

const envelope = (command: Command, actor: string | null): CommandEnvelope => ({
  commandId: 'cmd-1',
  correlationId: 'corr-1',
  actor,
  ip: null,
  device: null,
  at: '2026-11-22T10:00:00.000Z',
  command,
});

/** given events, when a command by an actor, then the events (or a refusal code). */
function scenario(given: Pick<DomainEvent, 'type' | 'data'>[], command: Command, actor: string | null) {
  return decide(fold(emptyState(), given), envelope(command, actor));
}

const user = (userId: string, username: string, role: string, parentId: string | null) =>
  ({
    type: 'UserCreated',
    data: {
      userId,
      username,
      fullName: username,
      role,
      parentId,
      passwordHash: 'h',
      creditReference: 0,
      exposureLimit: 0,
      mustChangePassword: false,
    },
  }) as DomainEvent;
const minted = (userId: string, amount: number) =>
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
const transferred = (fromUserId: string, toUserId: string, amount: number) =>
  ({
    type: 'ChipsTransferred',
    data: {
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

const createCmd = (
  userId: string,
  username: string,
  role: 'admin' | 'sadmin' | 'smdl' | 'user',
  parentId: string | null,
): Command => ({
  type: 'CreateUser',
  userId,
  username,
  fullName: username,
  role,
  parentId,
  passwordHash: 'h',
  creditReference: 0,
  exposureLimit: 0,
  mustChangePassword: true,
});

t.test('CreateUser', async (t) => {
  t.test('the first admin bootstraps without an upline', async (t) => {
    const d = scenario([], createCmd('a', 'admin', 'admin', null), null);
    t.same(d, {
      ok: true,
      events: [
        {
          type: 'UserCreated',
          streamId: 'user-a',
          data: {
            userId: 'a',
            username: 'admin',
            fullName: 'admin',
            role: 'admin',
            parentId: null,
            passwordHash: 'h',
            creditReference: 0,
            exposureLimit: 0,
            mustChangePassword: true,
          },
        },
      ],
    });
  });
  t.test('a second account without an upline is refused', async (t) => {
    const d = scenario([user('a', 'admin', 'admin', null)], createCmd('b', 'other', 'admin', null), null);
    t.match(d, { ok: false, refusal: { code: 'PARENT_REQUIRED' } });
  });
  t.test('an upline creates a role below its own', async (t) => {
    const d = scenario([user('a', 'admin', 'admin', null)], createCmd('s', 'sadmin1', 'sadmin', 'a'), 'a');
    t.match(d, {
      ok: true,
      events: [{ type: 'UserCreated', streamId: 'user-s', data: { userId: 's', role: 'sadmin', parentId: 'a' } }],
    });
  });
  t.test('a role at or above the creator is refused', async (t) => {
    const given = [user('a', 'admin', 'admin', null), user('s', 'sadmin1', 'sadmin', 'a')];
    t.match(scenario(given, createCmd('x', 'x_admin', 'admin', 's'), 's'), {
      ok: false,
      refusal: { code: 'ROLE_NOT_ALLOWED' },
    });
    t.match(scenario(given, createCmd('x', 'x_sadmin', 'sadmin', 's'), 's'), {
      ok: false,
      refusal: { code: 'ROLE_NOT_ALLOWED' },
    });
  });
  t.test('only the upline itself may create under it', async (t) => {
    const given = [user('a', 'admin', 'admin', null), user('s', 'sadmin1', 'sadmin', 'a')];
    t.match(scenario(given, createCmd('x', 'player9', 'user', 's'), 'a'), {
      ok: false,
      refusal: { code: 'FORBIDDEN' },
    });
  });
  t.test('duplicate usernames are refused whatever the case', async (t) => {
    const given = [user('a', 'admin', 'admin', null), user('s', 'sadmin1', 'sadmin', 'a')];
    t.match(scenario(given, createCmd('x', 'SADMIN1', 'smdl', 'a'), 'a'), {
      ok: false,
      refusal: { code: 'USERNAME_TAKEN', message: 'Username already exists' },
    });
  });
  t.test('malformed usernames and negative limits are refused', async (t) => {
    const given = [user('a', 'admin', 'admin', null)];
    t.match(scenario(given, createCmd('x', 'a b', 'sadmin', 'a'), 'a'), {
      ok: false,
      refusal: { code: 'INVALID_USERNAME' },
    });
    t.match(scenario(given, { ...createCmd('x', 'abc', 'sadmin', 'a'), creditReference: -1 } as Command, 'a'), {
      ok: false,
      refusal: { code: 'INVALID_AMOUNT' },
    });
    t.match(scenario(given, { ...createCmd('x', 'abc', 'sadmin', 'a'), exposureLimit: 0.5 } as Command, 'a'), {
      ok: false,
      refusal: { code: 'INVALID_AMOUNT' },
    });
  });
});

t.test('MintChips', async (t) => {
  const given = [user('a', 'admin', 'admin', null), user('s', 'sadmin1', 'sadmin', 'a')];
  t.test('mints to the top admin with balanced postings', async (t) => {
    const d = scenario(given, { type: 'MintChips', userId: 'a', amount: 1_000_000_00 }, null);
    t.same(d, {
      ok: true,
      events: [
        {
          type: 'ChipsMinted',
          streamId: 'user-a',
          data: {
            userId: 'a',
            amount: 100000000,
            postings: [
              { account: 'mint', amount: -100000000 },
              { account: 'wallet:a', amount: 100000000 },
            ],
          },
        },
      ],
    });
  });
  t.test('refuses anyone but the top admin, and bad amounts', async (t) => {
    t.match(scenario(given, { type: 'MintChips', userId: 's', amount: 100 }, null), {
      ok: false,
      refusal: { code: 'FORBIDDEN' },
    });
    t.match(
      scenario(given, { type: 'MintChips', userId: 'a', amount: 100 }, 'a'),
      { ok: false, refusal: { code: 'FORBIDDEN', message: 'Chips can only be minted by the system' } },
      'not even by the admin itself',
    );
    for (const amount of [0, -5, 1.5, Number.NaN, 1e16]) {
      t.match(
        scenario(given, { type: 'MintChips', userId: 'a', amount }, null),
        { ok: false, refusal: { code: 'INVALID_AMOUNT' } },
        `amount ${amount}`,
      );
    }
  });
});

t.test('TransferChips', async (t) => {
  const given = [
    user('a', 'admin', 'admin', null),
    user('s', 'sadmin1', 'sadmin', 'a'),
    user('m', 'master1', 'smdl', 's'),
    minted('a', 50_000),
    transferred('a', 's', 20_000),
  ];
  t.test('deposit down one level by the upline', async (t) => {
    const d = scenario(
      given,
      { type: 'TransferChips', fromUserId: 's', toUserId: 'm', amount: 12_345, remark: 'D' },
      's',
    );
    t.same(d, {
      ok: true,
      events: [
        {
          type: 'ChipsTransferred',
          streamId: 'user-s',
          data: {
            kind: 'deposit',
            fromUserId: 's',
            toUserId: 'm',
            amount: 12345,
            remark: 'D',
            postings: [
              { account: 'wallet:s', amount: -12345 },
              { account: 'wallet:m', amount: 12345 },
            ],
          },
        },
      ],
    });
  });
  t.test('withdraw up one level, started by the upline', async (t) => {
    const d = scenario(
      given,
      { type: 'TransferChips', fromUserId: 's', toUserId: 'a', amount: 20_000, remark: 'W' },
      'a',
    );
    t.match(d, {
      ok: true,
      events: [
        {
          data: {
            kind: 'withdraw',
            postings: [
              { account: 'wallet:s', amount: -20000 },
              { account: 'wallet:a', amount: 20000 },
            ],
          },
        },
      ],
    });
  });
  t.test('more than the giver holds is refused', async (t) => {
    t.match(
      scenario(given, { type: 'TransferChips', fromUserId: 's', toUserId: 'm', amount: 20_001, remark: '' }, 's'),
      {
        ok: false,
        refusal: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance' },
      },
    );
  });
  t.test('skipping a level, the wrong actor and bad amounts are refused', async (t) => {
    t.match(scenario(given, { type: 'TransferChips', fromUserId: 'a', toUserId: 'm', amount: 1, remark: '' }, 'a'), {
      ok: false,
      refusal: { code: 'NOT_DOWNLINE' },
    });
    t.match(scenario(given, { type: 'TransferChips', fromUserId: 's', toUserId: 'm', amount: 1, remark: '' }, 'm'), {
      ok: false,
      refusal: { code: 'FORBIDDEN' },
    });
    t.match(scenario(given, { type: 'TransferChips', fromUserId: 's', toUserId: 'm', amount: 0.01, remark: '' }, 's'), {
      ok: false,
      refusal: { code: 'INVALID_AMOUNT' },
    });
    t.match(scenario(given, { type: 'TransferChips', fromUserId: 's', toUserId: 'zz', amount: 1, remark: '' }, 's'), {
      ok: false,
      refusal: { code: 'UNKNOWN_USER' },
    });
  });
});

t.test('evolve folds balances from postings', async (t) => {
  const s = fold(emptyState(), [
    user('a', 'admin', 'admin', null),
    user('s', 'sadmin1', 'sadmin', 'a'),
    minted('a', 500),
    transferred('a', 's', 200),
    transferred('s', 'a', 50),
  ]);
  t.same(s.balances, { mint: -500, 'wallet:a': 350, 'wallet:s': 150 });
  t.same(s.usernames, { admin: 'a', sadmin1: 's' });
});
