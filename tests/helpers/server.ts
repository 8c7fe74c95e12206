import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { randomBytes } from 'node:crypto';
import type { FeedPort } from '@exch/contracts';
import { copyEmptyCluster } from '../../services/eventstore/test-support/empty-cluster.js';
import {
  defaultWebDist,
  startServer,
  type DealerSettings,
  type FeedChoice,
  type ProviderOption,
  type RateLimits,
  type RunningServer,
} from '@exch/server';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Limits no test's pace reaches, for tests that bet, change the back office or fail logins much faster than a person
 * (each says so where it starts its server); tests/api/rate-limits.test.ts tests the limits themselves.
 */
export const FAST_CLIENT_LIMITS: Partial<RateLimits> = {
  bets: { burst: 1_000_000, perSecond: 1_000_000 },
  backOfficeWrites: { burst: 1_000_000, perSecond: 1_000_000 },
  loginAccount: { burst: 1_000_000, perSecond: 1_000_000 },
  loginAddress: { burst: 1_000_000, perSecond: 1_000_000 },
};

export interface TestServer extends RunningServer {
  dataDir: string;
}

/**
 * The whole product on a random port: embedded PGlite in a temp folder (or `databaseUrl`), demo
 * accounts seeded, the feed simulator running, serving web/dist, the international casino's game
 * server in the process on a random port (or `provider`; `providerSecret` to sign as it), the casino's
 * tables listed (dealt only when a test steps server.dealer, or passes `casino` with `auto`).
 * close() stops it and removes the folder it made.
 */
export async function startTestServer(
  opts: {
    dataDir?: string;
    databaseUrl?: string;
    maintenance?: boolean;
    feedTickMs?: number;
    /** Another feed than the simulator (a Betfair file replay); overrides feedTickMs. */
    feed?: FeedChoice;
    /** A feed of the test's own instead of the simulator (helpers/race-feed.ts), and how its results settle. */
    feedPort?: FeedPort;
    feedSettleDelayMs?: number | null;
    provider?: ProviderOption | null;
    providerSecret?: string;
    casino?: DealerSettings;
    frameOrigins?: string[];
    /** Rate limits other than the defaults: small ones to test them, larger for tests that bet fast (docs/rate-limits.md). */
    limits?: Partial<RateLimits>;
    /** Trust X-Forwarded-For, so a test can send from several addresses. */
    trustProxy?: boolean;
  } = {},
): Promise<TestServer> {
  const made = opts.dataDir ? null : mkdtempSync(join(tmpdir(), 'exch-test-'));
  const dataDir = opts.dataDir ?? made!;
  // A folder of its own starts from a copied empty cluster: the server opens it as a new one, without initdb.
  if (made && !opts.databaseUrl) await copyEmptyCluster(made);
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: opts.databaseUrl,
    seedDemo: true,
    webDist: defaultWebDist(repoRoot),
    maintenance: opts.maintenance ?? false,
    frameOrigins: opts.frameOrigins ?? [],
    // The feed simulator with a fixed seed; feedTickMs 0 runs without it.
    feed: opts.feed ?? (opts.feedTickMs === 0 ? null : { seed: 7, tickMs: opts.feedTickMs ?? 1000 }),
    ...(opts.feedPort ? { feedPort: opts.feedPort } : {}),
    ...(opts.feedSettleDelayMs !== undefined ? { feedSettleDelayMs: opts.feedSettleDelayMs } : {}),
    provider:
      opts.provider !== undefined
        ? opts.provider
        : {
            secret: opts.providerSecret ?? randomBytes(32).toString('hex'),
            embedded: { port: 0, dataDir: join(dataDir, 'provider') },
          },
    casino: opts.casino ?? { auto: false },
    rateLimits: opts.limits ?? {},
    trustProxy: opts.trustProxy ?? false,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
  return {
    ...server,
    dataDir,
    async close() {
      await server.close();
      if (made) rmSync(made, { recursive: true, force: true });
    },
  };
}
