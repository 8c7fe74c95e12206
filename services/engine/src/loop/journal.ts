import {
  EVENT_SCHEMA_VERSION,
  type CommandEnvelope,
  type CommittedEvent,
  type DomainEvent,
  type EventStore,
  type PositionedEvent,
} from '@exch/contracts';
import { evolve } from '../evolve.js';
import { pendingRequestStreams } from '../payments/state.js';
import { rememberedRoundStreams } from '../provider/state.js';
import type { Snapshots } from '../snapshot/snapshots.js';
import type { StreamVersions } from '../snapshot/stream-versions.js';
import type { EngineState } from '../state.js';

/** The market an event names, if any (every bet event names its market). */
export const marketOf = (event: Pick<DomainEvent, 'data'>): string | undefined => {
  const marketId = (event.data as { marketId?: unknown }).marketId;
  return typeof marketId === 'string' ? marketId : undefined;
};

/** The event as journalled, at the position and stream version the single writer gives it. */
export const positioned = (
  envelope: CommandEnvelope,
  event: DomainEvent,
  index: number,
  position: number,
  streamVersion: number,
): PositionedEvent => ({
  position,
  streamId: event.streamId,
  streamVersion,
  // Derived from the command id so a retried command can never be journalled twice.
  eventId: `${envelope.commandId}/${index}`,
  type: event.type,
  schemaVersion: EVENT_SCHEMA_VERSION[event.type],
  data: event.data,
  metadata: {
    commandId: envelope.commandId,
    correlationId: envelope.correlationId,
    causationId: envelope.commandId,
    actor: envelope.actor,
    ip: envelope.ip,
    device: envelope.device,
    at: envelope.at,
  },
});

/**
 * Folds an event into the state. Stream versions are kept for streams that can still be written
 * (an archived market's bets' go, and come back with it; a forgotten market's own goes too, and
 * comes back with its summary); those that seldom change are held
 * apart (a settled market's bets', an archived market's own, forgotten provider rounds'), and
 * the snapshot learns which of its parts the event changed.
 */
export function foldJournalled(
  state: EngineState,
  versions: StreamVersions,
  snapshots: Snapshots,
  event: DomainEvent,
  position: number,
): void {
  evolve(state, event);
  const marketId = marketOf(event);
  if (event.type === 'ProviderWindowTurned') versions.forgetRounds(rememberedRoundStreams(state.provider));
  else if (event.type === 'PaymentWindowTurned') versions.forgetRequests(pendingRequestStreams(state.payments));
  else if (event.type === 'MarketSettled' || event.type === 'MarketVoided') versions.settle(event.data.marketId);
  else if (event.type === 'ResultRevoked') versions.reopen(event.data.marketId);
  else if (event.type === 'MarketArchived') versions.archive(event.data.marketId);
  else if (event.type === 'MarketRestored') versions.restore(event.data.marketId, event.data.streamVersions);
  else if (event.type === 'MarketForgotten') versions.forgetMarket(event.data.marketId);
  else if (event.type === 'MarketRemembered') versions.rememberMarket(event.data.marketId, event.data.version);
  else if (event.type === 'MatchForgotten') versions.forgetMatch(event.data.matchId);
  else if (event.type === 'MatchRemembered') versions.rememberMatch(event.data.match.matchId, event.data.version);
  snapshots.folded(state, marketId, position);
  snapshots.providerFolded(state, event);
}

/** A journalled command's events, read back from the log for a retry's answer (positions of one command are consecutive). */
export async function recall(store: EventStore, positions: number[]): Promise<CommittedEvent[]> {
  if (positions.length === 0) return [];
  const events = await store.readAll(Math.min(...positions) - 1, positions.length);
  return events.map(
    (e) =>
      ({
        type: e.type,
        streamId: e.streamId,
        data: e.data,
        position: e.position,
        at: e.metadata.at,
      }) as CommittedEvent,
  );
}
