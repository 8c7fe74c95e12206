/**
 * The Exchange Stream API client (Betfair's "Exchange Stream API" page): a TLS socket of
 * CRLF-delimited JSON. On `connection` it authenticates (app key + session token), then
 * subscribes to markets; `mcm` messages, joined when segmented, go to the feed's cache. Every
 * message's `initialClk`/`clk` is kept, so a resubscription after a dropped connection asks for
 * what was missed only (a RESUB_DELTA) and nothing is lost. No message (a heartbeat included)
 * within `staleMs` suspends the feed's markets and renews the connection, again every `staleMs`
 * while it stays silent; a status error that ends the connection suspends them at once.
 */
import { isIP } from 'node:net';
import { connect, type ConnectionOptions, type TLSSocket } from 'node:tls';
import type { Logger } from 'pino';
import type { FeedStale } from '@exch/contracts';
import type { BetfairFeed, MessageSource } from './feed.js';
import { STALE } from './health.js';
import {
  encode,
  FATAL_ERRORS,
  LineSplitter,
  type ChangeMessage,
  type MarketChange,
  type MarketChangeMessage,
  type MarketDataField,
  type MarketFilter,
  type RequestMessage,
  type ResponseMessage,
  type StatusMessage,
} from './protocol.js';

export const STREAM_HOST = 'stream-api.betfair.com';
export const STREAM_PORT = 443;

export interface StreamOptions {
  host?: string;
  port?: number;
  appKey: string;
  sessionToken: string;
  marketFilter: MarketFilter;
  /** Default: the display ladder, traded, last traded price and the market definition. */
  fields?: MarketDataField[];
  /** Levels of EX_BEST_OFFERS(_DISP); the product shows three. */
  ladderLevels?: number;
  /** Ask the server to conflate changes into one message per this many ms (0: every change). */
  conflateMs?: number;
  /** The server's heartbeat interval when nothing else is sent (Betfair: 500 to 5000). */
  heartbeatMs?: number;
  /** No message within this long: the markets are suspended and the connection is renewed. */
  staleMs?: number;
  /** Wait before a reconnect; doubled after each failed attempt up to 30 s. */
  reconnectMs?: number;
  /** Subscribe to the cricket score stream (`cricketSubscription`, Betfair's sports data stream) instead of markets. */
  cricket?: boolean;
  /** Extra TLS settings (a test's own certificate authority). */
  tls?: ConnectionOptions;
  log: Logger;
  /** Called when the server refuses for good (wrong app key or session, refused filter): no reconnect follows. */
  onFatal?: (status: StatusMessage) => void;
}

const DEFAULT_FIELDS: MarketDataField[] = ['EX_BEST_OFFERS_DISP', 'EX_TRADED', 'EX_LTP', 'EX_MARKET_DEF'];
const MAX_BACKOFF_MS = 30_000;

export class StreamClient implements MessageSource {
  private feed: BetfairFeed | null = null;
  private socket: TLSSocket | null = null;
  private stopped = true;
  private nextId = 1;
  private authId = 0;
  private initialClk: string | undefined;
  private clk: string | undefined;
  /** A segmented message's parts so far; applied whole on SEG_END. */
  private segments: MarketChange[] | null = null;
  private staleTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private lastReceived = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private backoff: number;

  constructor(private readonly opts: StreamOptions) {
    this.backoff = opts.reconnectMs ?? 1000;
  }

  start(feed: BetfairFeed): void {
    this.feed = feed;
    this.stopped = false;
    this.armStale();
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.staleTimer) clearTimeout(this.staleTimer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.socket?.destroy();
    this.socket = null;
  }

