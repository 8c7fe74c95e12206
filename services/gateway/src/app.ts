import fastifyJwt from '@fastify/jwt';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  directoryChanges,
  paiseToRupees,
  readTokenOf,
  type CommandBus,
  type DirectoryChanges,
  type FeedPort,
  type ReadBarrier,
  type SqlClient,
  type StoredEvent,
  type ReadSideHealth,
} from '@exch/contracts';
import { balancesOf, requestUplines } from '@exch/projector/read';
import { Directory } from './directory/directory.js';
import { requireAuth } from './auth/guard.js';
import { authRoutes } from './auth/routes.js';
import { Sessions } from './auth/sessions.js';
import { LoginThrottle } from './auth/throttle.js';
import type { RateStore } from './limits/bucket.js';
import { Limits } from './limits/limits.js';
import { MemoryRateStore } from './limits/memory-store.js';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './limits/settings.js';
import { installErrorHandling } from './http/errors.js';
import { securityHeaders } from './http/headers.js';
import { readYourWrites } from './http/read-after.js';
import { serveWeb } from './http/static.js';
import { adminAccountRoutes } from './accounts/admin-routes.js';
import { asOfRoutes } from './accounts/as-of-routes.js';
import type { AccountDeps, ExchangeDeps, Guards } from './deps.js';
import { multiLoginRoutes } from './accounts/multi-login-routes.js';
import { requirePermission } from './accounts/permissions.js';
import { selfRoutes } from './accounts/self-routes.js';
import { statementRoutes } from './reports/statement-routes.js';
import { auditRoutes } from './audit/routes.js';
import { adminBetRoutes } from './bets/admin-routes.js';
import { placeBetRoute } from './bets/place-route.js';
import { cashOutRoute } from './bets/cash-out-route.js';
import { autoCashOutRoutes } from './bets/auto-cash-out-routes.js';
import { playerBetRoutes } from './bets/player-routes.js';
import { betStatusRoute } from './bets/status-route.js';
import { bookRoutes } from './books/routes.js';
import { buttonRoutes } from './buttons/routes.js';
import { casinoAdminRoutes } from './casino/admin-routes.js';
import { casinoPlayerRoutes } from './casino/player-routes.js';
import { pushCasinoTables } from './casino/pusher.js';
import { pushBets, pushCasinoBets } from './live/bet-pusher.js';
import { OddsPusher } from './live/odds-pusher.js';
import { lockRoutes } from './locks/routes.js';
import { adminMarketRoutes } from './markets/admin-routes.js';
import { discoveryRoutes } from './markets/discovery-routes.js';
import { LivePrices } from './markets/live-prices.js';
import { manageMarketRoutes } from './markets/manage-routes.js';
import { openApiRoute } from './openapi/route.js';
import { describe, isBackOfficeWrite, router, type GuardFor, type Route, type RouteConfig } from './http/route.js';
import { marketAdminGuard } from './markets/market-admin.js';
import { reportRoutes } from './reports/routes.js';
import type { ProviderSetup } from './provider/deps.js';
import { providerRoutes } from './provider/routes.js';
import { providerSignatureGuard } from './provider/signature-guard.js';
import { generalReportRoutes } from './reports/general-routes.js';
import { pnlRoutes } from './reports/pnl-routes.js';
import { partnershipRoutes } from './partnership/routes.js';
import { statementExports } from './reports/statement-exports.js';
import { streamRoutes } from './streams/routes.js';
import { riskAlertsRoute } from './risk/alerts-route.js';
import { riskDeskRoutes } from './risk/desk-routes.js';
import { riskSettingsRoutes } from './risk/settings-routes.js';
import { tapeRoutes } from './risk/tape-routes.js';
import { migrateGatewayTables } from './schema.js';
import { pendingCounts } from './payments/admin-routes.js';
import { paymentRoutes } from './payments/routes.js';
import { projectionRoutes } from './projections/routes.js';
import { migratePaymentTables } from './payments/screenshots.js';
import { userRoutes } from './users/routes.js';
import { pushPrivileges, socketAccess } from './ws/access.js';
import { SocketBudget } from './ws/budget.js';
import { Hub } from './ws/hub.js';

