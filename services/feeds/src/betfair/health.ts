/** What an operator watches of a Betfair feed (docs/feeds.md, "Health"): how busy, how late, how often it reconnected, why it is stale. */
import type { FeedStale } from '@exch/contracts';

export interface FeedHealthView {
  /** Market change messages received, heartbeats included. */
  messages: number;
  /** Messages per second over the last ten seconds. */
  messagesPerSecond: number;
  /** Now less the last message's publish time (`pt`), ms; null before the first message. */
  lagMs: number | null;
  reconnects: number;
  /** Its markets are suspended because the feed went silent, was refused, runs late or its replay ended. */
  stale: boolean;
  /** Why, while stale; null otherwise. */
  staleReason: FeedStale | null;
}

/** The reasons a Betfair feed suspends its markets, as operators read them (docs/feeds.md, "Stale rule"). */
export const STALE = {
  silent: (ms: number): FeedStale => ({ reason: 'silent', text: `no message from the stream in ${ms / 1000} s` }),
  refused: (errorCode: string): FeedStale => ({ reason: 'refused', text: `stream refused (${errorCode})` }),
  late: { reason: 'late', text: 'Betfair marks the stream as running late (503)' } satisfies FeedStale,
  ended: { reason: 'ended', text: 'replay ended before the market closed' } satisfies FeedStale,
  failed: (message: string): FeedStale => ({ reason: 'failed', text: `replay failed: ${message}` }),
};

const WINDOW_MS = 10_000;

export class FeedHealth {
  private messages = 0;
  private recent: number[] = [];
  private lastPt: number | null = null;
  reconnects = 0;
  stale: FeedStale | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  message(pt: number): void {
    this.messages++;
    this.lastPt = pt;
    const now = this.now();
    this.recent.push(now);
    while (this.recent[0]! <= now - WINDOW_MS) this.recent.shift();
  }

  view(): FeedHealthView {
    const now = this.now();
    this.recent = this.recent.filter((t) => t > now - WINDOW_MS);
    return {
      messages: this.messages,
      messagesPerSecond: this.recent.length / (WINDOW_MS / 1000),
      lagMs: this.lastPt === null ? null : now - this.lastPt,
      reconnects: this.reconnects,
      stale: this.stale !== null,
      staleReason: this.stale,
    };
  }
}
