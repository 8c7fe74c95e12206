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
  UserLoggedIn,
} from '@exch/contracts';
import { exposuresOf } from '../exposure.js';
import type { Projection } from '../projection.js';
import { walletPostings } from '../wallets.js';

const DDL = [
  `create table if not exists rm_users (
    user_id text primary key,
    username text not null,
    username_lower text not null unique,
    full_name text not null,
    role text not null,
    parent_id text,
    password_hash text not null,
    transaction_password_hash text,
    credit_reference bigint not null default 0,
    exposure_limit bigint not null default 0,
    balance bigint not null default 0,
    exposure bigint not null default 0,
    must_change_password boolean not null default false,
    account_locked boolean not null default false,
    bet_locked boolean not null default false,
    totp_enabled boolean not null default false,
    permissions jsonb,
    last_login_at timestamptz,
    created_at timestamptz not null
  )`,
  `create index if not exists rm_users_parent on rm_users (parent_id)`,
];

/** One column update per event type: the event's userId names the row. */
const SETTERS: Record<string, (e: StoredEvent) => [string, unknown[]]> = {
  UserDetailsUpdated: (e) => ['full_name = $2', [(e.data as UserDetailsUpdated).fullName]],
  CreditReferenceSet: (e) => ['credit_reference = $2', [(e.data as CreditReferenceSet).creditReference]],
  ExposureLimitSet: (e) => ['exposure_limit = $2', [(e.data as ExposureLimitSet).exposureLimit]],
  PasswordChanged: (e) => {
    const d = e.data as PasswordChanged;
    return ['password_hash = $2, must_change_password = $3', [d.passwordHash, d.mustChangePassword]];
  },
  TransactionPasswordSet: (e) => ['transaction_password_hash = $2', [(e.data as TransactionPasswordSet).transactionPasswordHash]],
  AccountLockSet: (e) => ['account_locked = $2', [(e.data as AccountLockSet).locked]],
  BetLockSet: (e) => ['bet_locked = $2', [(e.data as BetLockSet).locked]],
  PermissionsSet: (e) => {
    const p = (e.data as PermissionsSet).permissions;
    return ['permissions = $2::jsonb', [p === null ? null : JSON.stringify(p)]];
  },
  TotpEnabled: () => ['totp_enabled = true', []],
  TotpDisabled: () => ['totp_enabled = false', []],
  UserLoggedIn: (e) => ['last_login_at = $2', [e.metadata.at]],
};

/** Accounts as the gateway and the back office read them: identity, role, upline, limits, locks, balance and exposure (paise). */
export const usersProjection: Projection = {
  name: 'users',
  version: 3,
  tables: ['rm_users'],
  async setup(sql: SqlClient) {
    for (const stmt of DDL) await sql.query(stmt);
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    // Balance deltas and exposures of a run of betting and money events are gathered first: one statement each, not one per event.
    const deltas = new Map<string, number>();
    const exposures = new Map<string, number>();
    const flush = async () => {
      if (deltas.size > 0) {
        await tx.query(
          `update rm_users u set balance = u.balance + r.delta from jsonb_to_recordset($1::jsonb) as r(user_id text, delta bigint) where u.user_id = r.user_id`,
          [JSON.stringify([...deltas].map(([user_id, delta]) => ({ user_id, delta })))],
        );
      }
      if (exposures.size > 0) {
        await tx.query(
          `update rm_users u set exposure = r.exposure from jsonb_to_recordset($1::jsonb) as r(user_id text, exposure bigint) where u.user_id = r.user_id`,
          [JSON.stringify([...exposures].map(([user_id, exposure]) => ({ user_id, exposure })))],
        );
      }
      deltas.clear();
      exposures.clear();
    };
    for (const e of events) {
      const postings = walletPostings(e);
      const exposed = exposuresOf(e);
      if (postings.length > 0 || exposed.length > 0) {
        for (const { userId, amount } of postings) deltas.set(userId, (deltas.get(userId) ?? 0) + amount);
        for (const { userId, totalExposure } of exposed) exposures.set(userId, totalExposure);
        continue;
      }
      await flush();
      if (e.type === 'UserCreated') {
        const d = e.data as UserCreated;
        await tx.query(
          `insert into rm_users (user_id, username, username_lower, full_name, role, parent_id, password_hash,
             credit_reference, exposure_limit, must_change_password, created_at)
           values ($1, $2, lower($2), $3, $4, $5, $6, $7, $8, $9, $10)`,
          [d.userId, d.username, d.fullName, d.role, d.parentId, d.passwordHash, d.creditReference, d.exposureLimit, d.mustChangePassword, e.metadata.at],
        );
        continue;
      }
      const setter = SETTERS[e.type];
      if (!setter) continue;
      const [set, params] = setter(e);
      await tx.query(`update rm_users set ${set} where user_id = $1`, [(e.data as { userId: string }).userId, ...params]);
    }
    await flush();
  },
};
