import { join } from 'node:path';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  LaunchBodySchema,
  PROVIDER_API,
  type GamesAnswer,
  type LaunchBody,
  type OperatorWallet,
} from '@exch/contracts';
import { ProviderCallVerifier } from '@exch/contracts/node';
import type { Logger } from 'pino';
import { findGame, GAMES } from './games/catalogue.js';
import { cryptoRng, type Rng } from './games/rng.js';
import { RULES } from './games/rules.js';
import { buildAssets } from './http/assets.js';
import { expiredPage, gamePage, lobbyPage } from './http/pages.js';
import { DemoWallet } from './rounds/demo-wallet.js';
import { RoundLog, ROUNDS_FILE, type Round } from './rounds/round-log.js';
import { PlayError, RoundRunner } from './rounds/runner.js';
import { WalletClient, WalletRefused } from './rounds/wallet-client.js';
import { PlayerSessions, type PlayerSession } from './sessions.js';

export interface GameProviderOptions {
  port: number;
  host?: string;
  /** Its own storage: rounds.jsonl (the round log) and sessions.jsonl. */
  dataDir: string;
  /** Shared with the operator: launches are signed with it one way, wallet calls the other. */
  secret: string;
  /** The operator's base URL (wallet calls) and the origins that may frame the games; later with connect(). */
  operator?: { url: string; origins: string[] };
  /** Where browsers reach this server; by default http://localhost:{port}. */
  publicUrl?: string;
  /** Per wallet attempt (default 2 s) and attempts per call (default 3). */
  walletTimeoutMs?: number;
  walletAttempts?: number;
  /** How often open rounds are driven to a close in the background (default 2 s). */
  recoverEveryMs?: number;
  rng?: Rng;
  logger: Logger;
}

export interface GameProvider {
  url: string;
  /** The origin its pages are served from: what the operator's CSP must allow to frame. */
  origin: string;
  /** Once the operator listens: where its wallet is, and which origins may frame the games. */
  connect(operator: { url: string; origins: string[] }): void;
  /** Drives the open rounds to a close now; true when none is left open. */
  recover(): Promise<boolean>;
  rounds(): Map<string, Round>;
  close(): Promise<void>;
}

const SESSION_HEADER = 'x-session-token';

/**
 * A third-party casino game server, behind the operator's provider port: QTech's operator API
 * (games, launch addresses; signed), a lobby and three games as pages served from its own origin
 * under its own headers, rounds played against the operator's seamless wallet, and its own round
 * log. It knows the operator only through the wallet protocol in contracts.
 */
