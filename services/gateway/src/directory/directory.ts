import type { DirectoryChanges, ReadBarrier, ReadToken, SqlClient } from '@exch/contracts';
import { directoryUser, marketById, matchById, type MarketRow, type MatchRow } from '@exch/projector/read';
import type { DirectorySession, DirectoryUser } from '../auth/guard.js';
import type { AuthContext } from '../auth/sessions.js';
import { Cache } from './cache.js';

/**
 * The gateway's memory of sessions, accounts, markets and matches: what nearly every request asks
 * and that changes rarely, read once from the read models and dropped when the log changes it (the
 * embedded server tells it of every commit; in distributed mode its own commands and the
 * projectors' notices do). A request right after a change waits until the read models hold it,
 * so a logout, a lock or a market's suspension is seen by the very next request.
 */
export class Directory {
  private readonly users: Cache<DirectoryUser>;
  private readonly sessions: Cache<DirectorySession>;
  private readonly markets: Cache<MarketRow>;
  private readonly matches: Cache<MatchRow>;
  private readonly endedListeners: ((sessionIds: string[]) => void)[] = [];
  private readonly userListeners: ((userIds: string[]) => void)[] = [];

  constructor(sql: SqlClient, reads: ReadBarrier) {
    this.users = new Cache(
      reads,
      async (id) => {
        const r = await directoryUser(sql, id);
        return r
          ? {
              userId: r.user_id,
              username: r.username,
              role: r.role,
              parentId: r.parent_id,
              mustChangePassword: r.must_change_password,
              accountLocked: r.account_locked,
              betLocked: r.bet_locked,
              privileges: r.permissions,
            }
          : null;
      },
      false,
    );
    this.sessions = new Cache(
      reads,
      async (id) => {
        const { rows } = await sql.query<{ user_id: string; context: AuthContext }>(
          `select user_id, context from auth_sessions where id = $1 and revoked_at is null`,
          [id],
        );
        return rows[0] ? { sessionId: id, userId: rows[0].user_id, context: rows[0].context } : null;
      },
      true,
    );
    this.markets = new Cache(reads, (id) => marketById(sql, id), false);
    this.matches = new Cache(reads, (id) => matchById(sql, id), false);
  }

  user(userId: string): Promise<DirectoryUser | null> {
    return this.users.get(userId);
  }

  market(marketId: string): Promise<MarketRow | null> {
    return this.markets.get(marketId);
  }

  match(matchId: string): Promise<MatchRow | null> {
    return this.matches.get(matchId);
  }

  /** A live session with its user, or null when it ended (or never was). */
  async session(sessionId: string): Promise<{ session: DirectorySession; user: DirectoryUser } | null> {
    const session = await this.sessions.get(sessionId);
    const user = session ? await this.users.get(session.userId) : null;
    return session && user ? { session, user } : null;
  }

  /** Sessions ended here or elsewhere: their websockets are closed at once. */
  onSessionsEnded(listener: (sessionIds: string[]) => void): void {
    this.endedListeners.push(listener);
  }

  /** Accounts changed here or elsewhere (privileges, a forced password change, locks): their websockets are checked again. */
  onUsersChanged(listener: (userIds: string[]) => void): void {
    this.userListeners.push(listener);
  }

  /**
   * The log changed these: forget them. With a token (the change was just committed), a reload
   * first waits until the read models hold it; without (a projector's notice), they already do.
   */
  changed(changes: DirectoryChanges, token: ReadToken | null): void {
    for (const id of changes.users) this.users.drop(id, token);
    for (const id of changes.sessions) this.sessions.drop(id, token);
    for (const id of changes.markets) this.markets.drop(id, token);
    for (const id of changes.matches) this.matches.drop(id, token);
    if (changes.sessions.length > 0) for (const l of this.endedListeners) l(changes.sessions);
    if (changes.users.length > 0) for (const l of this.userListeners) l(changes.users);
  }
}
