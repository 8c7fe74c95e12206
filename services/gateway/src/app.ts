import fastifyJwt from '@fastify/jwt';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { paiseToRupees, type CommandBus, type FeedPort, type SqlClient } from '@exch/contracts';
import { requireAuth, verifyAccessToken } from './auth/guard.js';
import { authRoutes } from './auth/routes.js';
import { Sessions } from './auth/sessions.js';
import { LoginThrottle } from './auth/throttle.js';
import { installErrorHandling } from './http/errors.js';
import { serveWeb } from './http/static.js';
import { adminAccountRoutes } from './accounts/admin-routes.js';
import { asOfRoutes } from './accounts/as-of-routes.js';
import type { AccountDeps } from './accounts/deps.js';
import { multiLoginRoutes } from './accounts/multi-login-routes.js';
import { requirePermission } from './accounts/permissions.js';
import { selfRoutes } from './accounts/self-routes.js';
import { statementRoutes } from './accounts/statement-routes.js';
import { adminBetRoutes } from './bets/admin-routes.js';
import { placeBetRoute } from './bets/place-route.js';
import { playerBetRoutes } from './bets/player-routes.js';
import { betStatusRoute } from './bets/status-route.js';
import { bookRoutes } from './books/routes.js';
import { buttonRoutes } from './buttons/routes.js';
import { pushBets } from './live/bet-pusher.js';
import { OddsPusher } from './live/odds-pusher.js';
import { lockRoutes } from './locks/routes.js';
import { adminMarketRoutes } from './markets/admin-routes.js';
import type { ExchangeDeps } from './markets/deps.js';
import { discoveryRoutes } from './markets/discovery-routes.js';
import { LivePrices } from './markets/live-prices.js';
import { manageMarketRoutes } from './markets/manage-routes.js';
import { openApiRoute } from './openapi/route.js';
import { reportRoutes } from './reports/routes.js';
import { migrateGatewayTables } from './schema.js';
import { userRoutes } from './users/routes.js';
import { Hub } from './ws/hub.js';

export interface GatewayOptions {
  sql: SqlClient;
  commands: CommandBus;
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
  /** Operator view of projection lag, for /health. */
  projectionLag?: () => Promise<{ name: string; lag: number }[]>;
  /** Live prices and scores for the match pages and oddsUpdate pushes; null: catalogue without prices. */
  feed?: FeedPort | null;
}

export interface Gateway {
  app: FastifyInstance;
  hub: Hub;
  /** Push fresh balances to the sockets of these users. */
  pushBalances(userIds: string[]): Promise<void>;
  /** Push these bets' new state to their bettors and to their uplines watching the match. */
  pushBets(betIds: string[]): Promise<void>;
  /** Push these markets' sections (status or result changed) to their match rooms. */
  pushMarkets(marketIds: string[]): void;
}

const BODY_LIMIT = 64 * 1024;

export async function buildGateway(opts: GatewayOptions): Promise<Gateway> {
  const app = Fastify({ loggerInstance: opts.logger, bodyLimit: BODY_LIMIT, trustProxy: opts.trustProxy ?? false });
  await migrateGatewayTables(opts.sql);
  const sessions = new Sessions(opts.sql);
  await app.register(fastifyJwt, { secret: opts.jwtSecret ?? (await sessions.signingSecret()) });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  installErrorHandling(app);
  app.decorateRequest('auth', null);
  app.decorateRequest('privileges', null);

  if (opts.maintenance) {
    app.addHook('onRequest', async (req, reply) => {
      if (req.url.startsWith('/api/')) {
        return reply.status(503).send({ statusCode: 503, error: 'Service Unavailable', message: 'Under maintenance', maintenance: true });
      }
    });
  }

  app.get('/health', async () => ({ status: 'ok', projections: opts.projectionLag ? await opts.projectionLag() : [] }));

  const hub = new Hub(async (token) => {
    const claims = verifyAccessToken(app, token);
    if (!(await sessions.isActive(claims.sid))) throw new Error('Your session has ended, please log in again');
    return claims;
  });
  app.get('/ws', { websocket: true }, (socket) => hub.attach(socket));

  const throttle = new LoginThrottle();
  const deps: AccountDeps = {
    sql: opts.sql,
    commands: opts.commands,
    sessions,
    throttle,
    guard: {
      admin: (permission) => [requireAuth(app, sessions, 'admin'), requirePermission(permission)],
      player: requireAuth(app, sessions, 'player'),
      any: requireAuth(app, sessions, 'any'),
      pendingPasswordChange: requireAuth(app, sessions, 'any', { passwordChangePending: true }),
    },
  };
  authRoutes(app, deps);
  userRoutes(app, deps);
  adminAccountRoutes(app, deps);
  selfRoutes(app, deps);
  statementRoutes(app, deps);
  asOfRoutes(app, deps);
  multiLoginRoutes(app, deps);

  // Prices reach pushes through the coalescing in LivePrices; the pusher is made right after it.
  const prices: LivePrices = new LivePrices(opts.feed ?? null, (updates) => odds.feedChanged(updates));
  const odds = new OddsPusher(opts.sql, hub, prices, opts.logger);
  const exchange: ExchangeDeps = { ...deps, prices };
  for (const routes of [discoveryRoutes, placeBetRoute, playerBetRoutes, betStatusRoute, adminBetRoutes, lockRoutes, bookRoutes, reportRoutes, buttonRoutes, adminMarketRoutes, manageMarketRoutes]) {
    routes(app, exchange);
  }
  openApiRoute(app);
  prices.start();
  app.addHook('onClose', async () => prices.stop());
  app.get('/api/ops/projections', { preHandler: deps.guard.admin('view-operations') }, async () => ({ data: opts.projectionLag ? await opts.projectionLag() : [] }));
  await serveWeb(app, opts.webDist);
  app.addHook('onClose', async () => hub.close());

  async function pushBalances(userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    const { rows } = await opts.sql.query<{ user_id: string; balance: string; exposure: string }>(
      `select user_id, balance, exposure from rm_users where user_id = any($1::text[])`,
      [userIds],
    );
    for (const r of rows) {
      hub.pushToUser(r.user_id, { event: 'balance', data: { balance: paiseToRupees(Number(r.balance)), exposer: paiseToRupees(Number(r.exposure)) } });
    }
  }

  return {
    app,
    hub,
    pushBalances,
    pushBets: (betIds) => pushBets(opts.sql, hub, betIds),
    pushMarkets: (marketIds) => odds.marketsChanged(marketIds),
  };
}
