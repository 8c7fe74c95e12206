import { EngineUnavailableError, type EventStore } from '@exch/contracts';
import { readBack } from '../betting/read-back.js';
import type { Log } from '../log.js';
import type { EngineState } from '../state.js';
import { ownPending, RESTORE_PREFIX, type Pending } from './queue.js';

/**
 * Archived markets read back from the log for the rare command that needs one (a revoke after the
 * window): the log stays the only truth, and a replay sees the same restore.
 */
export class ArchivedMarkets {
  /** Commands that waited for an archived market to be read back: decided as they are after one try (held as forgotten.ts holds its own). */
  private readonly restoredFor = new WeakSet<Pending>();

  constructor(
    private readonly store: EventStore,
    private readonly log: Log,
  ) {}

  /** The archived market a command needs read back before it is decided. */
  marketOf(state: Readonly<EngineState>, p: Pending): string | null {
    const c = p.envelope.command;
    if (c.type !== 'RevokeResult' || this.restoredFor.delete(p)) return null;
    return state.markets.get(c.marketId)?.archived ? c.marketId : null;
  }

  /**
   * Reads the market's events back (by index) and requeues them folded as one RestoreMarket ahead
   * of the waiting command, which is then decided against the market as it was.
   */
  readBack(marketId: string, p: Pending, requeue: (items: Pending[]) => void): void {
    this.restoredFor.add(p);
    this.store.readMarket(marketId).then(
      (events) => {
        const restored = readBack(marketId, events);
        if (!restored) return requeue([p]);
        // Its refusal (another command restored it first) leaves the waiting command to be decided as the state is.
        requeue([ownPending(RESTORE_PREFIX, p.envelope.at, { type: 'RestoreMarket', restored }), p]);
      },
      (err: unknown) => {
        this.log.error({ err, marketId }, 'reading an archived market back failed');
        p.reject(new EngineUnavailableError('The bet engine could not read this market back, please try again'));
      },
    );
  }
}
