import type { SqlClient, StoredEvent } from '@exch/contracts';
import type { Projection } from '../projection.js';

/** Security-relevant events, as the activity log names them. */
const ACTIONS: Record<string, (d: Record<string, unknown>) => string> = {
  UserCreated: () => 'Account created',
  UserLoggedIn: (d) => (d.context === 'admin' ? 'Logged in (back office)' : 'Logged in'),
  PasswordChanged: (d) => (d.mustChangePassword ? 'Password reset by upline' : 'Password changed'),
  TransactionPasswordSet: () => 'Transaction password set',
  AccountLockSet: (d) => (d.locked ? 'Account locked' : 'Account unlocked'),
  BetLockSet: (d) => (d.locked ? 'Betting locked' : 'Betting unlocked'),
  CreditReferenceSet: () => 'Credit reference changed',
  ExposureLimitSet: () => 'Exposure limit changed',
  PermissionsSet: () => 'Privileges changed',
  TotpEnabled: () => 'Two-factor authentication enabled',
  TotpDisabled: () => 'Two-factor authentication disabled',
  UserDetailsUpdated: () => 'Details updated',
};

const DDL = [
  `create table if not exists rm_activity (
    position bigint primary key,
    user_id text not null,
    actor_id text,
    action text not null,
    ip text,
    device text,
    at timestamptz not null
  )`,
  `create index if not exists rm_activity_user on rm_activity (user_id, position desc)`,
];

/** Logins and security actions with time, IP and device: the activity log of players and admins. */
export const activityProjection: Projection = {
  name: 'activity',
  version: 2,
  tables: ['rm_activity'],
  async setup(sql: SqlClient) {
    for (const stmt of DDL) await sql.query(stmt);
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    const rows = events.flatMap((e) => {
      const action = ACTIONS[e.type];
      if (!action) return [];
      const data = e.data as Record<string, unknown>;
      const m = e.metadata;
      // An upline's own IP and device are not shown to the downline it acted on: only its name.
      const self = m.actor === data.userId;
      return [
        {
          position: e.position,
          user_id: data.userId,
          actor_id: m.actor,
          action: action(data),
          ip: self ? m.ip : null,
          device: self ? m.device : null,
          at: m.at,
        },
      ];
    });
    if (rows.length === 0) return;
    await tx.query(
      `insert into rm_activity (position, user_id, actor_id, action, ip, device, at)
       select position, user_id, actor_id, action, ip, device, at
       from jsonb_to_recordset($1::jsonb) as r(position bigint, user_id text, actor_id text, action text, ip text, device text, at timestamptz)`,
      [JSON.stringify(rows)],
    );
  },
};
