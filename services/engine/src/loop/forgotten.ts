import { EngineUnavailableError, type CommandEnvelope, type EventStore } from '@exch/contracts';
import { recollect } from '../betting/read-back.js';
import type { Log } from '../log.js';
import type { EngineState } from '../state.js';
import { ownEnvelope, RESTORE_PREFIX, type Pending } from './queue.js';

/**
 * Markets a command names that the state does not hold, read back from the log before it is
 * decided (docs/exchange.md "Forgotten markets"): a forgotten market comes back as its summary
 * (RememberMarket, journalled), so the command is decided as it was before the state forgot it, and
 * the feed's catalogue never lists an old market again at its stream's first version. An id the
 * log does not hold costs one index read, and the command is decided as the state is.
 */
export class ForgottenMarkets {
  /** Commands whose markets were read back: decided as the state is after one try. */
  private readonly tried = new Set<string>();

  constructor(
    private readonly store: EventStore,
    private readonly log: Log,
  ) {}

  /** The markets this command names that the state does not hold, unless they were read back for it already. */
  unknownTo(state: Readonly<EngineState>, envelope: CommandEnvelope): string[] | null {
    if (this.tried.size > 0 && this.tried.delete(envelope.commandId)) return null;
    const c = envelope.command;
    if (c.type === 'SyncCatalogue') {
      let unknown: string[] | null = null;
      for (const m of c.catalogue.markets) if (!state.markets.get(m.marketId)) (unknown ??= []).push(m.marketId);
      return unknown;
    }
    const marketId = c.type === 'ApplyFeedMarketState' ? c.update.marketId : (c as { marketId?: unknown }).marketId;
    return typeof marketId === 'string' && !state.markets.get(marketId) ? [marketId] : null;
  }

  /**
   * Once the log holds every event journalled so far (`committed`: a market forgotten in a turn
   * still committing is read with its MarketForgotten, so its stream's version is the last),
   * reads each market back by the market index and requeues a RememberMarket for each the log
   * holds, ahead of the waiting command.
   */
  readBack(marketIds: string[], p: Pending, committed: Promise<void>, requeue: (items: Pending[]) => void): void {
    this.tried.add(p.envelope.commandId);
    committed
      .then(() => Promise.all(marketIds.map((id) => this.store.readMarket(id).then((events) => recollect(id, events)))))
      .then(
        (found) => {
          const remember: Pending[] = [];
          for (const remembered of found) {
            if (!remembered) continue;
            const envelope = ownEnvelope(RESTORE_PREFIX, p.envelope.at, { type: 'RememberMarket', remembered });
            // Its refusal (another command's read-back remembered it first) changes nothing.
            remember.push({ envelope, resolve: () => {}, reject: () => {} });
          }
          requeue([...remember, p]);
        },
        (err: unknown) => {
          this.tried.delete(p.envelope.commandId);
          this.log.error({ err, marketIds }, 'reading forgotten markets back failed');
          p.reject(new EngineUnavailableError('The bet engine could not read this market back, please try again'));
        },
      );
  }
}
