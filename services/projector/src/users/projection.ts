import type {
  AccountLockSet,
  BetLockSet,
  CreditReferenceSet,
  ExposureLimitSet,
  PasswordChanged,
  PermissionsSet,
  SqlClient,
  StoredEvent,
  TransactionPasswordSet,
  UserCreated,
  UserDetailsUpdated,
} from '@exch/contracts';
import { exposuresOf } from '../exposure.js';
import type { Projection } from '../projection.js';
import { walletPostings } from '../wallets.js';

/**
 * The identity columns come with UserCreated. They may be null for a while in distributed mode,
 * where money can reach a wallet (a deposit on the upline's stream, a settlement on a market's)
 * before the account's own stream is folded: the row then exists with its balance only.
 */
const DDL = [
  `create table if not exists rm_users (
    user_id text primary key,
    username text,
    username_lower text unique,
    full_name text,
    role text,
    parent_id text,
    password_hash text,
    transaction_password_hash text,
    credit_reference bigint not null default 0,
    exposure_limit bigint not null default 0,
    balance bigint not null default 0,
    exposure bigint not null default 0,
    exposure_position bigint not null default 0,
    must_change_password boolean not null default false,
    account_locked boolean not null default false,
    bet_locked boolean not null default false,
    totp_enabled boolean not null default false,
    permissions jsonb,
    last_login_at timestamptz,
    created_at timestamptz
  )`,
  `create index if not exists rm_users_parent on rm_users (parent_id)`,
];

/** Columns UserCreated sets: their types in the batch's recordset, and the value inserted (a row money reached first has defaults). */
const CREATED: [string, string, string][] = [
  ['username', 'text', 'username'],
  ['username_lower', 'text', 'lower(username)'],
  ['full_name', 'text', 'full_name'],
  ['role', 'text', 'role'],
  ['parent_id', 'text', 'parent_id'],
  ['password_hash', 'text', 'password_hash'],
  ['credit_reference', 'bigint', 'coalesce(credit_reference, 0)'],
  ['exposure_limit', 'bigint', 'coalesce(exposure_limit, 0)'],
  ['must_change_password', 'boolean', 'coalesce(must_change_password, false)'],
  ['created_at', 'timestamptz', 'created_at'],
];
const IN_RECORDSET = CREATED.filter(([c]) => c !== 'username_lower');

/** Columns the account's own later events set, with their types. */
const SETTABLE: Record<string, string> = {
  full_name: 'text',
  credit_reference: 'bigint',
  exposure_limit: 'bigint',
  password_hash: 'text',
  must_change_password: 'boolean',
  transaction_password_hash: 'text',
  account_locked: 'boolean',
  bet_locked: 'boolean',
  permissions: 'jsonb',
  totp_enabled: 'boolean',
  last_login_at: 'timestamptz',
};

/** The columns each event type sets; the event's userId names the row. */
const SETTERS: Record<string, (e: StoredEvent) => Record<string, unknown>> = {
  UserDetailsUpdated: (e) => ({ full_name: (e.data as UserDetailsUpdated).fullName }),
  CreditReferenceSet: (e) => ({ credit_reference: (e.data as CreditReferenceSet).creditReference }),
  ExposureLimitSet: (e) => ({ exposure_limit: (e.data as ExposureLimitSet).exposureLimit }),
  PasswordChanged: (e) => {
    const d = e.data as PasswordChanged;
    return { password_hash: d.passwordHash, must_change_password: d.mustChangePassword };
  },
  TransactionPasswordSet: (e) => ({
    transaction_password_hash: (e.data as TransactionPasswordSet).transactionPasswordHash,
  }),
  AccountLockSet: (e) => ({ account_locked: (e.data as AccountLockSet).locked }),
  BetLockSet: (e) => ({ bet_locked: (e.data as BetLockSet).locked }),
  PermissionsSet: (e) => ({ permissions: (e.data as PermissionsSet).permissions }),
  TotpEnabled: () => ({ totp_enabled: true }),
  TotpDisabled: () => ({ totp_enabled: false }),
  UserLoggedIn: (e) => ({ last_login_at: e.metadata.at }),
};