  private connect(): void {
    const host = this.opts.host ?? STREAM_HOST;
    const socket = connect({
      host,
      port: this.opts.port ?? STREAM_PORT,
      ...(isIP(host) ? {} : { servername: host }),
      ...this.opts.tls,
    });
    this.socket = socket;
    this.segments = null;
    const lines = new LineSplitter();
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      for (const line of lines.push(chunk)) {
        let msg: ResponseMessage;
        try {
          msg = JSON.parse(line) as ResponseMessage;
        } catch {
          // A garbled line: what follows it cannot be trusted either, so the connection is renewed from the clocks.
          this.opts.log.warn({ line: line.slice(0, 200) }, 'stream sent a line that is not JSON, reconnecting');
          socket.destroy();
          return;
        }
        this.handle(msg);
      }
    });
    socket.on('error', (err) => this.opts.log.warn({ err }, 'stream connection error'));
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
      this.scheduleReconnect();
    });
    this.lastReceived = Date.now();
    // A quiet connection is asked for a heartbeat: the server answers with a status, or the socket fails and reconnects.
    const every = this.opts.heartbeatMs ?? 5000;
    this.heartbeatTimer = setInterval(() => {
      if (Date.now() - this.lastReceived >= every) this.send({ op: 'heartbeat', id: this.nextId++ });
    }, every);
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const wait = this.backoff;
    this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
    this.opts.log.info({ waitMs: wait }, 'stream reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.feed?.reconnected();
      this.connect();
    }, wait);
  }

  private send(message: RequestMessage): void {
    this.socket?.write(encode(message));
  }

  /**
   * Measured from the last market (or score) message, not from a connection attempt: a stream whose
   * reconnects keep failing is stale as soon as one that stays silent. Fired, it renews the
   * connection and waits again, so a connection that is open but silent is renewed every staleMs.
   */
  private armStale(): void {
    if (this.staleTimer) clearTimeout(this.staleTimer);
    this.staleTimer = setTimeout(() => {
      if (this.stopped) return;
      // A silent score stream costs the scores only; a silent market stream suspends its markets.
      this.opts.log.warn(
        { staleMs: this.staleMs, cricket: this.opts.cricket === true },
        this.opts.cricket ? 'score stream stale, reconnecting' : 'stream stale: markets suspended, reconnecting',
      );
      this.suspend(STALE.silent(this.staleMs));
      this.socket?.destroy();
      this.armStale();
    }, this.staleMs);
  }

  /** The market stream's markets, suspended with the reason; the score stream's silence or refusal costs the scores only. */
  private suspend(stale: FeedStale): void {
    if (!this.opts.cricket) this.feed?.setStale(stale);
  }

  private get staleMs(): number {
    return this.opts.staleMs ?? 3 * (this.opts.heartbeatMs ?? 5000);
  }

  private handle(msg: ResponseMessage): void {
    this.lastReceived = Date.now();
    // Only market or score data keeps the stream fresh: a status answering a heartbeat says the socket lives, not that prices do.
    if (msg.op === 'mcm' || msg.op === 'ccm') this.armStale();
    switch (msg.op) {
      case 'connection':
        this.authId = this.nextId++;
        this.send({ op: 'authentication', id: this.authId, appKey: this.opts.appKey, session: this.opts.sessionToken });
        return;
      case 'status':
        return this.status(msg);
      case 'mcm':
        return this.change(msg);
      case 'ccm':
        this.feed?.message(msg);
        return this.keepClocks(msg);
    }
  }

  private status(msg: StatusMessage): void {
    if (msg.statusCode === 'SUCCESS') {
      if (msg.id === this.authId) this.subscribe();
      return;
    }
    const fields = { errorCode: msg.errorCode, errorMessage: msg.errorMessage, id: msg.id };
    const refused = STALE.refused(msg.errorCode ?? msg.statusCode);
    if (msg.errorCode && FATAL_ERRORS.has(msg.errorCode)) {
      this.opts.log.error(fields, 'stream refused: not reconnecting, markets suspended');
      this.stop();
      this.suspend(refused);
      this.opts.onFatal?.(msg);
      return;
    }
    // The clock given no longer works: start again from a full image.
    if (msg.errorCode === 'INVALID_CLOCK') {
      this.initialClk = undefined;
      this.clk = undefined;
    }
    this.opts.log.warn(fields, 'stream error status');
    // No prices come until a new connection is subscribed: its first message brings the markets back.
    if (msg.connectionClosed) {
      this.suspend(refused);
      this.socket?.destroy();
    }
  }

  private subscribe(): void {
    const clocks = {
      ...(this.initialClk !== undefined ? { initialClk: this.initialClk } : {}),
      ...(this.clk !== undefined ? { clk: this.clk } : {}),
    };
    if (this.opts.cricket) return this.send({ op: 'cricketSubscription', id: this.nextId++, ...clocks });
    this.send({
      op: 'marketSubscription',
      id: this.nextId++,
      marketFilter: this.opts.marketFilter,
      marketDataFilter: { fields: this.opts.fields ?? DEFAULT_FIELDS, ladderLevels: this.opts.ladderLevels ?? 3 },
      segmentationEnabled: true,
      heartbeatMs: this.opts.heartbeatMs ?? 5000,
      ...(this.opts.conflateMs !== undefined ? { conflateMs: this.opts.conflateMs } : {}),
      ...clocks,
    });
  }

  private change(msg: MarketChangeMessage): void {
    // A working subscription again: the next drop starts from a short wait.
    this.backoff = this.opts.reconnectMs ?? 1000;
    let whole: MarketChangeMessage | null = msg;
    if (msg.segmentType === 'SEG_START') {
      this.segments = [...(msg.mc ?? [])];
      whole = null;
    } else if (msg.segmentType === 'SEG') {
      this.segments?.push(...(msg.mc ?? []));
      whole = null;
    } else if (msg.segmentType === 'SEG_END') {
      whole = { ...msg, mc: [...(this.segments ?? []), ...(msg.mc ?? [])] };
      this.segments = null;
    }
    if (!whole) return;
    this.feed?.message(whole);
    this.keepClocks(msg);
  }

  /** Kept only once applied: a drop mid-segment resubscribes from before the segment. */
  private keepClocks(msg: ChangeMessage): void {
    if (msg.initialClk !== undefined) this.initialClk = msg.initialClk;
    if (msg.clk !== undefined) this.clk = msg.clk;
  }
}
