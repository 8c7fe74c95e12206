import type { WebSocket } from 'ws';
import * as v from 'valibot';
import { ClientMessage, type ServerMessage } from '@exch/contracts';
import type { AccessClaims } from '../auth/guard.js';
import type { AuthContext } from '../auth/sessions.js';

const MAX_FRAME = 4096;

interface Client {
  socket: WebSocket;
  userId: string | null;
  sessionId: string | null;
  ctx: AuthContext | null;
  rooms: Set<string>;
  /** Messages received in the current one-second window, and when it began. */
  received: number;
  windowAt: number;
}

/** Close code for a socket that floods messages (RFC 6455: policy violation). */
const FLOOD_CLOSE = 1008;

/** Close code for a socket whose session ended (4000-4999 are the application's). */
export const SESSION_ENDED_CLOSE = 4001;

/** Websocket clients by user and by match room; frames are `{event, data}` JSON (SPEC.md section 7). */
export class Hub {
  private readonly clients = new Set<Client>();
  private readonly byUser = new Map<string, Set<Client>>();
  private readonly rooms = new Map<string, Set<Client>>();
  /** Sockets of back-office logins. */
  private readonly admins = new Set<Client>();

  constructor(
    private readonly verify: (token: string) => Promise<AccessClaims>,
    /** More messages than this within one second close the socket (docs/rate-limits.md). */
    private readonly maxMessagesPerSecond: number,
  ) {}

  get size(): number {
    return this.clients.size;
  }

  /** Is a back-office login connected? Only they get the tape and watch pushes, worth a query. */
  get anyAdmin(): boolean {
    return this.admins.size > 0;
  }

  attach(socket: WebSocket): void {
    const client: Client = {
      socket,
      userId: null,
      sessionId: null,
      ctx: null,
      rooms: new Set(),
      received: 0,
      windowAt: Date.now(),
    };
    this.clients.add(client);
    socket.on('message', (raw, isBinary) => {
      if (!this.flooding(client)) void this.receive(client, raw.toString(), isBinary);
    });
    socket.on('close', () => this.detach(client));
    socket.on('error', () => this.detach(client));
  }

  /** Has this user a socket here? Pushes worth a query are built only for those who will get them. */
  online(userId: string): boolean {
    return this.byUser.has(userId);
  }

  pushToUser(userId: string, message: ServerMessage): void {
    this.sendAll(this.byUser.get(userId), message);
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

  /** The back-office users with a socket in the room. */
  roomAdmins(room: string): Set<string> {
    return new Set([...(this.rooms.get(room) ?? [])].flatMap((c) => (c.ctx === 'admin' && c.userId ? [c.userId] : [])));
  }

  /** To the room's back-office sockets of these users only (an upline sees its own downline's bets). */
  pushToRoomAdmins(room: string, userIds: ReadonlySet<string>, message: ServerMessage): void {
    for (const c of this.rooms.get(room) ?? [])
      if (c.ctx === 'admin' && c.userId && userIds.has(c.userId)) this.send(c, message);
  }

  close(): void {
    for (const c of this.clients) c.socket.close(1001, 'server shutting down');
  }

  /** Sessions ended: their sockets get a reason frame, stop getting pushes at once, and close. */
  endSessions(sessionIds: readonly string[]): void {
    const ended = new Set(sessionIds);
    for (const c of [...this.clients]) {
      if (!c.sessionId || !ended.has(c.sessionId)) continue;
      this.send(c, { event: 'sessionEnded', data: { message: 'Your session has ended, please log in again' } });
      this.detach(c);
      c.socket.close(SESSION_ENDED_CLOSE, 'session ended');
    }
  }

  /** Counts a message in its one-second window; past the limit the socket is closed and gets no more answers. */
  private flooding(client: Client): boolean {
    const now = Date.now();
    if (now - client.windowAt >= 1000) {
      client.windowAt = now;
      client.received = 0;
    }
    if (++client.received <= this.maxMessagesPerSecond) return false;
    if (this.clients.has(client)) {
      this.detach(client);
      client.socket.close(FLOOD_CLOSE, `Too many messages: more than ${this.maxMessagesPerSecond} a second`);
    }
    return true;
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
          const claims = await this.verify(msg.data.token);
          this.bindUser(client, claims);
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
        client.rooms.delete(room);
        setDelete(this.rooms, room, client);
        return this.send(client, { event: 'left', data: { matchId: room } });
      }
      case 'ping':
        return this.send(client, { event: 'pong', data: {} });
    }
  }

  private join(client: Client, room: string): void {
    client.rooms.add(room);
    setAdd(this.rooms, room, client);
    this.send(client, { event: 'joined', data: { matchId: room } });
  }

  private bindUser(client: Client, claims: AccessClaims): void {
    if (client.userId) setDelete(this.byUser, client.userId, client);
    this.admins.delete(client);
    client.userId = claims.sub;
    client.sessionId = claims.sid;
    client.ctx = claims.ctx;
    setAdd(this.byUser, claims.sub, client);
    if (claims.ctx === 'admin') this.admins.add(client);
  }

  private detach(client: Client): void {
    if (!this.clients.delete(client)) return;
    this.admins.delete(client);
    if (client.userId) setDelete(this.byUser, client.userId, client);
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
