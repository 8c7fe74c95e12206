import t from 'tap';
import type { Command, DomainEvent } from '@exch/contracts';
import { given, userCreated, whenGiven } from './harness.js';

const share = (userId: string, parentId: string, shareBp: number) =>
  ({ type: 'PartnershipSet', data: { userId, parentId, shareBp } }) as DomainEvent;

// admin a (100%) > sadmin s > master m > dealer d > player p.
const tree = [
  userCreated('a', 'admin', null),
  userCreated('s', 'sadmin', 'a'),
  userCreated('m', 'smdl', 's'),
  userCreated('d', 'dl', 'm'),
  userCreated('p', 'user', 'd'),
];
const when = (command: Command, actor: string | null, events: DomainEvent[] = tree) =>
  whenGiven(events, command, actor);
const set = (userId: string, shareBp: number): Command => ({ type: 'SetPartnership', userId, shareBp });

t.test('a share is set by an upline, as an event naming the parent', async (t) => {
  t.same(when(set('s', 9_000), 'a'), {
    ok: true,
    events: [{ type: 'PartnershipSet', streamId: 'user-s', data: { userId: 's', parentId: 'a', shareBp: 9_000 } }],
  });
  t.match(
    when(set('m', 0), 'a', [...tree, share('s', 'a', 9_000)]),
    { ok: true, events: [] },
    'none is what an account never set holds',
  );
  t.match(
    when(set('d', 100), 'm', [...tree, share('s', 'a', 9_000), share('m', 's', 5_000)]),
    { ok: true, events: [{ data: { shareBp: 100 } }] },
    'a grand-upline or the parent',
  );
});

t.test('never above what the upline holds, never below a child', async (t) => {
  t.match(when(set('m', 100), 's'), {
    ok: false,
    refusal: { code: 'SHARE_ABOVE_UPLINE', message: 'Partnership share cannot be above what the upline holds (0.00%)' },
  });
  const chain = [...tree, share('s', 'a', 9_000), share('m', 's', 8_000), share('d', 'm', 4_000)];
  t.match(when(set('d', 8_001), 'm', chain), {
    ok: false,
    refusal: {
      code: 'SHARE_ABOVE_UPLINE',
      message: 'Partnership share cannot be above what the upline holds (80.00%)',
    },
  });
  t.match(when(set('m', 3_999), 's', chain), {
    ok: false,
    refusal: { code: 'SHARE_BELOW_DOWNLINE', message: 'A downline account holds 40.00%: lower its share first' },
  });
  t.match(when(set('s', 10_000), 'a', chain), { ok: true }, "up to the top admin's 100%");
});

t.test('who and what may be given a share', async (t) => {
  t.match(when(set('p', 100), 'd'), { ok: false, refusal: { code: 'ROLE_NOT_ALLOWED' } }, 'players hold none');
  t.match(when(set('s', 100), 's'), { ok: false, refusal: { code: 'FORBIDDEN' } }, "not one's own");
  t.match(when(set('a', 100), 'a'), { ok: false, refusal: { code: 'FORBIDDEN' } }, 'the top admin holds 100%');
  t.match(when(set('s', 10_001), 'a'), { ok: false, refusal: { code: 'INVALID_SHARE' } });
  t.match(when(set('s', 1.5), 'a'), { ok: false, refusal: { code: 'INVALID_SHARE' } });
});

t.test('evolve keeps the share the engine decides on', async (t) => {
  const state = given(...tree, share('s', 'a', 9_000), share('s', 'a', 7_000)).state;
  t.same(state.partnership, { s: 7_000 });
});

t.test('an account created with a share: both in one decision, or neither', async (t) => {
  const create = (shareBp: number | undefined, role = 'dl'): Command => ({
    type: 'CreateUser',
    userId: 'd2',
    username: 'u_d2',
    fullName: 'd2',
    role: role as 'dl',
    parentId: 'm',
    passwordHash: 'h',
    creditReference: 0,
    exposureLimit: 0,
    mustChangePassword: true,
    ...(shareBp === undefined ? {} : { shareBp }),
  });
  const chain = [...tree, share('s', 'a', 9_000), share('m', 's', 8_000)];
  const made = when(create(4_000), 'm', chain);
  t.match(made, {
    ok: true,
    events: [
      { type: 'UserCreated', streamId: 'user-d2' },
      { type: 'PartnershipSet', streamId: 'user-d2', data: { userId: 'd2', parentId: 'm', shareBp: 4_000 } },
    ],
  });
  t.notOk(
    made.ok && 'shareBp' in (made.events[0]!.data as object),
    'the share is its own event, not a field of UserCreated',
  );
  t.match(
    when(create(8_001), 'm', chain),
    {
      ok: false,
      refusal: {
        code: 'SHARE_ABOVE_UPLINE',
        message: 'Partnership share cannot be above what the upline holds (80.00%)',
      },
    },
    'a refused share creates nobody',
  );
  t.match(when(create(100, 'user'), 'm', chain), { ok: false, refusal: { code: 'ROLE_NOT_ALLOWED' } });
  t.match(when(create(0), 'm', chain), { ok: true, events: [{ type: 'UserCreated' }] }, 'none: no share event');
  t.equal((when(create(0), 'm', chain) as { events: unknown[] }).events.length, 1);
  t.equal((when(create(undefined), 'm', chain) as { events: unknown[] }).events.length, 1);
});

t.test('the edit form in one decision: a refused share changes nothing else', async (t) => {
  const chain = [...tree, share('s', 'a', 9_000), share('m', 's', 8_000), share('d', 'm', 4_000)];
  const edit = (shareBp?: number): Command => ({
    type: 'EditUser',
    userId: 'd',
    fullName: 'Dealer D',
    creditReference: 5_000_00,
    exposureLimit: 1_000_00,
    ...(shareBp === undefined ? {} : { shareBp }),
  });
  t.match(
    when(edit(8_001), 'm', chain),
    { ok: false, refusal: { code: 'SHARE_ABOVE_UPLINE' } },
    'the name and limits are not changed either',
  );
  t.match(when(edit(3_000), 'm', chain), {
    ok: true,
    events: [
      { type: 'PartnershipSet', data: { shareBp: 3_000 } },
      { type: 'UserDetailsUpdated' },
      { type: 'CreditReferenceSet' },
      { type: 'ExposureLimitSet' },
    ],
  });
  t.match(
    when(edit(), 'm', chain),
    {
      ok: true,
      events: [{ type: 'UserDetailsUpdated' }, { type: 'CreditReferenceSet' }, { type: 'ExposureLimitSet' }],
    },
    'no share: the rest',
  );
  t.match(
    when(
      { type: 'EditUser', userId: 'd', fullName: ' ', creditReference: 0, exposureLimit: 0, shareBp: 3_000 },
      'm',
      chain,
    ),
    { ok: false, refusal: { code: 'INVALID_NAME' } },
    'a bad name refuses the share too',
  );
  t.match(when(edit(3_000), 'd', chain), { ok: false, refusal: { code: 'FORBIDDEN' } }, "not one's own");
});

t.test('a dealer with two hundred thousand players is given a share', async (t) => {
  // Given in batches: a spread of them all would itself pass the stack's limit on arguments.
  let scenario = given(...tree, share('s', 'a', 9_000), share('m', 's', 8_000));
  for (let i = 0; i < 200_000; i += 10_000)
    scenario = scenario.given(...Array.from({ length: 10_000 }, (_, k) => userCreated(`p${i + k}`, 'user', 'd')));
  t.match(scenario.when(set('d', 4_000), 'm'), { ok: true, events: [{ data: { shareBp: 4_000 } }] });
});
