import { betStream, marketStream, providerRoundStream } from '@exch/contracts';

const PROVIDER_ROUND = providerRoundStream('', '').slice(0, -1);
export const isProviderRound = (streamId: string): boolean => streamId.startsWith(PROVIDER_ROUND);

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
    /**
     * Third-party casino rounds forgotten at a turn of the idempotency window, by that turn's time:
     * a late repeat must not start a round's stream over at version 1.
     */
    readonly forgotten: Record<string, { changes: number; versions: Record<string, number> }> = {},
  ) {
    for (const turnedAt of Object.keys(forgotten)) this.index(turnedAt);
  }

  /**
   * Which turn forgot a round's stream: a new round's stream is looked up once, not in every turn's
   * bucket, which a window turning daily for years would make thousands of lookups a round.
   */
  private readonly forgottenAt = new Map<string, string>();

  private index(turnedAt: string): void {
    for (const stream of Object.keys(this.forgotten[turnedAt]!.versions)) this.forgottenAt.set(stream, turnedAt);
  }

  /** A snapshot part's forgotten rounds of one turn, put back. */
  holdForgotten(turnedAt: string, changes: number, versions: Record<string, number>): void {
    this.forgotten[turnedAt] = { changes, versions };
    this.index(turnedAt);
  }

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
    const held = streamId in this.live ? undefined : this.heldFor(streamId);
    if (held) {
      held.versions[streamId] = version;
      held.changes++;
      return;
    }
    this.live[streamId] = version;
  }

  /** The window turned at `turnedAt`: the rounds it forgot keep their streams' versions apart. */
  forget(turnedAt: string, streamIds: readonly string[]): void {
    const held: Record<string, number> = {};
    for (const stream of streamIds) {
      const version = this.live[stream];
      if (version === undefined) continue;
      held[stream] = version;
      delete this.live[stream];
    }
    if (Object.keys(held).length > 0) this.holdForgotten(turnedAt, 0, held);
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

  private current(streamId: string, marketId: string | undefined): number | undefined {
    if (streamId in this.live) return this.live[streamId];
    const held = this.heldFor(streamId);
    if (held) return held.versions[streamId];
    if (marketId === undefined) return undefined;
    if (streamId.startsWith('bet-')) return this.settled[marketId]?.[streamId];
    return streamId === marketStream(marketId) ? this.archived[marketId] : undefined;
  }

  private heldFor(streamId: string): { changes: number; versions: Record<string, number> } | undefined {
    const turnedAt = this.forgottenAt.get(streamId);
    return turnedAt === undefined ? undefined : this.forgotten[turnedAt];
  }
}
