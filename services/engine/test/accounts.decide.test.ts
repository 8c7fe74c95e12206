import t from 'tap';
import type { Command } from '@exch/contracts';
import { chipsMinted, chipsTransferred, createUser, given, userCreated, whenGiven } from './harness.js';

t.test('CreateUser', async (t) => {
  t.test('the first admin bootstraps without an upline', async (t) => {
    const d = whenGiven([], createUser('a', 'admin', null, 'admin', true), null);
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
    const d = whenGiven(
      [userCreated('a', 'admin', null, 'admin')],
      createUser('b', 'admin', null, 'other', true),
      null,
    );
    t.match(d, { ok: false, refusal: { code: 'PARENT_REQUIRED' } });
  });
  t.test('an upline creates a role below its own', async (t) => {
    const d = whenGiven(
      [userCreated('a', 'admin', null, 'admin')],
      createUser('s', 'sadmin', 'a', 'sadmin1', true),
      'a',
    );
    t.match(d, {
      ok: true,
      events: [{ type: 'UserCreated', streamId: 'user-s', data: { userId: 's', role: 'sadmin', parentId: 'a' } }],
    });
  });
  t.test('a role at or above the creator is refused', async (t) => {
    const given = [userCreated('a', 'admin', null, 'admin'), userCreated('s', 'sadmin', 'a', 'sadmin1')];
    t.match(whenGiven(given, createUser('x', 'admin', 's', 'x_admin', true), 's'), {
      ok: false,
      refusal: { code: 'ROLE_NOT_ALLOWED' },
    });
    t.match(whenGiven(given, createUser('x', 'sadmin', 's', 'x_sadmin', true), 's'), {
      ok: false,
      refusal: { code: 'ROLE_NOT_ALLOWED' },
    });
  });
  t.test('only the upline itself may create under it', async (t) => {
    const given = [userCreated('a', 'admin', null, 'admin'), userCreated('s', 'sadmin', 'a', 'sadmin1')];
    t.match(whenGiven(given, createUser('x', 'user', 's', 'player9', true), 'a'), {
      ok: false,
      refusal: { code: 'FORBIDDEN' },
    });
  });
  t.test('duplicate usernames are refused whatever the case', async (t) => {
    const given = [userCreated('a', 'admin', null, 'admin'), userCreated('s', 'sadmin', 'a', 'sadmin1')];
    t.match(whenGiven(given, createUser('x', 'smdl', 'a', 'SADMIN1', true), 'a'), {
      ok: false,
      refusal: { code: 'USERNAME_TAKEN', message: 'Username already exists' },
    });
  });
  t.test('malformed usernames and negative limits are refused', async (t) => {
    const given = [userCreated('a', 'admin', null, 'admin')];
    t.match(whenGiven(given, createUser('x', 'sadmin', 'a', 'a b', true), 'a'), {
      ok: false,
      refusal: { code: 'INVALID_USERNAME' },
    });
    t.match(whenGiven(given, { ...createUser('x', 'sadmin', 'a', 'abc', true), creditReference: -1 } as Command, 'a'), {
      ok: false,
      refusal: { code: 'INVALID_AMOUNT' },
    });
    t.match(whenGiven(given, { ...createUser('x', 'sadmin', 'a', 'abc', true), exposureLimit: 0.5 } as Command, 'a'), {
      ok: false,
      refusal: { code: 'INVALID_AMOUNT' },
    });
  });
});

t.test('MintChips', async (t) => {
  const given = [userCreated('a', 'admin', null, 'admin'), userCreated('s', 'sadmin', 'a', 'sadmin1')];
  t.test('mints to the top admin with balanced postings', async (t) => {
    const d = whenGiven(given, { type: 'MintChips', userId: 'a', amount: 1_000_000_00 }, null);
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
    t.match(whenGiven(given, { type: 'MintChips', userId: 's', amount: 100 }, null), {
      ok: false,
      refusal: { code: 'FORBIDDEN' },
    });
    t.match(
      whenGiven(given, { type: 'MintChips', userId: 'a', amount: 100 }, 'a'),
      { ok: false, refusal: { code: 'FORBIDDEN', message: 'Chips can only be minted by the system' } },
      'not even by the admin itself',
    );
    for (const amount of [0, -5, 1.5, Number.NaN, 1e16]) {
      t.match(
        whenGiven(given, { type: 'MintChips', userId: 'a', amount }, null),
        { ok: false, refusal: { code: 'INVALID_AMOUNT' } },
        `amount ${amount}`,
      );
    }
  });
});

t.test('TransferChips', async (t) => {
  const given = [
    userCreated('a', 'admin', null, 'admin'),
    userCreated('s', 'sadmin', 'a', 'sadmin1'),
    userCreated('m', 'smdl', 's', 'master1'),
    chipsMinted('a', 50_000),
    chipsTransferred('a', 's', 20_000),
  ];
  t.test('deposit down one level by the upline', async (t) => {
    const d = whenGiven(
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
    const d = whenGiven(
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
      whenGiven(given, { type: 'TransferChips', fromUserId: 's', toUserId: 'm', amount: 20_001, remark: '' }, 's'),
      {
        ok: false,
        refusal: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance' },
      },
    );
  });
  t.test('skipping a level, the wrong actor and bad amounts are refused', async (t) => {
    t.match(whenGiven(given, { type: 'TransferChips', fromUserId: 'a', toUserId: 'm', amount: 1, remark: '' }, 'a'), {
      ok: false,
      refusal: { code: 'NOT_DOWNLINE' },
    });
    t.match(whenGiven(given, { type: 'TransferChips', fromUserId: 's', toUserId: 'm', amount: 1, remark: '' }, 'm'), {
      ok: false,
      refusal: { code: 'FORBIDDEN' },
    });
    t.match(
      whenGiven(given, { type: 'TransferChips', fromUserId: 's', toUserId: 'm', amount: 0.01, remark: '' }, 's'),
      {
        ok: false,
        refusal: { code: 'INVALID_AMOUNT' },
      },
    );
    t.match(whenGiven(given, { type: 'TransferChips', fromUserId: 's', toUserId: 'zz', amount: 1, remark: '' }, 's'), {
      ok: false,
      refusal: { code: 'UNKNOWN_USER' },
    });
  });
});

t.test('evolve folds balances from postings', async (t) => {
  const s = given(
    userCreated('a', 'admin', null, 'admin'),
    userCreated('s', 'sadmin', 'a', 'sadmin1'),
    chipsMinted('a', 500),
    chipsTransferred('a', 's', 200),
    chipsTransferred('s', 'a', 50, 'withdraw'),
  ).state;
  t.same(Object.fromEntries(s.balances), { mint: -500, 'wallet:a': 350, 'wallet:s': 150 });
  t.same(s.usernames, { admin: 'a', sadmin1: 's' });
});
