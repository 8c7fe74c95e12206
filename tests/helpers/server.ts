import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { defaultWebDist, startServer, type RunningServer } from '@exch/server';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface TestServer extends RunningServer {
  dataDir: string;
}

/**
 * The whole product on a random port: embedded PGlite in a temp folder (or `databaseUrl`), demo
 * accounts seeded, the feed simulator running, serving web/dist. close() stops it and removes the folder it made.
 */
export async function startTestServer(opts: { dataDir?: string; databaseUrl?: string; maintenance?: boolean; feedTickMs?: number; frameOrigins?: string[] } = {}): Promise<TestServer> {
  const made = opts.dataDir ? null : mkdtempSync(join(tmpdir(), 'exch-test-'));
  const dataDir = opts.dataDir ?? made!;
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
    feed: opts.feedTickMs === 0 ? null : { seed: 7, tickMs: opts.feedTickMs ?? 1000 },
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
