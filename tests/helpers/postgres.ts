/**
 * Throwaway PostgreSQL clusters for tests (DESIGN.md "Real services in tests, without
 * Docker"): initdb into a temp folder, random port, removed on stop or at process exit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, initCluster, pgUnavailableReason, startCluster, stopCluster } from '../../infra/postgres/cluster.js';

export interface ThrowawayPostgres {
  connectionString: string;
  /** The server's port (tests that need a second database build their own URLs). */
  port: number;
  /** Creates an empty database on this server and resolves with its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

export function pgAvailable(): boolean {
  return pgUnavailableReason() === null;
}

/**
 * The `skip` option for a test that needs PostgreSQL: a reason when it cannot start here,
 * false when it can. In CI (CI=true) PostgreSQL is required, so it is never skipped there:
 * the test runs and fails on startPostgres() instead of passing unnoticed.
 */
export function pgSkip(): string | false {
  const reason = pgUnavailableReason();
  if (!reason || process.env.CI === 'true') return false;
  return `PostgreSQL not available: ${reason}`;
}

const running = new Set<string>();

// A test that crashes or times out must not leave a server behind in /tmp.
process.once('exit', () => {
  for (const root of running) removeCluster(root);
});

function removeCluster(root: string): void {
  try {
    stopCluster(root, 'immediate');
  } finally {
    running.delete(root);
    rmSync(root, { recursive: true, force: true });
  }
}

export async function startPostgres(): Promise<ThrowawayPostgres> {
  const reason = pgUnavailableReason();
  if (reason) throw new Error(`Cannot start PostgreSQL: ${reason}`);
  const root = mkdtempSync(join(tmpdir(), 'exch-pg-'));
  running.add(root);
  try {
    initCluster(root, { sync: false });
    const port = await freePort();
    const connectionString = startCluster(root, port);
    return {
      connectionString,
      port,
      async createDatabase(name) {
        const admin = new pg.Client(connectionString);
        await admin.connect();
        try {
          await admin.query(`create database ${name}`);
        } finally {
          await admin.end();
        }
        const url = new URL(connectionString);
        url.pathname = `/${name}`;
        return url.toString();
      },
      stop: async () => removeCluster(root),
    };
  } catch (err) {
    removeCluster(root);
    throw err;
  }
}
