import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SqlClient } from '@exch/contracts';

/**
 * Login sessions and their refresh tokens. Not money or risk, so they live in the gateway's own
 * tables rather than the event log; every gateway instance shares them through the database.
 */
export const SESSIONS_DDL = [
  `create table if not exists auth_sessions (
    id text primary key,
    user_id text not null,
    context text not null,
    ip text,
    device text,
    created_at timestamptz not null default now(),
    revoked_at timestamptz
  )`,
  `create table if not exists auth_refresh_tokens (
    token_hash text primary key,
    session_id text not null references auth_sessions(id),
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  `create table if not exists gateway_secrets (name text primary key, value text not null)`,
  // A user's sessions, for logging him out everywhere and for the known-address check of a
  // throttled login: without it both read every session ever opened.
  `create index if not exists auth_sessions_user_ip on auth_sessions (user_id, ip)`,
  // Spent and unspent refresh tokens past their expiry are swept (Sessions.sweep).
  `create index if not exists auth_refresh_tokens_expires on auth_refresh_tokens (expires_at)`,
];

export type AuthContext = 'player' | 'admin';
export const REFRESH_TTL_MS = 7 * 24 * 3600 * 1000;

/** Has this user ever had a session opened from this address (revoked ones count: the table keeps them)? */
export async function openedFrom(sql: SqlClient, userId: string, ip: string): Promise<boolean> {
  const { rows } = await sql.query<{ known: boolean }>(
    'select exists (select 1 from auth_sessions where user_id = $1 and ip = $2) as known',
    [userId, ip],
  );
  return rows[0]?.known === true;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export class Sessions {
  constructor(private readonly sql: SqlClient) {}

  /** The signing secret shared by all gateways: the first one to start creates it. */
  async signingSecret(): Promise<string> {
    await this.sql.query(`insert into gateway_secrets (name, value) values ('jwt', $1) on conflict (name) do nothing`, [
      randomBytes(48).toString('base64url'),
    ]);
    const { rows } = await this.sql.query<{ value: string }>(`select value from gateway_secrets where name = 'jwt'`);
    return rows[0]!.value;
  }

  async open(
    userId: string,
    context: AuthContext,
    ip: string | null,
    device: string | null,
  ): Promise<{ sessionId: string; refreshToken: string }> {
    const sessionId = randomUUID();
    await this.sql.query(`insert into auth_sessions (id, user_id, context, ip, device) values ($1, $2, $3, $4, $5)`, [
      sessionId,
      userId,
      context,
      ip,
      device,
    ]);
    return { sessionId, refreshToken: await this.issueRefresh(this.sql, sessionId) };
  }

  /**
   * Rotates a refresh token: the old one is spent and a new one issued. Presenting a spent token
   * again means it leaked, so the whole session is revoked.
   */
  async rotate(
    refreshToken: string,
  ): Promise<
    | { sessionId: string; userId: string; context: AuthContext; refreshToken: string }
    | { reused: { sessionId: string; userId: string } }
    | null
  > {
    return this.sql.transaction(async (tx) => {
      const { rows } = await tx.query<{
        session_id: string;
        used_at: string | null;
        expired: boolean;
        user_id: string;
        context: AuthContext;
        revoked_at: string | null;
      }>(
        `select t.session_id, t.used_at, t.expires_at < now() as expired, s.user_id, s.context, s.revoked_at
           from auth_refresh_tokens t join auth_sessions s on s.id = t.session_id
          where t.token_hash = $1 for update`,
        [sha256(refreshToken)],
      );
      const row = rows[0];
      if (!row || row.revoked_at || row.expired) return null;
      if (row.used_at) {
        await tx.query(`update auth_sessions set revoked_at = now() where id = $1`, [row.session_id]);
        return { reused: { sessionId: row.session_id, userId: row.user_id } };
      }
      await tx.query(`update auth_refresh_tokens set used_at = now() where token_hash = $1`, [sha256(refreshToken)]);
      return {
        sessionId: row.session_id,
        userId: row.user_id,
        context: row.context,
        refreshToken: await this.issueRefresh(tx, row.session_id),
      };
    });
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sql.query(`update auth_sessions set revoked_at = now() where id = $1 and revoked_at is null`, [
      sessionId,
    ]);
  }

  /** Logs a user out everywhere (but `except`, the session changing its own password): the sessions it ended. */
  async revokeAllFor(userId: string, except: string | null = null): Promise<string[]> {
    const { rows } = await this.sql.query<{ id: string }>(
      `update auth_sessions set revoked_at = now() where user_id = $1 and revoked_at is null and id is distinct from $2 returning id`,
      [userId, except],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Drops refresh tokens past their expiry: every refresh leaves one spent, and rotate answers an
   * expired token as it answers an unknown one (not even a reuse ends its session), so they are
   * only a table that would grow with every refresh of every login.
   */
  async sweep(): Promise<void> {
    await this.sql.query('delete from auth_refresh_tokens where expires_at < now()');
  }

  private async issueRefresh(sql: SqlClient, sessionId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await sql.query(`insert into auth_refresh_tokens (token_hash, session_id, expires_at) values ($1, $2, $3)`, [
      sha256(token),
      sessionId,
      new Date(Date.now() + REFRESH_TTL_MS).toISOString(),
    ]);
    return token;
  }
}
