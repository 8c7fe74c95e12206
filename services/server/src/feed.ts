import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { CommandBus, FeedPort } from '@exch/contracts';
import type { Engine } from '@exch/engine';

/** How often the feed's catalogue is compared with the log (new matches, matches going in play). */
const CATALOGUE_SYNC_MS = 30_000;

async function syncCatalogue(feed: FeedPort, commands: CommandBus): Promise<void> {
  const { series, matches, markets } = feed.catalogue();
  const result = await commands.execute({
    commandId: `catalogue:${randomUUID()}`,
    correlationId: randomUUID(),
    actor: null,
    ip: null,
    device: null,
    at: new Date().toISOString(),
    command: { type: 'SyncCatalogue', catalogue: { series, matches, markets } },
  });
  if (!result.ok) throw new Error(`catalogue sync refused: ${result.refusal.message}`);
}

/**
 * Connects a feed to the engine: its catalogue enters the log, its current prices reach the engine
 * before any bet is decided, then every change follows. Returns the disconnect.
 */
export async function connectFeed(
  feed: FeedPort,
  engine: Engine,
  commands: CommandBus,
  log: Logger,
): Promise<() => void> {
  await syncCatalogue(feed, commands);
  for (const update of feed.snapshot()) engine.quote(update);
  const unsubscribe = feed.subscribe((update) => engine.quote(update));
  const timer = setInterval(
    () => void syncCatalogue(feed, commands).catch((err) => log.warn({ err }, 'catalogue sync failed')),
    CATALOGUE_SYNC_MS,
  );
  timer.unref();
  feed.start();
  return () => {
    clearInterval(timer);
    unsubscribe();
    feed.stop();
  };
}
