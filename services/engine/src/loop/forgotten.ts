import { EngineUnavailableError, matchStream, type CommandEnvelope, type EventStore } from '@exch/contracts';
import { recollect, recollectMatch } from '../betting/read-back.js';
import type { Log } from '../log.js';
import type { EngineState } from '../state.js';
import { ownPending, RESTORE_PREFIX, type Pending } from './queue.js';

/** What a command names that the state does not hold. */
export interface Unknown {
  markets: string[];
  matches: string[];
}

/**
 * Markets and matches a command names that the state does not hold, read back from the log before
 * it is decided (docs/exchange.md "Forgotten markets"): a forgotten market comes back as its summary
 * (RememberMarket) and a forgotten match as its record (RememberMatch), both journalled, so the
 * command is decided as it was before the state forgot them, and the feed's catalogue never lists
 * an old market or match again at its stream's first version. An id the log does not hold costs
 * one read, and the command is decided as the state is.
 */
export class ForgottenMarkets {
  /**
   * Commands whose markets were read back: decided as the state is after one try. Held by the queued
   * command itself, not its id: one answered as a retry, or refused at a stop, leaves nothing here.
   */
  private readonly tried = new WeakSet<Pending>();

  constructor(
    private readonly store: EventStore,
    private readonly log: Log,
    /** The engine's state as it is now (a rebuild replaces it). */
    private readonly state: () => Readonly<EngineState>,
  ) {}

  /** What this command names that the state does not hold, unless it was read back for it already. */
  unknownTo(state: Readonly<EngineState>, p: Pending): Unknown | null {
    if (this.tried.delete(p)) return null;
    const c = p.envelope.command;
    if (c.type === 'SyncCatalogue') {
      const markets = c.catalogue.markets.filter((m) => !state.markets.get(m.marketId)).map((m) => m.marketId);
      const matches = c.catalogue.matches.filter((m) => !state.matches[m.id]).map((m) => m.id);
      return markets.length + matches.length > 0 ? { markets, matches } : null;
    }
    const named = c as { marketId?: unknown; matchId?: unknown };
    const marketId = c.type === 'ApplyFeedMarketState' ? c.update.marketId : named.marketId;
    const market = typeof marketId === 'string' && !state.markets.get(marketId);
    const match = typeof named.matchId === 'string' && !state.matches[named.matchId];
    if (!market && !match) return null;
    return { markets: market ? [marketId as string] : [], matches: match ? [named.matchId as string] : [] };
  }

  /**
   * Once the log holds every event journalled so far (`committed`: a market forgotten in a turn
   * still committing is read with its MarketForgotten, so its stream's version is the last), reads
   * each market back by the market index, then each match named or of a market read back that the
   * state does not hold by its stream, and requeues a RememberMatch and a RememberMarket for each
   * the log holds, ahead of the waiting command.
   */
  readBack(unknown: Unknown, p: Pending, committed: Promise<void>, requeue: (items: Pending[]) => void): void {
    this.tried.add(p);
    // Its refusal (another command's read-back remembered it first) changes nothing.
    const own = (command: CommandEnvelope['command']): Pending => ownPending(RESTORE_PREFIX, p.envelope.at, command);
    committed
      .then(async () => {
        const markets = await Promise.all(
          unknown.markets.map((id) => this.store.readMarket(id).then((events) => recollect(id, events))),
        );
        const matchIds = new Set(unknown.matches);
        for (const m of markets) if (m && !this.state().matches[m.matchId]) matchIds.add(m.matchId);
        const matches = await Promise.all(
          [...matchIds].map((id) =>
            this.store.readStream(matchStream(id)).then((events) => recollectMatch(id, events)),
          ),
        );
        return [
          ...matches.flatMap((remembered) => (remembered ? [own({ type: 'RememberMatch', remembered })] : [])),
          ...markets.flatMap((remembered) => (remembered ? [own({ type: 'RememberMarket', remembered })] : [])),
        ];
      })
      .then(
        (remember) => requeue([...remember, p]),
        (err: unknown) => {
          this.log.error({ err, ...unknown }, 'reading forgotten markets back failed');
          p.reject(new EngineUnavailableError('The bet engine could not read this market back, please try again'));
        },
      );
  }
}
