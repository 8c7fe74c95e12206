import type { WebSocket } from 'ws';
import * as v from 'valibot';
import { ClientMessage, type Privilege, type ServerMessage } from '@exch/contracts';
import type { AccessClaims } from '../auth/guard.js';
import { ROOM_PUSH, type BackOfficePush, type SocketAccess, type SocketStanding } from './access.js';
import type { SocketBudget } from './budget.js';

const MAX_FRAME = 4096;

interface Client {
  socket: WebSocket;
  ip: string;
  claims: AccessClaims | null;
  standing: SocketStanding | null;
  /** Re-checks of its standing under way: while any is, no back-office push reaches it. */
  checking: number;
  rooms: Set<string>;
  window: ReturnType<SocketBudget['window']>;
  /** Its frames are served one after the other: a joinRoom sent right after login waits for the login. */
  queue: Promise<void>;
}

/** Close code for a socket over a budget (RFC 6455: policy violation). */
const POLICY_CLOSE = 1008;

/** Close code for a socket whose session ended (4000-4999 are the application's). */
export const SESSION_ENDED_CLOSE = 4001;

const NO_PRIVILEGE = 'You do not have the privilege for this action';

/**
 * Websocket clients by user and by room; frames are `{event, data}` JSON (SPEC.md section 7). A
 * login is checked as REST checks a request (ws/access.ts), and back-office data goes only to
 * sockets whose login holds the privilege of the REST route serving the same data: checked at
 * join and at every push, and re-checked when the account changes.
 */
export class Hub {
  private readonly clients = new Set<Client>();
  private readonly byUser = new Map<string, Set<Client>>();
  private readonly rooms = new Map<string, Set<Client>>();
  /** Sockets of back-office logins. */
  private readonly admins = new Set<Client>();
  /** Each back-office push's privilege; none is sent before they are known (grant). */
  private privileges: Record<BackOfficePush, Privilege> | null = null;

  constructor(
    private readonly access: SocketAccess,
    private readonly budget: SocketBudget,
    private readonly onError: (err: unknown) => void,
  ) {}

  get size(): number {
    return this.clients.size;
  }

  /** Is a back-office login connected? Only they get the tape and watch pushes, worth a query. */
  get anyAdmin(): boolean {
    return this.admins.size > 0;
  }

  /** The privilege of each back-office push, read off the REST routes once they are registered (pushPrivileges). */
  grant(privileges: Record<BackOfficePush, Privilege>): void {
    this.privileges = privileges;
  }

  attach(socket: WebSocket, ip: string): void {
    const refused = this.budget.open(ip);
    if (refused) {
      socket.close(POLICY_CLOSE, refused);
      return;
    }
    const client: Client = {
      socket,
      ip,
      claims: null,
      standing: null,
      checking: 0,
      rooms: new Set(),
      window: this.budget.window(),
      queue: Promise.resolve(),
    };
    this.clients.add(client);
    socket.on('message', (raw, isBinary) => {
      if (!this.clients.has(client)) return;
      const over = this.budget.frame(ip, client.window);
      if (over) return this.drop(client, POLICY_CLOSE, over);
      client.queue = client.queue.then(() => this.receive(client, raw.toString(), isBinary)).catch(this.onError);
    });
    socket.on('close', () => this.detach(client));
    socket.on('error', () => this.detach(client));
  }

  /** Has this user a socket here? Pushes worth a query are built only for those who will get them. */
  online(userId: string): boolean {
    return this.byUser.has(userId);
  }

  /** The user's own data (its balance, its bets) to its sockets. */
  pushToUser(userId: string, message: ServerMessage): void {
    this.sendAll(this.byUser.get(userId), message);
  }

  /** Back-office data to a user's sockets that may have it now. */
  pushToBackOffice(userId: string, push: BackOfficePush, message: ServerMessage): void {
    for (const c of this.byUser.get(userId) ?? []) if (this.may(c, push)) this.send(c, message);
  }

  pushToRoom(room: string, message: ServerMessage): void {
    this.sendAll(this.rooms.get(room), message);
  }

  /** One frame to many sockets, serialised once (a match room can hold thousands). */
  private sendAll(clients: Iterable<Client> | undefined, message: ServerMessage): void {
    let frame: string | null = null;
    for (const c of clients ?? [])
      if (c.socket.readyState === c.socket.OPEN) c.socket.send((frame ??= JSON.stringify(message)));
  }

  /** Is anyone in the room? Pushes to an empty room are not worth building. */
  watching(room: string): boolean {
    return this.rooms.has(room);
  }

  /** The back-office users with a socket in the room that may have this push. */
  roomAdmins(room: string, push: BackOfficePush): Set<string> {
    const out = new Set<string>();
    for (const c of this.rooms.get(room) ?? []) if (this.may(c, push)) out.add(c.claims!.sub);
    return out;
  }

  /** To the room's back-office sockets of these users that may have this push (an upline sees its own downline's bets). */
  pushToRoomAdmins(room: string, userIds: ReadonlySet<string>, push: BackOfficePush, message: ServerMessage): void {
    for (const c of this.rooms.get(room) ?? [])
      if (this.may(c, push) && userIds.has(c.claims!.sub)) this.send(c, message);
  }

  close(): void {
    for (const c of this.clients) c.socket.close(1001, 'server shutting down');
  }

  /** Sessions ended: their sockets get a reason frame, stop getting pushes at once, and close. */
  endSessions(sessionIds: readonly string[]): void {
    const ended = new Set(sessionIds);
    for (const c of [...this.clients]) {
      if (!c.claims || !ended.has(c.claims.sid)) continue;
      this.send(c, { event: 'sessionEnded', data: { message: 'Your session has ended, please log in again' } });
      this.drop(c, SESSION_ENDED_CLOSE, 'session ended');
    }
  }

