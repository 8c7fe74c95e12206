import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import type { CommandBus, EventStore, FeedPort, ReadBarrier, StoredEvent } from '@exch/contracts';
import { Engine } from '@exch/engine';
import { createFeed, type FeedChoice } from '@exch/feeds';
import { openPGliteStore, openPostgresStore } from '@exch/eventstore';
import type { GameProvider } from '@exch/game-provider';
import { buildGateway, type Gateway, type RateLimits } from '@exch/gateway';
import {
  allProjections,
  balancesTouched,
  betsTouched,
  casinoBetsTouched,
  casinoTablesTouched,
  marketsTouched,
  paymentsTouched,
  ProjectionRunner,
  type LogLag,
} from '@exch/projector';
import { Dealer, type DealerSettings } from './casino/dealer.js';
import { connectFeed, DEFAULT_FEED_SETTLE_DELAY_MS } from './feed.js';
import { setUpProvider, type ProviderOption } from './provider.js';
import { counter, feedGauges, gauge, histogram, processRegistry } from './metrics.js';
import { Probe } from './health/probe.js';
import { readSideHealth } from './health/read-side.js';
import { seedDemo } from './seed.js';
import { TradedFeed } from './traded-feed.js';
import { engineWindows } from './engine-settings.js';

export interface ServerOptions {
  port: number;
  host?: string;
  /** Embedded PGlite data folder (ignored when databaseUrl is set). */
  dataDir: string;
  databaseUrl?: string;
  seedDemo: boolean;
  webDist: string | null;
  maintenance?: boolean;
  /** Origins the pages may frame: live TV and score streams (GatewayOptions.frameOrigins). */
  frameOrigins?: string[];
  /** Behind a reverse proxy: trust its X-Forwarded-For (see GatewayOptions.trustProxy). */
  trustProxy?: boolean | string[];
  logger?: Logger;
  /** The feed (docs/feeds.md): the built-in simulator, Betfair files or Betfair's stream; null runs without live markets. */
  feed?: FeedChoice | null;
  /** Another feed instead of these (a test's own); it wins over `feed`. */
  feedPort?: FeedPort;
  /** How long a feed's result waits before it settles by itself; null: an admin confirms it (feed.ts). */
  feedSettleDelayMs?: number | null;
  /** The international casino's game provider (provider.ts); null or left out: none. */
  provider?: ProviderOption | null;
  /** The casino's dealer (docs/casino.md); null or left out: no tables are listed or dealt. */
  casino?: DealerSettings | null;
  /** Per-account and per-address rate limits (docs/rate-limits.md); each left out is its default. */
  rateLimits?: Partial<RateLimits>;
}

export interface RunningServer {
  url: string;
  store: EventStore;
  engine: Engine;
  runner: ProjectionRunner;
  gateway: Gateway;
  /** The embedded game server, when there is one. */
  provider: GameProvider | null;
  /** The casino's dealer, when it runs (tests step it by hand). */
  dealer: Dealer | null;
  close(): Promise<void>;
}

