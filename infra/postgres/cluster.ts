/**
 * A PostgreSQL cluster from the machine's own binaries (no Docker here, DESIGN.md). Used by
 * the tests' throwaway clusters (tests/helpers/postgres.ts) and by start.sh / stop.sh for a
 * developer's cluster, so both start PostgreSQL the same way.
 *
 *   node --import tsx infra/postgres/cluster.ts start|stop   (data .tmp/pg, port $PGPORT or 5433)
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PG_ROOT = '/usr/lib/postgresql';

/** The newest installed version's bin folder (PG_BIN overrides), or null when there is none. */
export function findPgBin(): string | null {
  const override = process.env.PG_BIN;
  if (override) return existsSync(join(override, 'initdb')) ? override : null;
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'initdb')) && existsSync(join(PG_ROOT, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? join(PG_ROOT, versions[0], 'bin') : null;
}

const isRoot = () => process.getuid?.() === 0;

function postgresUser(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** Why a cluster cannot be started here, or null when it can. */
export function pgUnavailableReason(): string | null {
  if (!findPgBin()) return `no PostgreSQL binaries (initdb, pg_ctl) in ${process.env.PG_BIN || `${PG_ROOT}/*/bin`}`;
  if (isRoot() && !postgresUser()) return 'running as root and there is no postgres user to run initdb as';
  return null;
}

const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/** initdb refuses root, so as root every PostgreSQL binary runs as the postgres user. */
function run(bin: string, args: string[]): string {
  const binDir = findPgBin();
  if (!binDir) throw new Error(pgUnavailableReason() ?? 'PostgreSQL is not available');
  const exe = join(binDir, bin);
  const options = { encoding: 'utf8' as const, stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'] };
  if (!isRoot()) return execFileSync(exe, args, options);
  const line = [exe, ...args].map(quote).join(' ');
  return execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', line], options);
}

export interface ClusterLayout {
  root: string;
  dataDir: string;
  socketDir: string;
  logFile: string;
}

export function layout(root: string): ClusterLayout {
  const abs = resolve(root);
  return { root: abs, dataDir: join(abs, 'data'), socketDir: join(abs, 'sock'), logFile: join(abs, 'postgres.log') };
}

/** Creates the folders (owned by postgres when we are root) and runs initdb unless already done. */
export function initCluster(root: string, options: { sync?: boolean } = {}): ClusterLayout {
  const paths = layout(root);
  mkdirSync(paths.socketDir, { recursive: true });
  if (isRoot()) {
    const owner = postgresUser();
    if (!owner) throw new Error(pgUnavailableReason() ?? 'no postgres user');
    for (const dir of [paths.root, paths.socketDir]) chownSync(dir, owner.uid, owner.gid);
  }
  if (!existsSync(join(paths.dataDir, 'PG_VERSION'))) {
    const args = ['-D', paths.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale'];
    // A throwaway cluster need not fsync its initial catalog; the server itself runs with fsync=on.
    if (options.sync === false) args.push('--no-sync');
    run('initdb', args);
  }
  return paths;
}

export function isRunning(root: string): boolean {
  try {
    run('pg_ctl', ['-D', layout(root).dataDir, 'status']);
    return true;
  } catch {
    return false;
  }
}

/** Starts the server on 127.0.0.1:port with its socket in the cluster folder; resolves the URL. */
export function startCluster(root: string, port: number, database = 'postgres'): string {
  const paths = layout(root);
  const serverOptions = `-p ${port} -k "${paths.socketDir}" -c listen_addresses=127.0.0.1 -c fsync=on`;
  try {
    run('pg_ctl', ['-D', paths.dataDir, '-l', paths.logFile, '-o', serverOptions, '-w', '-t', '60', 'start']);
  } catch (err) {
    const log = existsSync(paths.logFile) ? readFileSync(paths.logFile, 'utf8').slice(-2000) : '(no log)';
    throw new Error(`pg_ctl start failed: ${(err as Error).message}\n${log}`);
  }
  return connectionUrl(port, database);
}

export function connectionUrl(port: number, database = 'postgres'): string {
  return `postgres://postgres@127.0.0.1:${port}/${database}`;
}

/** The port of a running cluster (line 4 of postmaster.pid). */
export function runningPort(root: string): number {
  const lines = readFileSync(join(layout(root).dataDir, 'postmaster.pid'), 'utf8').split('\n');
  return Number(lines[3]);
}

/** Immediate stop: a throwaway cluster has nothing worth a clean shutdown checkpoint. */
export function stopCluster(root: string, mode: 'fast' | 'immediate' = 'immediate'): void {
  const { dataDir } = layout(root);
  if (!existsSync(join(dataDir, 'postmaster.pid'))) return;
  run('pg_ctl', ['-D', dataDir, 'stop', '-m', mode, '-w']);
}

/** Creates the database unless it exists (psql over TCP; trust auth, so no password). */
export function ensureDatabase(port: number, database: string): void {
  const psql = (sql: string) =>
    run('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-tAc', sql]).trim();
  if (psql(`select 1 from pg_database where datname = '${database.replaceAll("'", "''")}'`) !== '1') {
    psql(`create database "${database.replaceAll('"', '""')}"`);
  }
}

/** Where the kernel takes the local ports of outgoing connections (Linux's default when unreadable). */
function ephemeralStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

const handedOut = new Set<number>();

const bindable = (port: number): Promise<boolean> =>
  new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });

/**
 * A port nothing listens on right now, for a process about to be started on it. Picked below the
 * ephemeral range: a port the OS picked (listen on 0) is free again once closed, and under load an
 * outgoing connection of another process (a Kafka or PostgreSQL client starting beside it) could
 * take it as its local port before the new process listens, which then fails with EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  const high = Math.min(ephemeralStart(), 32768);
  const low = Math.max(1024, high - 12_000);
  for (let tries = 0; tries < 1000; tries++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (handedOut.has(port) || !(await bindable(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${low} and ${high}`);
}

function devCli(command: string | undefined): void {
  const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));
  const root = join(repo, '.tmp', 'pg');
  const port = Number(process.env.PGPORT ?? 5433);
  const database = 'exchange';
  if (command === 'start') {
    const reason = pgUnavailableReason();
    if (reason) throw new Error(reason);
    initCluster(root);
    // Already running (maybe on another port): report the port it really uses.
    const actual = isRunning(root) ? runningPort(root) : (startCluster(root, port), port);
    ensureDatabase(actual, database);
    process.stdout.write(`PostgreSQL is running (data ${root}, log ${layout(root).logFile})\n`);
    process.stdout.write(`DATABASE_URL=${connectionUrl(actual, database)}\n`);
  } else if (command === 'stop') {
    stopCluster(root, 'fast');
    process.stdout.write(`PostgreSQL stopped (data kept in ${root})\n`);
  } else {
    throw new Error('usage: cluster.ts start|stop');
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    devCli(process.argv[2]);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exitCode = 1;
  }
}
