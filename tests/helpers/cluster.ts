/**
 * The product's processes as real child processes, for tests that kill and add them: distributed
 * mode's (services/server/src/distributed/main.ts: engine leader and standby, relay, projectors,
 * gateways), and any other (the embedded server, the casino game provider).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../infra/postgres/cluster.js';
import { startKafka } from './kafka.js';
import { startPostgres } from './postgres.js';
import { repoRoot } from './server.js';

export interface Member {
  role: string;
  port: number;
  url: string;
  process: ChildProcess;
  /** SIGKILL: no goodbye to the group, no lock release but the dropped connection. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterEnv {
  databaseUrl: string;
  kafkaBrokers: string;
  logDir: string;
  /** ENGINE_SECRET of every member: engines take only commands signed with it. */
  engineSecret: string;
}

/** A fresh cluster secret, as `openssl rand -hex 32` makes one. */
export const newEngineSecret = (): string => randomBytes(32).toString('hex');

const members = new Set<ChildProcess>();
process.once('exit', () => {
  for (const p of members) p.kill('SIGKILL');
});

const exited = (p: ChildProcess) =>
  new Promise<void>((r) => (p.exitCode !== null || p.signalCode !== null ? r() : p.once('exit', () => r())));

/** The slice of a tap test a cluster needs: removed when the test ends, its log folder named in the output. */
interface ClusterTest {
  teardown(fn: () => Promise<void>): void;
  comment(message: string): void;
}

/**
 * A throwaway PostgreSQL and Kafka and a way to start members on them; every member is killed and
 * both servers removed when the test ends. Process logs go to a temp folder named `{prefix}…`.
 */
export async function throwawayCluster(t: ClusterTest, prefix: string) {
  const [pgServer, kafkaServer] = await Promise.all([startPostgres(), startKafka()]);
  const env: ClusterEnv = {
    databaseUrl: pgServer.connectionString,
    kafkaBrokers: kafkaServer.brokers,
    logDir: mkdtempSync(join(tmpdir(), prefix)),
    engineSecret: newEngineSecret(),
  };
  t.comment(`process logs in ${env.logDir}`);
  const started: Member[] = [];
  t.teardown(async () => {
    await Promise.all(started.map((m) => m.kill()));
    await Promise.all([pgServer.stop(), kafkaServer.stop()]);
  });
  const member = async (...a: Parameters<typeof startMember>) => {
    const m = await startMember(...a);
    started.push(m);
    return m;
  };
  return { env, member };
}

/** Starts one process and waits until its HTTP endpoint answers /health. */
export async function startMember(
  env: ClusterEnv,
  role: 'engine' | 'relay' | 'projector' | 'gateway',
  name: string,
  extra: Record<string, string> = {},
  args: string[] = [],
): Promise<Member> {
  return startProcess({
    role,
    name,
    logDir: env.logDir,
    script: 'services/server/src/distributed/main.ts',
    args: [role, ...args],
    env: {
      DATABASE_URL: env.databaseUrl,
      KAFKA_BROKERS: env.kafkaBrokers,
      ENGINE_SECRET: env.engineSecret,
      INSTANCE: name,
      FEED: 'off',
      CASINO: 'off',
      LOG_LEVEL: 'info',
      ...extra,
    },
  });
}

/**
 * Any of the product's processes (a script run with tsx) on a free port (`port`, else one picked),
 * its output in `{logDir}/{name}.log`, once its /health answers.
 */
export async function startProcess(opts: {
  role: string;
  name: string;
  script: string;
  args?: string[];
  env: Record<string, string>;
  logDir: string;
  port?: number;
}): Promise<Member> {
  const { name } = opts;
  const port = opts.port ?? (await freePort());
  mkdirSync(opts.logDir, { recursive: true });
  const out = createWriteStream(join(opts.logDir, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, opts.script), ...(opts.args ?? [])], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  members.add(child);
  child.once('exit', () => members.delete(child));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      // What it printed last says why, where the test's report is all there is to read (CI).
      if (child.stdout!.readable || child.stderr!.readable) await once(child, 'close');
      await new Promise((r) => out.end(r));
      const tail = readFileSync(join(opts.logDir, `${name}.log`), 'utf8')
        .trim()
        .split('\n')
        .slice(-20)
        .join('\n');
      throw new Error(`${name} exited with ${child.exitCode}; its log ends:\n${tail}`);
    }
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not answer /health in 90 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    role: opts.role,
    port,
    url,
    process: child,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** Polls until check() is true, or fails with `what`. */
export async function eventually(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
