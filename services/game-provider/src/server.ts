import { join } from 'node:path';
import type { OperatorWallet } from '@exch/contracts';
import { ProviderCallVerifier } from '@exch/contracts/node';
import type { Logger } from 'pino';
import { cryptoRng, type Rng } from './games/rng.js';
import { providerApp } from './http/app.js';
import { buildAssets } from './http/assets.js';
import { signedCalls } from './http/signing.js';
import { DemoWallet } from './rounds/demo-wallet.js';
import { RoundLog, ROUNDS_FILE, type Round } from './rounds/round-log.js';
import { RoundRunner } from './rounds/runner.js';
import { WalletClient } from './rounds/wallet-client.js';
import { operatorRoutes } from './routes/operator.js';
import { pageRoutes } from './routes/pages.js';
import { playRoutes } from './routes/play.js';
import { answers, HealthAnswer } from './routes/schemas.js';
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

/**
 * A third-party casino game server, behind the operator's provider port: QTech's operator API
 * (games, launch addresses; signed), a lobby and three games as pages served from its own origin
 * under its own headers, rounds played against the operator's seamless wallet, and its own round
 * log. It knows the operator only through the wallet protocol in contracts.
 */
export async function startGameProvider(opts: GameProviderOptions): Promise<GameProvider> {
  const log = opts.logger;
  let operator = opts.operator ?? null;
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
  const app = providerApp(log, () => operator?.origins ?? []);
  let publicUrl = '';
  operatorRoutes(app, {
    signed: signedCalls(new ProviderCallVerifier(opts.secret)),
    sessions,
    publicUrl: () => publicUrl,
    rounds: real,
  });
  pageRoutes(app, sessions, assets);
  playRoutes(app, { sessions, real, demo, walletOf, rng });
  app.get('/health', { schema: { response: answers(HealthAnswer) } }, async () => ({
    status: 'ok',
    openRounds: roundLog.open().length,
  }));

  const address = await app.listen({ port: opts.port, host: opts.host ?? '0.0.0.0' });
  const port = Number(new URL(address).port);
  publicUrl = opts.publicUrl ?? `http://localhost:${port}`;
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
