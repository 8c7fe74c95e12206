import t from 'tap';
import type { Command, DomainEvent } from '@exch/contracts';
import { isAncestor } from '../src/index.js';
import { given, userCreated, whenGiven } from './harness.js';

// admin a > sadmin s > master m > player p; a second branch: sadmin s2 > player q.
const tree = [
  userCreated('a', 'admin', null),
  userCreated('s', 'sadmin', 'a'),
  userCreated('m', 'smdl', 's'),
  userCreated('p', 'user', 'm'),
  userCreated('s2', 'sadmin', 'a'),
  userCreated('q', 'user', 's2'),
];
const when = (command: Command, actor: string | null, events: DomainEvent[] = tree) =>
  whenGiven(events, command, actor);

t.test('isAncestor walks the whole chain, never sideways or down', async (t) => {
  const s = given(...tree).state;
  t.ok(isAncestor(s, 'a', 'p'));
  t.ok(isAncestor(s, 's', 'p'));
  t.ok(isAncestor(s, 'm', 'p'));
  t.notOk(isAncestor(s, 'p', 'p'), 'not oneself');
  t.notOk(isAncestor(s, 's2', 'p'), 'not another branch');
  t.notOk(isAncestor(s, 'p', 'm'), 'not upward');
  t.notOk(isAncestor(s, null, 'p'));
});

t.test('upline actions: whole downline allowed, another branch and self refused', async (t) => {
  const commands: Command[] = [
    { type: 'SetCreditReference', userId: 'p', creditReference: 5_000_00 },
    { type: 'SetExposureLimit', userId: 'p', exposureLimit: 2_500_50 },
    { type: 'SetAccountLock', userId: 'p', locked: true },
    { type: 'SetBetLock', userId: 'p', locked: true },
    { type: 'UpdateUserDetails', userId: 'p', fullName: '  New Name ' },
    { type: 'ChangePassword', userId: 'p', passwordHash: 'h2', mustChangePassword: true },
  ];
  for (const c of commands) {
    t.match(when(c, 's'), { ok: true }, `${c.type} by grand-upline`);
    t.match(when(c, 'm'), { ok: true }, `${c.type} by direct upline`);
    t.match(
      when(c, 's2'),
      { ok: false, refusal: { code: 'FORBIDDEN', message: 'You can only manage accounts in your downline' } },
      `${c.type} from another branch`,
    );
    t.match(when(c, 'q'), { ok: false, refusal: { code: 'FORBIDDEN' } }, `${c.type} by a player`);
  }
  t.match(
    when({ type: 'SetAccountLock', userId: 's', locked: true }, 's'),
    { ok: false, refusal: { code: 'FORBIDDEN' } },
    'nobody locks themselves',
  );
});

t.test('exact events', async (t) => {
  t.same(when({ type: 'SetCreditReference', userId: 'p', creditReference: 5_000_00 }, 'm'), {
    ok: true,
    events: [{ type: 'CreditReferenceSet', streamId: 'user-p', data: { userId: 'p', creditReference: 500000 } }],
  });
  t.same(when({ type: 'UpdateUserDetails', userId: 'p', fullName: '  New Name ' }, 'm'), {
    ok: true,
    events: [{ type: 'UserDetailsUpdated', streamId: 'user-p', data: { userId: 'p', fullName: 'New Name' } }],
  });
  t.same(when({ type: 'SetBetLock', userId: 'p', locked: true }, 'a'), {
    ok: true,
    events: [{ type: 'BetLockSet', streamId: 'user-p', data: { userId: 'p', locked: true, setBy: 'a' } }],
  });
  t.same(when({ type: 'SetPermissions', userId: 'm', permissions: ['b', 'a', 'b'] }, 's'), {
    ok: true,
    events: [{ type: 'PermissionsSet', streamId: 'user-m', data: { userId: 'm', permissions: ['a', 'b'] } }],
  });
});

