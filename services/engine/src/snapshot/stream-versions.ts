import { marketStream, matchStream, paymentRequestStream, providerRoundStream } from '@exch/contracts';
import { Table } from '../dict.js';

const PROVIDER_ROUND = providerRoundStream('', '').slice(0, -1);
export const isProviderRound = (streamId: string): boolean => streamId.startsWith(PROVIDER_ROUND);
const PAYMENT_REQUEST = paymentRequestStream('');
const isPaymentRequest = (streamId: string): boolean => streamId.startsWith(PAYMENT_REQUEST);

const isBetStream = (streamId: string): boolean => streamId.startsWith('bet-');

/**
 * The last version of every stream the engine may still write. Bets' streams are held by market:
 * an open market's with it, so a snapshot writes them in that market's slices of open bets
 * instead of in its core (docs/performance.md "Open bets out of the core"); a settled market's
 * apart, saved once in that market's part; and an archived market's own stream apart too, since
 * nothing writes these again before a revoke or a read-back.
 */
export class StreamVersions {
  constructor(
    /** Streams of users, matches, open markets themselves, tables, payments, provider rounds: a Table, as it grows with the accounts. */
    readonly live: Table<number> = new Table(),
    /** marketId -> its bets' streams, while the market is settled and its bets are in the state. */
    readonly settled: Record<string, Record<string, number>> = {},
    /** marketId -> its own stream's version, while the market is archived. */
    readonly archived: Record<string, number> = {},
    /** marketId -> its bets' streams, while the market is neither settled nor archived. */
    readonly open: Record<string, Record<string, number>> = {},
  ) {}

  /** The version of the stream's next event, recorded as its last. */
  next(streamId: string, marketId: string | undefined): number {
    const version = (this.current(streamId, marketId) ?? 0) + 1;
    this.record(streamId, version, marketId);
    return version;
  }

  record(streamId: string, version: number, marketId: string | undefined): void {
    if (marketId !== undefined) {
      if (marketId in this.archived && streamId === marketStream(marketId)) {
        this.archived[marketId] = version;
        return;
      }
      const held = this.settled[marketId];
      if (held && streamId in held) {
        held[streamId] = version;
        return;
      }
      if (isBetStream(streamId)) {
        (this.open[marketId] ??= {})[streamId] = version;
        return;
      }
    }
    this.live.set(streamId, version);
  }

  /**
   * Bets' streams a snapshot from before 2026-12-01 held live, moved to their open market's
   * (`marketOf` gives a bet's market; a settled market's are then moved apart by settle()).
   */
  adoptOpenBets(marketOf: (betId: string) => string | undefined): void {
    for (const [stream, version] of this.live) {
      const marketId = isBetStream(stream) ? marketOf(stream.slice(4)) : undefined;
      if (marketId === undefined) continue;
      (this.open[marketId] ??= {})[stream] = version;
      this.live.delete(stream);
    }
  }

  /**
   * The provider window turned: the streams of the rounds it no longer remembers (and of
   * transactions declined outside any round) are written no more, since a round the window
   * forgot starts a stream of its own if its id comes again (providerRoundStream's `since`).
   */
  forgetRounds(remembered: ReadonlySet<string>): void {
    this.forget(isProviderRound, remembered);
  }

  /** The payments window turned: only a pending request's stream is written again (a decision ends it). */
  forgetRequests(pending: ReadonlySet<string>): void {
    this.forget(isPaymentRequest, pending);
  }

  /** A result declared: the market's bets' streams move apart with it. */
  settle(marketId: string): void {
    this.settled[marketId] = { ...this.settled[marketId], ...this.open[marketId] };
    delete this.open[marketId];
  }

  /** A result revoked: its bets are open again and their streams may be written. */
  reopen(marketId: string): void {
    this.open[marketId] = { ...this.open[marketId], ...this.settled[marketId] };
    delete this.settled[marketId];
  }

  /** Archived: its bets' streams are written again only after the market is read back; its own is held apart. */
  archive(marketId: string): void {
    delete this.settled[marketId];
    delete this.open[marketId];
    const own = marketStream(marketId);
    const version = this.live.get(own);
    if (version !== undefined) this.archived[marketId] = version;
    this.live.delete(own);
  }

  /** Read back from the log: a settled market again. */
  restore(marketId: string, streamVersions: Record<string, number>): void {
    this.settled[marketId] = { ...streamVersions };
    if (marketId in this.archived) this.live.set(marketStream(marketId), this.archived[marketId]!);
    delete this.archived[marketId];
  }

  /** Forgotten: nothing writes the market's own stream again before it is remembered. */
  forgetMarket(marketId: string): void {
    delete this.archived[marketId];
  }

  /** Remembered, with its own stream's last version as the log holds it: archived again. */
  rememberMarket(marketId: string, version: number): void {
    this.archived[marketId] = version;
  }

  /** A match gone with its last market: its stream is written again only once it is remembered. */
  forgetMatch(matchId: string): void {
    this.live.delete(matchStream(matchId));
  }

  /** Remembered, with its stream's last version as the log holds it. */
  rememberMatch(matchId: string, version: number): void {
    this.live.set(matchStream(matchId), version);
  }

  private forget(ofKind: (streamId: string) => boolean, remembered: ReadonlySet<string>): void {
    for (const stream of this.live.keys()) if (ofKind(stream) && !remembered.has(stream)) this.live.delete(stream);
  }

  private current(streamId: string, marketId: string | undefined): number | undefined {
    const live = this.live.get(streamId);
    if (live !== undefined) return live;
    if (marketId === undefined) return undefined;
    if (isBetStream(streamId)) return this.open[marketId]?.[streamId] ?? this.settled[marketId]?.[streamId];
    return streamId === marketStream(marketId) ? this.archived[marketId] : undefined;
  }
}