/** What the directory reads off a committed event. */
type LoggedEvent = Pick<StoredEvent, 'type' | 'data' | 'streamId' | 'position'>;

export interface GatewayOptions {
  sql: SqlClient;
  commands: CommandBus;
  /** The read side a later request waits on when it carries X-Read-After (read-your-writes). */
  reads: ReadBarrier;
  logger: FastifyBaseLogger;
  /** Folder of the built web app; null serves the API alone. */
  webDist: string | null;
  /** Shared signing secret; by default the one stored in the database. */
  jwtSecret?: string;
  /** Answer every API call with 503 and `maintenance: true` (SPEC.md section 4). */
  maintenance?: boolean;
  /**
   * Trust X-Forwarded-For from a proxy in front (true, or a list of proxy addresses). Off by
   * default: trusted blindly, a client could pick its own IP and slip the login throttle.
   */
  trustProxy?: boolean | string[];
  /** Operator view of projection lag, for /api/ops/projections. */
  projectionLag?: () => Promise<{ name: string; lag: number }[]>;
  /** GET /health: the read side's lag and the probes' verdict, answered within a second (services/server/src/health). */
  health?: () => Promise<ReadSideHealth>;
  /** Live prices and scores for the match pages and oddsUpdate pushes; null: catalogue without prices. */
  feed?: FeedPort | null;
  /** Origins the pages may frame (live TV streams, the casino provider's games); nothing else can be framed. */
  frameOrigins?: string[];
  /** The international casino's game provider (its port and shared secret); null or left out: none. */
  provider?: ProviderSetup | null;
  /**
   * Where the rate limits' buckets live: this process's memory by default (one gateway); a
   * SqlRateStore when gateways share PostgreSQL, so the limits hold across them.
   */
  rateStore?: RateStore;
  /** The rate limits (docs/rate-limits.md); each left out is its default. */
  rateLimits?: Partial<RateLimits>;
}

export interface Gateway {
  app: FastifyInstance;
  hub: Hub;
  /** Registers a route with its schema and access (so it is in the OpenAPI too): /metrics of the process. */
  route: Route;
  /**
   * Every route registered with fastify but the web app's files (their schema is hidden), with who
   * may call it (`route`: absent for the websocket): what the OpenAPI, fuzz and privilege tests check.
   */
  registered: { method: string; url: string; route?: RouteConfig }[];
  /** Push fresh balances to the sockets of these users. */
  pushBalances(userIds: string[]): Promise<void>;
  /** Push these bets' new state to their bettors and to their uplines watching the match. */
  pushBets(betIds: string[]): Promise<void>;
  /** Push these markets' sections (status or result changed) to their match rooms. */
  pushMarkets(marketIds: string[]): void;
  /** These players' payment requests changed: their uplines' pending counts and the players' own balances (holds). */
  pushPayments(userIds: string[]): Promise<void>;
  /** Push these casino tables' live state to their rooms (casino:{code}). */
  pushCasino(tableCodes: string[]): Promise<void>;
  /** Casino bets placed or settled: to the bet tape and watchers. */
  pushCasinoBets(betIds: string[]): Promise<void>;
  /** Events the engine committed (embedded: every commit): the directory forgets what they change. */
  committed(events: readonly LoggedEvent[]): void;
  /** What another gateway's commands changed, once the read models hold it (distributed: projector notices). */
  directoryChanged(changes: DirectoryChanges): void;
}

const BODY_LIMIT = 64 * 1024;
/** How often idle rate buckets and expired refresh tokens are dropped. */
const SWEEP_MS = 10 * 60 * 1000;