export async function startGameProvider(opts: GameProviderOptions): Promise<GameProvider> {
  const log = opts.logger;
  let operator = opts.operator ?? null;
  const verifier = new ProviderCallVerifier(opts.secret);
  const sessions = new PlayerSessions(opts.dataDir);
  const roundLog = new RoundLog(join(opts.dataDir, ROUNDS_FILE));
  const wallet = new WalletClient({
    operatorUrl: () => operator?.url ?? null,
    secret: opts.secret,
    timeoutMs: opts.walletTimeoutMs ?? 2_000,
    attempts: opts.walletAttempts ?? 3,
    log,
  });
  const real = new RoundRunner(roundLog, wallet, log);
  const demoWallet = new DemoWallet();
  const demo = new RoundRunner(new RoundLog(null), demoWallet, log);
  const walletOf = (s: PlayerSession): OperatorWallet => (s.mode === 'demo' ? demoWallet : wallet);
  const rng = opts.rng ?? cryptoRng;
  const assets = await buildAssets();
  const busy = new Set<string>();

  const app = Fastify({ loggerInstance: log, bodyLimit: 16 * 1024 });
  // Keep the exact body: the operator's signature covers its bytes.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    (req as FastifyRequest & { rawBody?: string }).rawBody = body as string;
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('Malformed JSON in request body'), { statusCode: 400 }), undefined);
    }
  });
  app.addHook('onSend', async (req, reply) => {
    const ancestors = operator?.origins.join(' ') || "'none'";
    reply.header(
      'content-security-policy',
      `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors ${ancestors}; base-uri 'none'; form-action 'self'; object-src 'none'`,
    );
    reply.header('x-content-type-options', 'nosniff');
    // Launch tokens ride in page addresses: never sent on to another site.
    reply.header('referrer-policy', 'no-referrer');
    if (req.url.startsWith('/api/') || req.url.startsWith('/v1/')) reply.header('cache-control', 'no-store');
  });
  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) log.error({ err }, 'request failed');
    return reply.status(status).send({ message: status === 500 ? 'Something went wrong on our side' : err.message });
  });

  // ---- The operator's calls, signed with the shared secret. ----
  const signed = async (req: FastifyRequest, reply: FastifyReply) => {
    const verdict = verifier.verify(req.headers, {
      method: req.method,
      url: req.url,
      body: (req as FastifyRequest & { rawBody?: string }).rawBody ?? '',
    });
    if (!verdict.ok) return reply.status(401).send({ message: `Signature refused: ${verdict.reason}` });
  };
  const launch = (req: FastifyRequest, reply: FastifyReply, path: string) => {
    const parsed = v.safeParse(LaunchBodySchema, req.body);
    if (!parsed.success) return reply.status(400).send({ message: parsed.issues[0].message });
    const session = sessions.open(parsed.output as LaunchBody);
    return { url: `${publicUrl}${path}?t=${session.token}` };
  };
  app.get(PROVIDER_API.games, { preHandler: signed }, async (): Promise<GamesAnswer> => ({ items: GAMES }));
  app.post(PROVIDER_API.lobbyUrl, { preHandler: signed }, async (req, reply) => launch(req, reply, '/lobby'));
  app.post<{ Params: { gameId: string } }>(
    '/v1/games/:gameId/launch-url',
    { preHandler: signed },
    async (req, reply) => {
      const game = findGame(req.params.gameId);
      if (!game) return reply.status(404).send({ message: 'Game not found' });
      return launch(req, reply, `/games/${encodeURIComponent(game.gameId)}`);
    },
  );

  // ---- The player's pages and calls, from the frame. ----
  const html = (reply: FastifyReply, body: string) => reply.type('text/html; charset=utf-8').send(body);
  app.get<{ Querystring: { t?: string } }>('/lobby', async (req, reply) =>
    html(reply, sessions.find(req.query.t) ? lobbyPage(GAMES) : expiredPage()),
  );
  app.get<{ Params: { gameId: string }; Querystring: { t?: string } }>('/games/:gameId', async (req, reply) => {
    const game = findGame(req.params.gameId);
    if (!game) return reply.status(404).type('text/html; charset=utf-8').send(expiredPage());
    return html(reply, sessions.find(req.query.t) ? gamePage(game) : expiredPage());
  });
  app.get<{ Params: { file: string } }>('/assets/:file', async (req, reply) => {
    const asset = assets.get(req.params.file);
    if (!asset) return reply.status(404).send({ message: 'Not found' });
    return reply.type(asset.type).send(asset.body);
  });

  const player = (req: FastifyRequest): PlayerSession => {
    const token = req.headers[SESSION_HEADER];
    const session = sessions.find(typeof token === 'string' ? token : undefined);
    if (!session)
      throw Object.assign(new Error('This game session has ended: open the game again from the casino'), {
        statusCode: 401,
      });
    return session;
  };
  app.get('/api/session', async (req) => {
    const s = player(req);
    let balance: number | null = null;
    try {
      balance = (await walletOf(s).session(s.playerId, s.walletSessionId, 'lobby')).balance;
    } catch (err) {
      if (err instanceof WalletRefused)
        throw Object.assign(new Error(err.message), { statusCode: err.status === 'ACCOUNT_BLOCKED' ? 403 : 401 });
    }
    return {
      player: s.displayName,
      currency: s.currency,
      mode: s.mode,
      balance,
      games: GAMES.map(({ gameId, name }) => ({ gameId, name })),
    };
  });
  app.post<{ Params: { gameId: string } }>('/api/rounds/:gameId', async (req, reply) => {
    const s = player(req);
    const rules = RULES[req.params.gameId];
    if (!rules) return reply.status(404).send({ message: 'Game not found' });
    const read = rules.read((req.body ?? {}) as Record<string, unknown>);
    if ('error' in read) return reply.status(400).send({ message: read.error });
    // One round at a time per player: a double click does not stake twice.
    if (busy.has(s.playerId)) return reply.status(409).send({ message: 'Your last round is still being played' });
    busy.add(s.playerId);
    try {
      const result = await (s.mode === 'demo' ? demo : real).play({
        gameId: req.params.gameId,
        playerId: s.playerId,
        walletSessionId: s.walletSessionId,
        stake: read.stake,
        bet: read.bet,
        decide: () => rules.decide(read.bet, read.stake, rng),
      });
      return {
        roundId: result.round.roundId,
        stake: read.stake,
        outcome: result.outcome,
        win: result.win,
        balance: result.balance,
        winPending: result.winPending,
      };
    } catch (err) {
      if (err instanceof PlayError) return reply.status(err.status).send({ message: err.message, code: err.code });
      throw err;
    } finally {
      busy.delete(s.playerId);
    }
  });

  // The provider's own staff cancel a stuck round (signed like the operator's calls: this server has no other back office).
  app.post<{ Params: { roundId: string } }>(
    '/ops/rounds/:roundId/cancel',
    { preHandler: signed },
    async (req, reply) => {
      const round = await real.cancel(req.params.roundId);
      if (!round) return reply.status(404).send({ message: 'No open round with this id' });
      return { roundId: round.roundId, status: round.status };
    },
  );
  app.get('/health', async () => ({ status: 'ok', openRounds: roundLog.open().length }));

  const address = await app.listen({ port: opts.port, host: opts.host ?? '0.0.0.0' });
  const port = Number(new URL(address).port);
  const publicUrl = opts.publicUrl ?? `http://localhost:${port}`;
  // Open rounds of a previous run (a crash mid-round) are closed first, then any that a lost answer leaves open.
  let stopping = false;
  let recovering: Promise<boolean> = real.recover().catch(() => false);
  const timer = setInterval(() => {
    if (!stopping && roundLog.open().length > 0) recovering = recovering.then(() => real.recover()).catch(() => false);
  }, opts.recoverEveryMs ?? 2_000);
  log.info({ url: publicUrl, open: roundLog.open().length }, 'game provider listening');

  return {
    url: publicUrl,
    origin: new URL(publicUrl).origin,
    connect(next) {
      operator = next;
    },
    recover: () => (recovering = recovering.then(() => real.recover())),
    rounds: () => roundLog.rounds,
    async close() {
      stopping = true;
      clearInterval(timer);
      await app.close();
      await recovering.catch(() => {});
      roundLog.close();
      sessions.close();
    },
  };
}
