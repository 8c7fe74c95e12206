import t from 'tap';
import { walletAccount, type Paise, type RoleSlug } from '@exch/contracts';
// The client row as the gateway reads it: the fold must equal what the route would read back.
import { clientAfter, clientOf, type ClientDbRow } from '../src/read.js';
import { columns, event, readModels } from './fold-harness.js';

/**
 * One fold per fact (docs/architecture.md): clientAfter, folding a command's committed events onto
 * the row read before it, gives the row the users and partnership projections write, column for
 * column, for every event it folds, several in one batch.
 */

const ADMIN = 'u-admin';
const AGENT = 'u-agent';
const PLAYER = 'u-player';

const created = (userId: string, username: string, role: RoleSlug, parentId: string | null, creditReference: Paise) =>
  event('UserCreated', {
    userId,
    username,
    fullName: `${username} name`,
    role,
    parentId,
    passwordHash: 'h',
    creditReference,
    exposureLimit: 0,
    mustChangePassword: false,
  });
const transfer = (kind: 'deposit' | 'withdraw', upline: string, downline: string, amount: Paise) => {
  const [from, to] = kind === 'deposit' ? [upline, downline] : [downline, upline];
  return event('ChipsTransferred', {
    kind,
    fromUserId: upline,
    toUserId: downline,
    amount,
    remark: kind,
    postings: [
      { account: walletAccount(from), amount: -amount },
      { account: walletAccount(to), amount },
    ],
  });
};

t.test('clientAfter gives the row the users projection folds', async (t) => {
  const rm = await readModels();
  t.teardown(() => rm.close());
  await rm.commit(
    created(ADMIN, 'admin', 'admin', null, 0),
    event('ChipsMinted', {
      userId: ADMIN,
      amount: 10_000_000,
      postings: [
        { account: 'mint', amount: -10_000_000 },
        { account: walletAccount(ADMIN), amount: 10_000_000 },
      ],
    }),
  );
  const read = async (userId: string) => (await clientOf(rm.sql, userId))!;
  /** Commits one command's events and checks the fold of them onto `before` against the read after. */
  const check = async (
    name: string,
    userId: string,
    before: ClientDbRow | null,
    ...events: Parameters<typeof rm.commit>
  ) => {
    const folded = clientAfter(before, await rm.commit(...events));
    t.strictSame(columns(folded!), columns(await read(userId)), name);
  };

  await check(
    'created with a share and chips in one batch',
    AGENT,
    null,
    created(AGENT, 'agent', 'dl', ADMIN, 500_000),
    event('PartnershipSet', { userId: AGENT, parentId: ADMIN, shareBp: 2_500 }),
    transfer('deposit', ADMIN, AGENT, 200_000),
  );
  await check(
    'details, credit reference and exposure limit',
    AGENT,
    await read(AGENT),
    event('UserDetailsUpdated', { userId: AGENT, fullName: 'Agent Renamed' }),
    event('CreditReferenceSet', { userId: AGENT, creditReference: 700_000 }),
    event('ExposureLimitSet', { userId: AGENT, exposureLimit: 90_000 }),
  );
  await check(
    'locks and a withdrawal',
    AGENT,
    await read(AGENT),
    event('AccountLockSet', { userId: AGENT, locked: true }),
    event('BetLockSet', { userId: AGENT, locked: true }),
    transfer('withdraw', ADMIN, AGENT, 50_000),
  );
  await check(
    "a child created and funded, with the child's own events: the parent's count and balance",
    AGENT,
    await read(AGENT),
    created(PLAYER, 'player', 'user', AGENT, 100_000),
    transfer('deposit', AGENT, PLAYER, 30_000),
    event('CreditReferenceSet', { userId: PLAYER, creditReference: 120_000 }),
    event('BetLockSet', { userId: PLAYER, locked: true }),
  );
  await check(
    'a new share, unlocked',
    AGENT,
    await read(AGENT),
    event('PartnershipSet', { userId: AGENT, parentId: ADMIN, shareBp: 1_000 }),
    event('AccountLockSet', { userId: AGENT, locked: false }),
    event('BetLockSet', { userId: AGENT, locked: false }),
  );
  await check(
    'a player, created and changed in one batch',
    'u-player2',
    null,
    created('u-player2', 'player2', 'user', AGENT, 0),
    event('UserDetailsUpdated', { userId: 'u-player2', fullName: 'Second' }),
    event('ExposureLimitSet', { userId: 'u-player2', exposureLimit: 5_000 }),
    transfer('deposit', AGENT, 'u-player2', 10_000),
  );
});
