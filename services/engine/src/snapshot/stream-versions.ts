import { betStream, marketStream, paymentRequestStream, providerRoundStream } from '@exch/contracts';

const PROVIDER_ROUND = providerRoundStream('', '').slice(0, -1);
export const isProviderRound = (streamId: string): boolean => streamId.startsWith(PROVIDER_ROUND);
const PAYMENT_REQUEST = paymentRequestStream('');
const isPaymentRequest = (streamId: string): boolean => streamId.startsWith(PAYMENT_REQUEST);

/**
 * The last version of every stream the engine may still write. A settled market's bets' streams
 * are held apart, by market, and so is an archived market's own stream: nothing writes them again
 * before a revoke or a read-back, and held apart they are saved once in that market's snapshot part
 * instead of in the core every snapshot rewrites.
 */
export class StreamVersions {
  constructor(
    /** Streams of users, matches, open markets and their bets, tables, payments, provider rounds. */
    readonly live: Record<string, number> = {},
    /** marketId -> its bets' streams, while the market is settled and its bets are in the state. */
    readonly settled: Record<string, Record<string, number>> = {},
    /** marketId -> its own stream's version, while the market is archived. */
    readonly archived: Record<string, number> = {},
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
    }
    this.live[streamId] = version;
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
  settle(marketId: string, betIds: readonly string[]): void {
    const held: Record<string, number> = {};
    for (const id of betIds) {
      const stream = betStream(id);
      const version = this.live[stream];
      if (version === undefined) continue;
      held[stream] = version;
      delete this.live[stream];
    }
    this.settled[marketId] = { ...this.settled[marketId], ...held };
  }

  /** A result revoked: its bets are open again and their streams may be written. */
  reopen(marketId: string): void {
    Object.assign(this.live, this.settled[marketId]);
    delete this.settled[marketId];
  }

  /** Archived: its bets' streams are written again only after the market is read back; its own is held apart. */
  archive(marketId: string, betIds: readonly string[]): void {
    delete this.settled[marketId];
    for (const id of betIds) delete this.live[betStream(id)];
    const own = marketStream(marketId);
    if (this.live[own] !== undefined) this.archived[marketId] = this.live[own];
    delete this.live[own];
  }

  /** Read back from the log: a settled market again. */
  restore(marketId: string, streamVersions: Record<string, number>): void {
    this.settled[marketId] = { ...streamVersions };
    if (marketId in this.archived) this.live[marketStream(marketId)] = this.archived[marketId]!;
    delete this.archived[marketId];
  }

  private forget(ofKind: (streamId: string) => boolean, remembered: ReadonlySet<string>): void {
    for (const stream of Object.keys(this.live))
      if (ofKind(stream) && !remembered.has(stream)) delete this.live[stream];
  }

  private current(streamId: string, marketId: string | undefined): number | undefined {
    if (streamId in this.live) return this.live[streamId];
    if (marketId === undefined) return undefined;
    if (streamId.startsWith('bet-')) return this.settled[marketId]?.[streamId];
    return streamId === marketStream(marketId) ? this.archived[marketId] : undefined;
  }
}