  /**
   * These accounts changed (privileges, a forced password change, a lock): their sockets get no
   * back-office push from now until their standing is read again, then keep only the rooms it allows.
   */
  usersChanged(userIds: readonly string[]): void {
    for (const userId of userIds)
      for (const c of this.byUser.get(userId) ?? []) {
        c.checking++;
        void this.recheck(c).finally(() => c.checking--);
      }
  }

  private async recheck(client: Client): Promise<void> {
    const claims = client.claims!;
    try {
      const standing = await this.access.recheck(claims);
      if (client.claims !== claims) return;
      client.standing = standing;
      for (const room of client.rooms) {
        const denied = this.roomDenied(client, room);
        if (denied) {
          this.leave(client, room);
          this.send(client, { event: 'error', data: { message: denied } });
        }
      }
    } catch (err) {
      if (client.claims !== claims || !this.clients.has(client)) return;
      if ((err as { code?: string }).code === 'SESSION_REVOKED') return this.endSessions([claims.sid]);
      // The forced password change is due: REST serves the session nothing, so neither does the
      // socket. It stays open, so the session's end (a reset ends it) closes it as any other.
      this.unbind(client);
      this.send(client, { event: 'error', data: { message: (err as Error).message } });
    }
  }

  /** May this socket have this back-office push now (not while its standing is being read again)? */
  private may(c: Client, push: BackOfficePush): boolean {
    return c.checking === 0 && this.allowed(c, push);
  }

  /** Does the socket's login, as last read, hold the push's privilege? */
  private allowed(c: Client, push: BackOfficePush): boolean {
    if (c.claims?.ctx !== 'admin' || !c.standing || !this.privileges) return false;
    const held = c.standing.privileges;
    return held === null || held.includes(this.privileges[push]);
  }

  /** Why this socket may not be in the room, or null. */
  private roomDenied(c: Client, room: string): string | null {
    const push = ROOM_PUSH.get(room);
    if (push === undefined) return null;
    if (!c.claims || !c.standing) return 'Log in to join this room';
    if (c.claims.ctx !== 'admin') return 'Player accounts cannot use the admin area';
    return this.allowed(c, push) ? null : NO_PRIVILEGE;
  }

  private async receive(client: Client, text: string, isBinary: boolean): Promise<void> {
    if (isBinary || text.length > MAX_FRAME)
      return this.send(client, { event: 'error', data: { message: 'Frames must be JSON text under 4 KB' } });
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.send(client, { event: 'error', data: { message: 'Malformed JSON frame' } });
    }
    const parsed = v.safeParse(ClientMessage, json);
    if (!parsed.success)
      return this.send(client, {
        event: 'error',
        data: { message: `Unknown or malformed message: ${parsed.issues[0].message}` },
      });
    const msg = parsed.output;
    switch (msg.event) {
      case 'login':
        try {
          const { claims, standing } = await this.access.login(msg.data.token);
          if (!this.clients.has(client)) return;
          this.bindUser(client, claims, standing);
          this.send(client, { event: 'loginSuccess', data: { userId: claims.sub, role: claims.role } });
        } catch (err) {
          this.send(client, { event: 'error', data: { message: (err as Error).message } });
        }
        return;
      case 'joinRoom':
        return this.join(client, String(msg.data.matchId));
      // The fancy lines of a match are pushed to its room like its other prices.
      case 'watch_fancy':
        return this.join(client, String(msg.data.gameId));
      case 'leaveRoom': {
        const room = String(msg.data.matchId);
        this.leave(client, room);
        return this.send(client, { event: 'left', data: { matchId: room } });
      }
      case 'ping':
        return this.send(client, { event: 'pong', data: {} });
    }
  }

  private join(client: Client, room: string): void {
    if (!client.rooms.has(room)) {
      const refused = this.roomDenied(client, room) ?? this.budget.join(client.rooms.size);
      if (refused) return this.send(client, { event: 'error', data: { message: refused } });
      client.rooms.add(room);
      setAdd(this.rooms, room, client);
    }
    this.send(client, { event: 'joined', data: { matchId: room } });
  }

  private leave(client: Client, room: string): void {
    client.rooms.delete(room);
    setDelete(this.rooms, room, client);
  }

  /** A new login on the socket: rooms that need a privilege are left unless the new login may have them. */
  private bindUser(client: Client, claims: AccessClaims, standing: SocketStanding): void {
    if (client.claims) setDelete(this.byUser, client.claims.sub, client);
    this.admins.delete(client);
    client.claims = claims;
    client.standing = standing;
    setAdd(this.byUser, claims.sub, client);
    if (claims.ctx === 'admin') this.admins.add(client);
    for (const room of client.rooms) if (this.roomDenied(client, room)) this.leave(client, room);
  }

  /** The socket keeps its session (its end still closes it) but is served as one not logged in. */
  private unbind(client: Client): void {
    setDelete(this.byUser, client.claims!.sub, client);
    this.admins.delete(client);
    client.standing = null;
    for (const room of client.rooms) if (this.roomDenied(client, room)) this.leave(client, room);
  }

  /** Stops serving a socket at once and closes it with a reason. */
  private drop(client: Client, code: number, reason: string): void {
    this.detach(client);
    client.socket.close(code, reason);
  }

  private detach(client: Client): void {
    if (!this.clients.delete(client)) return;
    this.budget.close(client.ip);
    this.admins.delete(client);
    if (client.claims) setDelete(this.byUser, client.claims.sub, client);
    for (const room of client.rooms) setDelete(this.rooms, room, client);
  }

  private send(client: Client, message: ServerMessage): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(message));
  }
}

function setAdd<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key) ?? new Set<V>();
  set.add(value);
  map.set(key, set);
}

function setDelete<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