export async function buildGateway(opts: GatewayOptions): Promise<Gateway> {
  const app = Fastify({ loggerInstance: opts.logger, bodyLimit: BODY_LIMIT, trustProxy: opts.trustProxy ?? false });
  const registered: Gateway['registered'] = [];
  app.addHook('onRoute', (r) => {
    const hidden = (r.schema as { hide?: boolean } | undefined)?.hide === true;
    for (const method of [r.method].flat())
      if (method !== 'HEAD' && !hidden)
        registered.push({ method, url: r.url ?? r.path, ...(r.config?.route ? { route: r.config.route } : {}) });
  });
  await migrateGatewayTables(opts.sql);
  await migratePaymentTables(opts.sql);
  const sessions = new Sessions(opts.sql);
  await app.register(fastifyJwt, { secret: opts.jwtSecret ?? (await sessions.signingSecret()) });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await securityHeaders(app, opts.frameOrigins ?? []);
  installErrorHandling(app);
  app.decorateRequest('auth', null);
  app.decorateRequest('privileges', null);
  readYourWrites(app, opts.reads);

  if (opts.maintenance) {
    app.addHook('onRequest', async (req, reply) => {
      if (req.url.startsWith('/api/')) {
        return reply
          .status(503)
          .send({ statusCode: 503, error: 'Service Unavailable', message: 'Under maintenance', maintenance: true });
      }
    });
  }

  const directory = new Directory(opts.sql, opts.reads);
  const limits = new Limits(
    opts.rateStore ?? new MemoryRateStore(),
    { ...DEFAULT_RATE_LIMITS, ...opts.rateLimits },
    opts.sql,
  );
  const sweep = setInterval(() => {
    void limits.store.sweep().catch((err) => opts.logger.warn({ err }, 'rate bucket sweep failed'));
    void sessions.sweep().catch((err) => opts.logger.warn({ err }, 'refresh token sweep failed'));
  }, SWEEP_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  const { rules } = limits;
  const budget = new SocketBudget({
    messagesPerSecond: rules.wsMessagesPerSecond,
    addressMessagesPerSecond: rules.wsAddressMessagesPerSecond,
    connectionsPerAddress: rules.wsConnectionsPerAddress,
    roomsPerSocket: rules.wsRoomsPerSocket,
  });
  const hub = new Hub(socketAccess(app, directory), budget, (err) =>
    opts.logger.error({ err }, 'websocket frame failed'),
  );
  directory.onSessionsEnded((ids) => hub.endSessions(ids));
  directory.onUsersChanged((ids) => hub.usersChanged(ids));

  const throttle = new LoginThrottle();
  const guard: Guards = {
    admin: (permission) => [requireAuth(app, directory, 'admin'), requirePermission(permission)],
    player: requireAuth(app, directory, 'player'),
    any: requireAuth(app, directory, 'any'),
    pendingPasswordChange: requireAuth(app, directory, 'any', { passwordChangePending: true }),
  };
  const providerGuard = providerSignatureGuard(opts.provider?.secret ?? null);
  // A back-office write spends a token of its login's bucket once the login and its privilege pass.
  const guardFor: GuardFor = (spec) => {
    const { access } = spec;
    const writes = isBackOfficeWrite(spec) ? [limits.backOfficeWrite] : [];
    if (typeof access === 'object') return [...guard.admin(access.admin), ...writes];
    if (access === 'provider') return [providerGuard];
    if (access === 'market-admin') return [...marketAdminGuard(guard), ...writes];
    return { public: [], any: [guard.any], player: [guard.player], 'password-change': [guard.pendingPasswordChange] }[
      access
    ];
  };
  const route = router(app, guardFor);
  route(
    {
      method: 'GET',
      url: '/health',
      access: 'public',
      tag: 'Operations',
      summary: "Liveness, each read model's lag, and why it is degraded if it is (200 either way)",
    },
    async (): Promise<ReadSideHealth> =>
      opts.health ? opts.health() : { status: 'ok', reasons: [], head: null, relay: null, projections: [] },
  );
  describe(app, {
    method: 'GET',
    url: '/ws',
    access: 'public',
    tag: 'Live',
    summary: 'Websocket: JSON frames {event, data}; see docs/exchange-api.md',
    websocket: true,
  });
  app.route({
    method: 'GET',
    url: '/ws',
    // A plain GET (a browser, a scanner) is told what this is rather than getting an empty 404.
    handler: async (_req, reply) =>
      reply.code(426).header('Upgrade', 'websocket').send({
        statusCode: 426,
        error: 'Upgrade Required',
        message: 'This is a websocket: connect with Upgrade: websocket',
      }),
    wsHandler: (socket, req) => hub.attach(socket, req.ip),
  });

  // The gateway's own commands tell its directory at once; in distributed mode other gateways' come from the projectors' notices.
  const remember = (events: readonly LoggedEvent[]) =>
    directory.changed(
      directoryChanges(events),
      readTokenOf(events, (id) => opts.reads.partitionOf(id)),
    );
  const deps: AccountDeps = {
    sql: opts.sql,
    commands: { bus: opts.commands, reads: opts.reads, committed: remember },
    sessions,
    directory,
    throttle,
    limits,
    guard,
    route,
  };
  authRoutes(app, deps);
  for (const routes of [
    userRoutes,
    adminAccountRoutes,
    selfRoutes,
    statementRoutes,
    asOfRoutes,
    multiLoginRoutes,
    paymentRoutes,
    partnershipRoutes,
    pnlRoutes,
    generalReportRoutes,
    statementExports,
    auditRoutes,
    projectionRoutes,
  ])
    routes(deps);

  // Prices reach pushes through the coalescing in LivePrices; the pusher is made right after it.
  const prices: LivePrices = new LivePrices(opts.feed ?? null, (updates) => odds.feedChanged(updates));
  const odds = new OddsPusher(opts.sql, hub, prices, opts.logger);
  const exchange: ExchangeDeps = { ...deps, prices };
  for (const routes of [
    discoveryRoutes,
    placeBetRoute,
    cashOutRoute,
    autoCashOutRoutes,
    playerBetRoutes,
    betStatusRoute,
    adminBetRoutes,
    lockRoutes,
    bookRoutes,
    reportRoutes,
    buttonRoutes,
    adminMarketRoutes,
    manageMarketRoutes,
    casinoPlayerRoutes,
    casinoAdminRoutes,
    tapeRoutes,
    riskSettingsRoutes,
    riskAlertsRoute,
    riskDeskRoutes,
  ]) {
    routes(exchange);
  }
  await providerRoutes(deps, opts.provider ?? null);
  streamRoutes(exchange, opts.frameOrigins ?? []);
  route(
    {
      method: 'GET',
      url: '/api/ops/projections',
      access: { admin: 'view-operations' },
      tag: 'Operations',
      summary: "Each read model's checkpoint and lag",
    },
    async () => ({ data: opts.projectionLag ? await opts.projectionLag() : [] }),
  );
  openApiRoute(app, route);
  hub.grant(pushPrivileges(registered));
  prices.start();
  app.addHook('onClose', async () => prices.stop());
  await serveWeb(app, opts.webDist);
  app.addHook('onClose', async () => hub.close());

  async function pushBalances(userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    for (const r of await balancesOf(opts.sql, userIds)) {
      hub.pushToUser(r.user_id, {
        event: 'balance',
        data: {
          balance: paiseToRupees(Number(r.balance)),
          exposer: paiseToRupees(Number(r.exposure)),
          held: paiseToRupees(Number(r.held)),
        },
      });
    }
  }

  async function pushPayments(userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    await pushBalances(userIds);
    const online = (await requestUplines(opts.sql, userIds)).filter((id) => hub.online(id));
    if (online.length === 0) return;
    for (const [upline, counts] of await pendingCounts(opts.sql, online))
      hub.pushToBackOffice(upline, 'paymentRequests', { event: 'paymentRequests', data: counts });
  }

  return {
    app,
    hub,
    route,
    registered,
    pushBalances,
    pushBets: (betIds) => pushBets(opts.sql, hub, betIds),
    pushMarkets: (marketIds) => odds.marketsChanged(marketIds),
    pushPayments,
    pushCasino: (tableCodes) => pushCasinoTables(opts.sql, hub, tableCodes),
    pushCasinoBets: (betIds) => pushCasinoBets(opts.sql, hub, betIds),
    committed: remember,
    directoryChanged: (changes) => directory.changed(changes, null),
  };
}
