import type { ServerMessage, ServerMessages } from '@exch/contracts';
import type { AuthContextName } from '../auth/auth-context';
import { readCredentials } from '../auth/credentials';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** A consumer that lets go and another that takes hold at once (a page change, StrictMode) keep the same connection. */
const LINGER_MS = 2_000;

export type LiveEvent = keyof ServerMessages;
type Listener = (data: never) => void;

const socketUrl = (): string => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;

/**
 * One websocket per session context, shared by every component that needs live data: the header's
 * balance, a match page's prices and score, the bet lists. It logs in with the stored token,
 * joins the match rooms its consumers ask for (again after every reconnect), hands each pushed
 * message to the listeners of its event, and reconnects with exponential backoff. It stays open
 * while anyone holds it.
 */
class LiveSocket {
  private socket: WebSocket | null = null;
  private holders = 0;
  private readonly listeners = new Map<LiveEvent, Set<Listener>>();
  private readonly rooms = new Map<string, number>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private retryMs = FIRST_RETRY_MS;

  constructor(private readonly ctx: AuthContextName) {}

  /** Keeps the connection open until the returned function is called. */
  hold(): () => void {
    this.holders += 1;
    clearTimeout(this.lingerTimer);
    if (this.socket === null && this.retryTimer === undefined) this.connect();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders -= 1;
      if (this.holders === 0) this.lingerTimer = setTimeout(() => this.disconnect(), LINGER_MS);
    };
  }

  on<K extends LiveEvent>(event: K, listener: (data: ServerMessages[K]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as Listener);
    return () => set.delete(listener as Listener);
  }

  /** Joins a match room for as long as the returned function is not called; rooms are counted per consumer. */
  join(matchId: string): () => void {
    const count = this.rooms.get(matchId) ?? 0;
    this.rooms.set(matchId, count + 1);
    if (count === 0) this.send({ event: 'joinRoom', data: { matchId } });
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const now = (this.rooms.get(matchId) ?? 1) - 1;
      if (now > 0) return void this.rooms.set(matchId, now);
      this.rooms.delete(matchId);
      this.send({ event: 'leaveRoom', data: { matchId } });
    };
  }

  private send(message: { event: string; data: unknown }): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect(): void {
    this.retryTimer = undefined;
    const token = readCredentials(this.ctx).token;
    if (token === null) return;
    const ws = new WebSocket(socketUrl());
    this.socket = ws;
    let loggedIn = false;
    ws.onopen = () => {
      ws.send(JSON.stringify({ event: 'login', data: { token } }));
      for (const matchId of this.rooms.keys()) ws.send(JSON.stringify({ event: 'joinRoom', data: { matchId } }));
    };
    ws.onmessage = (event: MessageEvent<string>) => {
      const message = parseMessage(event.data);
      if (message === null) return;
      if (message.event === 'loginSuccess') {
        loggedIn = true;
        this.retryMs = FIRST_RETRY_MS;
      }
      // A refused login (say, an access token that expired and has been refreshed since): start again with the stored token.
      if (message.event === 'error' && !loggedIn) ws.close();
      for (const listener of this.listeners.get(message.event) ?? []) {
        try {
          (listener as (data: unknown) => void)(message.data);
        } catch (e) {
          console.error('Live update handler failed', e);
        }
      }
    };
    ws.onclose = () => {
      if (this.socket !== ws) return;
      this.socket = null;
      if (this.holders === 0) return;
      this.retryTimer = setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    };
  }

  private disconnect(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const ws = this.socket;
    this.socket = null;
    ws?.close();
  }
}

const sockets = new Map<AuthContextName, LiveSocket>();

/** The context's shared socket (not yet connected until someone holds it). */
export function liveSocket(ctx: AuthContextName): LiveSocket {
  let socket = sockets.get(ctx);
  if (!socket) {
    socket = new LiveSocket(ctx);
    sockets.set(ctx, socket);
  }
  return socket;
}

function parseMessage(raw: string): ServerMessage | null {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && 'event' in value ? (value as ServerMessage) : null;
  } catch {
    return null;
  }
}