t.test('setting what is already set writes nothing', async (t) => {
  const locked = [...tree, { type: 'AccountLockSet', data: { userId: 'p', locked: true } } as DomainEvent];
  t.same(when({ type: 'SetAccountLock', userId: 'p', locked: true }, 'm', locked), { ok: true, events: [] });
  t.match(when({ type: 'SetAccountLock', userId: 'p', locked: false }, 'm', locked), {
    ok: true,
    events: [{ type: 'AccountLockSet', data: { locked: false } }],
  });
  t.same(when({ type: 'SetExposureLimit', userId: 'p', exposureLimit: 0 }, 'm'), { ok: true, events: [] });
});

t.test('bad limits are refused', async (t) => {
  for (const v of [-1, 0.5, 1e14, Number.NaN]) {
    t.match(
      when({ type: 'SetCreditReference', userId: 'p', creditReference: v }, 'm'),
      { ok: false, refusal: { code: 'INVALID_AMOUNT' } },
      `credit ${v}`,
    );
    t.match(
      when({ type: 'SetExposureLimit', userId: 'p', exposureLimit: v }, 'm'),
      { ok: false, refusal: { code: 'INVALID_AMOUNT' } },
      `limit ${v}`,
    );
  }
  t.match(when({ type: 'UpdateUserDetails', userId: 'p', fullName: '   ' }, 'm'), {
    ok: false,
    refusal: { code: 'INVALID_NAME' },
  });
});

t.test('passwords: the owner changes, an upline resets with a forced change', async (t) => {
  t.same(when({ type: 'ChangePassword', userId: 'p', passwordHash: 'h2', mustChangePassword: false }, 'p'), {
    ok: true,
    events: [
      {
        type: 'PasswordChanged',
        streamId: 'user-p',
        data: { userId: 'p', passwordHash: 'h2', mustChangePassword: false },
      },
    ],
  });
  t.match(when({ type: 'ChangePassword', userId: 'p', passwordHash: 'h2', mustChangePassword: false }, 'm'), {
    ok: false,
    refusal: { code: 'INVALID_REQUEST' },
  });
  t.match(when({ type: 'ChangePassword', userId: 'p', passwordHash: 'h2', mustChangePassword: true }, 'p'), {
    ok: false,
    refusal: { code: 'INVALID_REQUEST' },
  });
  t.match(when({ type: 'SetTransactionPassword', userId: 'm', transactionPasswordHash: 't' }, 'm'), {
    ok: true,
    events: [{ type: 'TransactionPasswordSet' }],
  });
  t.match(when({ type: 'SetTransactionPassword', userId: 'm', transactionPasswordHash: 't' }, 's'), {
    ok: false,
    refusal: { code: 'FORBIDDEN' },
  });
});

t.test('privileges only for back-office accounts', async (t) => {
  t.match(when({ type: 'SetPermissions', userId: 'p', permissions: [] }, 'm'), {
    ok: false,
    refusal: { code: 'ROLE_NOT_ALLOWED' },
  });
});

t.test('two-factor on and off by the owner only', async (t) => {
  t.same(when({ type: 'EnableTotp', userId: 'p' }, 'p'), {
    ok: true,
    events: [{ type: 'TotpEnabled', streamId: 'user-p', data: { userId: 'p' } }],
  });
  t.match(when({ type: 'EnableTotp', userId: 'p' }, 'm'), { ok: false, refusal: { code: 'FORBIDDEN' } });
  t.match(when({ type: 'DisableTotp', userId: 'p' }, 'p'), { ok: false, refusal: { code: 'TOTP_NOT_ENABLED' } });
  const on = [...tree, { type: 'TotpEnabled', data: { userId: 'p' } } as DomainEvent];
  t.match(when({ type: 'EnableTotp', userId: 'p' }, 'p', on), { ok: false, refusal: { code: 'TOTP_ALREADY_ENABLED' } });
  t.match(when({ type: 'DisableTotp', userId: 'p' }, 'p', on), { ok: true, events: [{ type: 'TotpDisabled' }] });
});

t.test('logins are recorded for the owner', async (t) => {
  t.same(when({ type: 'RecordLogin', userId: 'p', context: 'player' }, 'p'), {
    ok: true,
    events: [{ type: 'UserLoggedIn', streamId: 'user-p', data: { userId: 'p', context: 'player' } }],
  });
  t.match(when({ type: 'RecordLogin', userId: 'p', context: 'player' }, 'm'), { ok: false });
});
