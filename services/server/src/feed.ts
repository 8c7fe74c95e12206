import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type {
  Catalogue,
  Command,
  CommandBus,
  ExecuteResult,
  FeedPort,
  FeedUpdate,
  MarketListed,
  MarketStateUpdate,
} from '@exch/contracts';
import type { Engine } from '@exch/engine';

/** How often the feed's catalogue is compared with the log (new matches, matches going in play). */
const CATALOGUE_SYNC_MS = 30_000;
/** The most turns one market definition takes: in play, then removals, then the result (betting/feed-market.ts). */
const DEFINITION_TURNS = 3;
/** How long a feed's result waits for an operator before it settles by itself, unless FEED_SETTLE_DELAY_MS says otherwise. */
export const DEFAULT_FEED_SETTLE_DELAY_MS = 120_000;

/**
 * FEED_SETTLE_DELAY_MS: milliseconds a result the feed proposes waits before it settles by itself (0
 * at once); `off`: it waits for an admin's confirmation. Returns null for off.
 */
export function feedSettleDelayFromEnv(env: NodeJS.ProcessEnv): number | null {
  const raw = env.FEED_SETTLE_DELAY_MS;
  if (raw === undefined || raw === '') return DEFAULT_FEED_SETTLE_DELAY_MS;
  if (raw === 'off') return null;
  const ms = Number(raw);
  if (!Number.isSafeInteger(ms) || ms < 0)
    throw new Error('FEED_SETTLE_DELAY_MS must be a whole number of milliseconds, or off');
  return ms;
}

/** A system command stamped here, at the edge: its id and time enter the log with its events. */
const system = (commands: CommandBus, command: Command, commandId = `feed:${randomUUID()}`): Promise<ExecuteResult> =>
  commands.execute({
    commandId,
    correlationId: randomUUID(),
    actor: null,
    ip: null,
    device: null,
    at: new Date().toISOString(),
    command,
  });

/**
 * The feed's catalogue into the log. Returns the markets it newly listed, whose latest definition
 * the caller applies: one that came before its market was listed found nothing to apply to.
 */
async function syncCatalogue(catalogue: Catalogue, commands: CommandBus): Promise<Set<string>> {
  const result = await system(commands, { type: 'SyncCatalogue', catalogue }, `catalogue:${randomUUID()}`);
  if (!result.ok) throw new Error(`catalogue sync refused: ${result.refusal.message}`);
  return new Set(result.events.flatMap((e) => (e.type === 'MarketListed' ? [(e.data as MarketListed).marketId] : [])));
}

/**
 * A market definition into the log: sent again while it still changes something (each turn decides
 * one of in play, removals, result), and a proposed result confirmed after the settle delay.
 */
async function applyDefinition(
  update: MarketStateUpdate,
  commands: CommandBus,
  settleDelayMs: number | null,
  log: Logger,
): Promise<void> {
  for (let turn = 0; turn < DEFINITION_TURNS; turn++) {
    const result = await system(commands, { type: 'ApplyFeedMarketState', update });
    if (!result.ok) throw new Error(`market definition refused: ${result.refusal.message}`);
    if (result.events.length === 0) return;
    const proposed = result.events.find((e) => e.type === 'ResultProposed');
    if (proposed && settleDelayMs !== null) {
      // Idempotent by the proposal's position: a retry or a second timer confirms nothing twice.
      const confirm = () =>
        void system(
          commands,
          { type: 'ConfirmFeedResult', marketId: update.marketId },
          `feed-settle:${proposed.position}`,
        )
          .then((r) => {
            if (!r.ok) log.info({ marketId: update.marketId, refusal: r.refusal }, 'feed result not settled');
          })
          .catch((err) => log.warn({ err, marketId: update.marketId }, 'feed result settlement failed'));
      setTimeout(confirm, settleDelayMs).unref();
    }
  }
}

export interface FeedSettings {
  /** See feedSettleDelayFromEnv; null: an admin confirms each feed result. */
  settleDelayMs: number | null;
}

/**
 * Connects a feed to the engine: its catalogue enters the log, its current prices and market
 * definitions reach the engine before any bet is decided, then every change follows. Prices are
 * quotes (not journalled); definitions are commands, in the same queue so they keep feed order.
 * A definition of a market the log has not listed (a live stream bringing a new market) lists it
 * at once rather than at the next periodic sync. Returns the disconnect.
 */
export async function connectFeed(
  feed: FeedPort,
  engine: Pick<Engine, 'quote'>,
  commands: CommandBus,
  log: Logger,
  settings: FeedSettings = { settleDelayMs: DEFAULT_FEED_SETTLE_DELAY_MS },
): Promise<() => void> {
  // Markets whose definition already asked for a sync: one the catalogue still lacks (its names
  // not looked up yet) waits for the periodic sync rather than asking again with every definition.
  const asked = new Set<string>();
  let listed = new Set(feed.catalogue().markets.map((m) => m.marketId));
  let running: Promise<void> | null = null;
  let again = false;
  // A definition command is queued at once, so it keeps its place among the prices.
  const take = (update: FeedUpdate): Promise<void> => {
    if (update.type !== 'market') {
      engine.quote(update);
      return Promise.resolve();
    }
    if (!listed.has(update.marketId) && !asked.has(update.marketId)) {
      asked.add(update.marketId);
      void sync();
    }
    return applyDefinition(update, commands, settings.settleDelayMs, log).catch((err) =>
      log.warn({ err, marketId: update.marketId }, 'market definition failed'),
    );
  };
  /** One sync at a time; a call during one runs another after it, which reads the catalogue as it is then. */
  const sync = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        const catalogue = feed.catalogue();
        const fresh = await syncCatalogue(catalogue, commands);
        listed = new Set(catalogue.markets.map((m) => m.marketId));
        for (const u of feed.snapshot()) if (u.type === 'market' && fresh.has(u.marketId)) void take(u);
      } while (again);
    })()
      .catch((err) => log.warn({ err }, 'catalogue sync failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  await syncCatalogue(feed.catalogue(), commands);
  await Promise.all(feed.snapshot().map(take));
  const unsubscribe = feed.subscribe((update) => void take(update));
  const timer = setInterval(() => void sync(), CATALOGUE_SYNC_MS);
  timer.unref();
  feed.start();
  return () => {
    clearInterval(timer);
    unsubscribe();
    feed.stop();
  };
}
