import type {
  CommandEnvelope,
  CommittedEvent,
  DomainEvent,
  EventStore,
  PositionedEvent,
  StoredEvent,
} from '@exch/contracts';
import type { Quotes } from '../betting/quotes.js';
import { CommandWindow } from '../snapshot/command-window.js';
import { Snapshots } from '../snapshot/snapshots.js';
import { StreamVersions } from '../snapshot/stream-versions.js';
import { emptyState, type EngineState } from '../state.js';
import { foldJournalled, marketOf, positioned } from './journal.js';

/**
 * Named for the state's shape: a snapshot of an older shape is not loaded, the log is replayed
 * instead. A whole snapshot of this shape, from before snapshots had parts, still loads.
 */
export const SNAPSHOT_NAME = 'engine-v10';
const REMEMBERED_COMMANDS = 100_000;
/** Command ids per segment of the window: a full one is written to snapshots once. */
const COMMAND_SEGMENT = 2_500;

/**
 * What the single writer holds (DESIGN.md rule 3): the state, its streams' versions, the command
 * ids it remembers and its place in the log; and the two ways events fold into them, a turn's
 * decisions journalled and the log's events replayed, each telling the snapshots first.
 */
export class Memory {
  state: EngineState = emptyState();
  versions = new StreamVersions();
  processed = new CommandWindow(REMEMBERED_COMMANDS, COMMAND_SEGMENT);
  readonly snapshots: Snapshots;
  /** The last position the log holds. */
  position = 0;
  /** The last position given to an event, committed or in flight. */
  assigned = 0;
  /** The position of the snapshot the state was loaded from. */
  loadedFrom = 0;

  constructor(
    store: EventStore,
    private readonly quotes: Quotes,
  ) {
    this.snapshots = new Snapshots(store, SNAPSHOT_NAME, REMEMBERED_COMMANDS, COMMAND_SEGMENT);
  }

  /**
   * Evolves the state by a decision's events and queues them for this turn's journal transaction,
   * with the positions and stream versions the single writer assigns; returns them as the caller
   * will get them.
   */
  journal(
    envelope: CommandEnvelope,
    decided: DomainEvent[],
    events: PositionedEvent[],
    slots: CommittedEvent[],
  ): CommittedEvent[] {
    return decided.map((event, i) => {
      this.snapshots.changing(this.state, this.versions, event);
      const version = this.versions.next(event.streamId, marketOf(event));
      const journalled = positioned(envelope, event, i, ++this.assigned, version);
      events.push(journalled);
      foldJournalled(this.state, this.versions, this.snapshots, event, journalled.position);
      this.quotes.absorb(event, this.state);
      const slot = { ...event, position: journalled.position, at: envelope.at } as CommittedEvent;
      slots.push(slot);
      return slot;
    });
  }

  /** Folds an event the log holds: a replay's, or the leader's while this engine stands by. */
  apply(e: StoredEvent): void {
    const event = e as unknown as DomainEvent;
    this.snapshots.changing(this.state, this.versions, event);
    this.versions.record(e.streamId, e.streamVersion, marketOf(event));
    foldJournalled(this.state, this.versions, this.snapshots, event, e.position);
    const known = this.processed.get(e.metadata.commandId);
    if (known) known.push(e.position);
    else this.processed.remember(e.metadata.commandId, [e.position]);
    this.position = e.position;
  }

  /** The last snapshot, or the empty state when there is none; the log after it is still to fold. */
  async load(): Promise<void> {
    const snap = await this.snapshots.load();
    this.state = snap?.state ?? emptyState();
    this.versions = snap?.versions ?? new StreamVersions();
    this.processed = snap?.commands ?? new CommandWindow(REMEMBERED_COMMANDS, COMMAND_SEGMENT);
    this.position = snap?.position ?? 0;
    this.loadedFrom = this.position;
  }
}