/** What one batch does to one row. */
interface Change {
  user_id: string;
  /** Set by UserCreated; null leaves the identity as it is. */
  username: string | null;
  /** Sum of the wallet's postings: added, so batches of several partitions commute. */
  delta: number;
  /** Total exposure at the latest position in the batch that set it: kept only if newer than the row's. */
  exposure: number | null;
  exposure_position: number;
  [column: string]: unknown;
}

/**
 * Writes a batch in at most two statements, whatever the mix of events: first every row it touches,
 * in user id order, with its identity, balance delta and exposure; then the columns the accounts'
 * own events set, on rows the first statement already locked. Consumers of different partitions
 * touch the same rows (a deposit credits a wallet on the upline's stream): taking the row locks in
 * one sorted statement keeps their transactions from deadlocking one another.
 */
const UPSERT = `insert into rm_users (user_id, ${CREATED.map(([c]) => c).join(', ')}, balance, exposure, exposure_position)
  select user_id, ${CREATED.map(([, , value]) => value).join(', ')}, delta, coalesce(exposure, 0), exposure_position
  from jsonb_to_recordset($1::jsonb) as r(user_id text, ${IN_RECORDSET.map(([c, t]) => `${c} ${t}`).join(', ')}, delta bigint, exposure bigint, exposure_position bigint)
  on conflict (user_id) do update set
    ${CREATED.map(([c]) => `${c} = case when excluded.username is null then rm_users.${c} else excluded.${c} end`).join(',\n    ')},
    balance = rm_users.balance + excluded.balance,
    exposure = case when excluded.exposure_position > rm_users.exposure_position then excluded.exposure else rm_users.exposure end,
    exposure_position = greatest(rm_users.exposure_position, excluded.exposure_position)`;

const PATCH = `update rm_users u set
    ${Object.entries(SETTABLE)
      .map(([c, t]) => `${c} = case when p.patch ? '${c}' then (p.patch->>'${c}')::${t} else u.${c} end`)
      .join(',\n    ')}
  from jsonb_to_recordset($1::jsonb) as p(user_id text, patch jsonb) where u.user_id = p.user_id`;

/** Accounts as the gateway and the back office read them: identity, role, upline, limits, locks, balance and exposure (paise). */
export const usersProjection: Projection = {
  name: 'users',
  version: 4,
  tables: ['rm_users'],
  async setup(sql: SqlClient) {
    for (const stmt of DDL) await sql.query(stmt);
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    const changes = new Map<string, Change>();
    const change = (userId: string): Change => {
      let c = changes.get(userId);
      if (!c)
        changes.set(userId, (c = { user_id: userId, username: null, delta: 0, exposure: null, exposure_position: 0 }));
      return c;
    };
    // Per row, the columns its own events set, the last one winning (the batch is in position order).
    const patches = new Map<string, Record<string, unknown>>();
    for (const e of events) {
      for (const { userId, amount } of walletPostings(e)) change(userId).delta += amount;
      for (const { userId, totalExposure } of exposuresOf(e))
        Object.assign(change(userId), { exposure: totalExposure, exposure_position: e.position });
      if (e.type === 'UserCreated') {
        const d = e.data as UserCreated;
        Object.assign(change(d.userId), {
          username: d.username,
          full_name: d.fullName,
          role: d.role,
          parent_id: d.parentId,
          password_hash: d.passwordHash,
          credit_reference: d.creditReference,
          exposure_limit: d.exposureLimit,
          must_change_password: d.mustChangePassword,
          created_at: e.metadata.at,
        });
        continue;
      }
      const setter = SETTERS[e.type];
      if (!setter) continue;
      const userId = (e.data as { userId: string }).userId;
      change(userId);
      patches.set(userId, { ...patches.get(userId), ...setter(e) });
    }
    if (changes.size === 0) return;
    const rows = [...changes.values()].sort((a, b) => (a.user_id < b.user_id ? -1 : 1));
    await tx.query(UPSERT, [JSON.stringify(rows)]);
    if (patches.size > 0)
      await tx.query(PATCH, [JSON.stringify([...patches].map(([user_id, patch]) => ({ user_id, patch })))]);
  },
};
