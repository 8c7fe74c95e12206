import { type ChipsMinted, type ChipsTransferred, type SqlClient, type StoredEvent, type UserCreated } from '@exch/contracts';
import type { Projection } from '../projection.js';

const DDL = `create table if not exists rm_users (
  user_id text primary key,
  username text not null,
  username_lower text not null unique,
  full_name text not null,
  role text not null,
  parent_id text,
  password_hash text not null,
  credit_reference bigint not null default 0,
  exposure_limit bigint not null default 0,
  balance bigint not null default 0,
  exposure bigint not null default 0,
  must_change_password boolean not null default false,
  account_locked boolean not null default false,
  bet_locked boolean not null default false,
  created_at timestamptz not null
);
create index if not exists rm_users_parent on rm_users (parent_id)`;

const WALLET = /^wallet:(.+)$/;

/** Who can log in, their role and upline, and their wallet balance (paise). */
export const usersProjection: Projection = {
  name: 'users',
  tables: ['rm_users'],
  async setup(sql: SqlClient) {
    for (const stmt of DDL.split(';')) await sql.query(stmt);
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    // Balance deltas of a batch are summed first: one update per wallet, not per event.
    const deltas = new Map<string, number>();
    const flush = async () => {
      for (const [userId, delta] of deltas) await tx.query(`update rm_users set balance = balance + $2 where user_id = $1`, [userId, delta]);
      deltas.clear();
    };
    for (const e of events) {
      if (e.type === 'UserCreated') {
        await flush();
        const d = e.data as UserCreated;
        await tx.query(
          `insert into rm_users (user_id, username, username_lower, full_name, role, parent_id, password_hash,
             credit_reference, exposure_limit, must_change_password, created_at)
           values ($1, $2, lower($2), $3, $4, $5, $6, $7, $8, $9, $10)`,
          [d.userId, d.username, d.fullName, d.role, d.parentId, d.passwordHash, d.creditReference, d.exposureLimit, d.mustChangePassword, e.metadata.at],
        );
      } else {
        for (const { userId, amount } of walletPostings(e)) deltas.set(userId, (deltas.get(userId) ?? 0) + amount);
      }
    }
    await flush();
  },
};

/** The wallet legs of a money event, by owner. */
function walletPostings(e: StoredEvent): { userId: string; amount: number }[] {
  if (e.type !== 'ChipsMinted' && e.type !== 'ChipsTransferred') return [];
  return (e.data as ChipsMinted | ChipsTransferred).postings.flatMap((p) => {
    const m = WALLET.exec(p.account);
    return m ? [{ userId: m[1]!, amount: p.amount }] : [];
  });
}

/** Wallet owners touched by a batch: their sockets get a balance push. */
export const walletsTouched = (events: StoredEvent[]): string[] => [...new Set(events.flatMap((e) => walletPostings(e).map((p) => p.userId)))];
