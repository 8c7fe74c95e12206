/** What an operator watches of a Betfair feed (docs/feeds.md, "Health"): how busy, how late, how often it reconnected. */

export interface FeedHealthView {
  /** Market change messages received, heartbeats included. */
  messages: number;
  /** Messages per second over the last ten seconds. */
  messagesPerSecond: number;
  /** Now less the last message's publish time (`pt`), ms; null before the first message. */
  lagMs: number | null;
  reconnects: number;
  /** No message within the stale setting: its markets are suspended. */
  stale: boolean;
}

const WINDOW_MS = 10_000;

export class FeedHealth {
  private messages = 0;
  private recent: number[] = [];
  private lastPt: number | null = null;
  reconnects = 0;
  stale = false;

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
      stale: this.stale,
    };
  }
}
