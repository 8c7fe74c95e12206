import { randomBytes } from 'node:crypto';
import { migrate, type SqlClient } from '@exch/contracts';
import type { Directory } from '../directory/directory.js';

/**
 * Wallet sessions: what the operator hands a provider at launch, to send back with every DEBIT. One
 * belongs to one login session and lives as long as it does (a logout or a lock ends it). Like login
 * sessions they are not money, so they live in a gateway table, shared by every gateway.
 */
const DDL = [
  `create table if not exists provider_wallet_sessions (
    id text primary key,
    provider text not null,
    user_id text not null,
    session_id text not null,
    created_at timestamptz not null default now()
  )`,
  `create index if not exists provider_wallet_sessions_session on provider_wallet_sessions (session_id)`,
];

export class WalletSessions {
  private constructor(
    private readonly sql: SqlClient,
    private readonly directory: Directory,
  ) {}

  static async open(sql: SqlClient, directory: Directory): Promise<WalletSessions> {
    await migrate(sql, 'provider-wallet-sessions', 1, DDL);
    return new WalletSessions(sql, directory);
  }

  /** The caller's own wallet session `id` if it names one of this login, else a new one. */
  async forLogin(provider: string, userId: string, sessionId: string, id?: string): Promise<string | null> {
    if (id !== undefined) {
      const { rows } = await this.sql.query<{ id: string }>(
        `select id from provider_wallet_sessions where id = $1 and provider = $2 and session_id = $3 and user_id = $4`,
        [id, provider, sessionId, userId],
      );
      return rows[0]?.id ?? null;
    }
    const made = randomBytes(24).toString('base64url');
    await this.sql.query(
      `insert into provider_wallet_sessions (id, provider, user_id, session_id) values ($1, $2, $3, $4)`,
      [made, provider, userId, sessionId],
    );
    return made;
  }

  /** The user whose live login session the wallet session belongs to; null when it names none or that session has ended. */
  async liveUser(provider: string, id: string | undefined): Promise<string | null> {
    if (id === undefined) return null;
    const { rows } = await this.sql.query<{ user_id: string; session_id: string }>(
      `select user_id, session_id from provider_wallet_sessions where id = $1 and provider = $2`,
      [id, provider],
    );
    const row = rows[0];
    if (!row) return null;
    const live = await this.directory.session(row.session_id);
    return live && live.session.userId === row.user_id ? row.user_id : null;
  }
}