/** One process, everything in it: the embedded default (DESIGN.md "Running it"). */
export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const log = opts.logger ?? pino({ level: process.env.LOG_LEVEL ?? 'info' });
  // The game server needs nothing of the engine until it is connected (below): it starts (its pages
  // bundled by esbuild in a process of its own) while the store opens and the engine loads.
  const providerStarting = opts.provider ? setUpProvider(opts.provider, log) : Promise.resolve(null);
  providerStarting.catch(() => {}); // awaited below; a failure fails the start there
  const store = opts.databaseUrl
    ? await openPostgresStore({ connectionString: opts.databaseUrl })
    : await openPGliteStore({ dataDir: opts.dataDir });
  const registry = processRegistry('server', 'embedded');
  const commitSeconds = histogram(
    registry,
    'engine_commit_seconds',
    'Journal commit latency per engine turn',
    [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  );
  const committed = counter(registry, 'engine_events_committed_total', 'Events journalled by the engine');
  // Whoever follows commits in this process: the gateway, once it is built.
  let followers: ((events: StoredEvent[]) => void)[] = [];
  let traded: TradedFeed | null = null;
  const feedSettleDelay = opts.feedSettleDelayMs === undefined ? DEFAULT_FEED_SETTLE_DELAY_MS : opts.feedSettleDelayMs;
  const engine = await Engine.start({
    store,
    log: log.child({ part: 'engine' }),
    ...engineWindows(),
    // Only a real feed proposes results; housekeeping settles those its timer missed.
    feedSettleDelayMs: feedSettleDelay,
    onCommit: (ms, events) => {
      commitSeconds.observe(ms / 1000);
      committed.inc(events);
    },
    onCommitted: (events) => {
      for (const follow of followers) follow(events);
    },
    onPrices: (ladders) => traded?.traded(ladders),
  });
  const runner = new ProjectionRunner(store, allProjections, log.child({ part: 'projector' }));
  await runner.start();

  // One log folded in order: the lag is the head less each checkpoint. With a deadline, as every
  // /health has: on PGlite a long transaction holds every query up (services/server/src/health).
  const lagProbe = new Probe(store.driver, async (): Promise<LogLag> => {
    const projections = await runner.lag();
    return { head: projections[0]?.head ?? engine.headPosition, relay: null, projections };
  });

  const commands: CommandBus = engine;
  // Read-your-writes on the next read: one machine folds the whole log in order, so one partition.
  const reads: ReadBarrier = {
    partitionOf: () => 0,
    waitFor: (token, timeoutMs) => runner.waitFor(token.get(0) ?? 0, timeoutMs).catch(() => {}),
  };

  const running = !opts.feedPort && opts.feed ? await createFeed(opts.feed, log.child({ part: 'feed' })) : null;
  const feed = opts.feedPort ?? running?.feed ?? null;
  // The screens show the engine's traded ladders: the feed's offers less what was taken, plus players' resting orders.
  traded = feed ? new TradedFeed(feed, (marketId, selectionId) => engine.tradedPrices(marketId, selectionId)) : null;
  const provider = await providerStarting;
  const gateway = await buildGateway({
    provider: provider?.setup ?? null,
    feed: traded,
    sql: store.sql,
    commands,
    reads,
    logger: log.child({ part: 'gateway' }),
    webDist: opts.webDist,
    maintenance: opts.maintenance ?? false,
    // Pages frame the provider's games from its origin, and live TV and scores from FRAME_ORIGINS.
    frameOrigins: [...(provider ? [provider.setup.port.origin] : []), ...(opts.frameOrigins ?? [])],
    trustProxy: opts.trustProxy ?? false,
    projectionLag: () => runner.lag(),
    health: () => readSideHealth(lagProbe),
    // One process, one gateway: its buckets in memory are every bucket there is.
    rateLimits: opts.rateLimits ?? {},
  });
  followers = [(events) => gateway.committed(events)];
  gauge(
    registry,
    'engine_queue_depth',
    'Commands and feed updates waiting for the next turn',
    (g) => void g.set(engine.queueDepth),
  );
  gauge(
    registry,
    'projector_lag',
    'Events in the log not yet folded into the read model',
    async (g) => {
      const read = await lagProbe.check();
      g.reset();
      if (read.ok) for (const l of read.value.projections) g.set({ projection: l.name }, l.lag);
    },
    ['projection'],
  );
  gauge(registry, 'gateway_websocket_clients', 'Open websocket connections', (g) => void g.set(gateway.hub.size));
  if (running?.health) feedGauges(registry, running.health);
  gateway.route(
    {
      method: 'GET',
      url: '/metrics',
      access: 'public',
      tag: 'Operations',
      summary: 'Prometheus metrics of this process',
    },
    async (_req, _input, reply) => reply.type(registry.contentType).send(await registry.metrics()),
  );
  // Pushes follow the read model they read: balances and exposure from users, bets from bets, market states from catalogue.
  runner.onApplied((name, events) => {
    if (name === 'users')
      void gateway.pushBalances(balancesTouched(events)).catch((err) => log.warn({ err }, 'balance push failed'));
    if (name === 'bets')
      void gateway.pushBets(betsTouched(events)).catch((err) => log.warn({ err }, 'bet push failed'));
    if (name === 'catalogue') gateway.pushMarkets(marketsTouched(events));
    if (name === 'payments')
      void gateway.pushPayments(paymentsTouched(events)).catch((err) => log.warn({ err }, 'payment push failed'));
    if (name === 'casino') {
      void gateway.pushCasino(casinoTablesTouched(events)).catch((err) => log.warn({ err }, 'casino push failed'));
      void gateway
        .pushCasinoBets(casinoBetsTouched(events))
        .catch((err) => log.warn({ err }, 'casino bet push failed'));
    }
  });

  if (opts.seedDemo && (await seedDemo(commands, (u) => engine.view.usernames[u.toLowerCase()], store.sql)))
    log.info('demo accounts seeded');

  const disconnectFeed = feed
    ? await connectFeed(feed, engine, commands, log.child({ part: 'feed' }), {
        settleDelayMs: feedSettleDelay,
      })
    : () => {};
  const dealer = opts.casino
    ? new Dealer({ bus: commands, view: () => engine.view, log: log.child({ part: 'dealer' }) }, opts.casino)
    : null;
  await dealer?.start();
  // Commands answer without waiting for the read side: the demo accounts and the catalogue must be readable before the first request.
  await runner.waitFor(engine.headPosition, 60_000);

  const address = await gateway.app.listen({ port: opts.port, host: opts.host ?? '0.0.0.0' });
  const port = Number(new URL(address).port);
  // The embedded game server calls this process's wallet, and lets its pages frame the games.
  provider?.game?.connect({
    url: `http://127.0.0.1:${port}`,
    origins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
  });
  return {
    url: `http://localhost:${port}`,
    store,
    engine,
    runner,
    gateway,
    provider: provider?.game ?? null,
    dealer,
    async close() {
      dealer?.stop();
      disconnectFeed();
      await provider?.game?.close();
      await gateway.app.close();
      await runner.stop();
      await engine.stop();
      await store.close();
    },
  };
}

export const defaultWebDist = (repoRoot: string): string => join(repoRoot, 'web', 'dist');
