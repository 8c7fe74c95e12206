/** The websocket's budgets (docs/rate-limits.md): per socket and per address, each a setting. */
export interface SocketLimits {
  /** Frames one socket may send within a second; more close it. */
  messagesPerSecond: number;
  /** Frames all sockets of one address may send within a second; the socket that sends more is closed. */
  addressMessagesPerSecond: number;
  /** Sockets open from one address at once; one more is closed as it opens. */
  connectionsPerAddress: number;
  /** Rooms one socket may be in at once; a join past it is refused. */
  roomsPerSocket: number;
}

/** A one-second window of frames; it begins with the first frame after the last window ended. */
interface Window {
  received: number;
  at: number;
}

/** Counts in a window that starts again a second after it began: true while within `limit`. */
function count(w: Window, limit: number, now: number): boolean {
  if (now - w.at >= 1000) {
    w.at = now;
    w.received = 0;
  }
  return ++w.received <= limit;
}

/** Sockets and frames by address, and each socket's own window: what the hub asks before it serves. */
export class SocketBudget {
  private readonly addresses = new Map<string, { sockets: number; frames: Window }>();

  constructor(
    readonly limits: SocketLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** A socket from `ip` opens: null when it may stay, else the reason it is closed (it then holds no place). */
  open(ip: string): string | null {
    const address = this.addresses.get(ip) ?? { sockets: 0, frames: this.window() };
    if (address.sockets >= this.limits.connectionsPerAddress)
      return `Too many connections from your address: at most ${this.limits.connectionsPerAddress}`;
    address.sockets++;
    this.addresses.set(ip, address);
    return null;
  }

  /** A socket that opened closes; an address without sockets is forgotten. */
  close(ip: string): void {
    const address = this.addresses.get(ip);
    if (address && --address.sockets === 0) this.addresses.delete(ip);
  }

  /** A socket's own window, kept with it. */
  window(): Window {
    return { received: 0, at: Number.NEGATIVE_INFINITY };
  }

  /** A frame arrives on a socket from `ip`: null when it may be served, else the reason the socket is closed. */
  frame(ip: string, own: Window): string | null {
    const now = this.now();
    if (!count(own, this.limits.messagesPerSecond, now))
      return `Too many messages: more than ${this.limits.messagesPerSecond} a second`;
    const address = this.addresses.get(ip);
    if (address && !count(address.frames, this.limits.addressMessagesPerSecond, now))
      return `Too many messages from your address: more than ${this.limits.addressMessagesPerSecond} a second`;
    return null;
  }

  /** May a socket in `rooms` rooms join one more? Null when it may, else the reason. */
  join(rooms: number): string | null {
    return rooms < this.limits.roomsPerSocket
      ? null
      : `Too many rooms: at most ${this.limits.roomsPerSocket} on one connection`;
  }
}
