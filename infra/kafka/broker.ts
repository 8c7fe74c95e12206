/**
 * A single-node Apache Kafka broker in KRaft mode from Maven Central jars (no Docker here,
 * DESIGN.md). Used by the tests' throwaway brokers (tests/helpers/kafka.ts) and by start.sh /
 * stop.sh / clean.sh for a developer's broker, so both start Kafka the same way.
 *
 *   node --import tsx infra/kafka/broker.ts start|stop|clean   (data .tmp/kafka, port $KAFKA_PORT or 9092)
 *
 * Kafka 4.1.1 is pinned (pom.xml): the 4.x line is KRaft-only, so there is no ZooKeeper mode to
 * get wrong, and kafkajs 2.2.4 talks to it (KIP-896 kept the protocol versions it negotiates;
 * tests/relay and tests/projector run it against this broker).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../postgres/cluster.js';

export const KAFKA_VERSION = '4.1.1';
const HERE = resolve(fileURLToPath(new URL('.', import.meta.url)));
const LIBS = join(HERE, 'libs');
const STAMP = join(LIBS, '.version');

function has(command: string): boolean {
  try {
    execFileSync(command, ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Why a broker cannot be started here, or null when it can. */
export function kafkaUnavailableReason(): string | null {
  if (!has('java')) return 'no java on PATH';
  if (!jarsPresent() && !has('mvn')) return 'no Kafka jars in infra/kafka/libs and no mvn to resolve them';
  return null;
}

function jarsPresent(): boolean {
  return existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === KAFKA_VERSION;
}

const LOCK = join(HERE, '.libs.lock');
const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Resolves the broker's jars into infra/kafka/libs once (mvn, runtime scope); test files starting together take turns. */
export function ensureJars(): string {
  if (jarsPresent()) return LIBS;
  const deadline = Date.now() + 600_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${LOCK} held for 10 minutes; remove it if no mvn is running`);
      sleepSync(500);
    }
  }
  try {
    if (!jarsPresent()) resolveJars();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
  return LIBS;
}

function resolveJars(): void {
  rmSync(LIBS, { recursive: true, force: true });
  execFileSync(
    'mvn',
    ['-q', '-B', 'dependency:copy-dependencies', '-DincludeScope=runtime', `-DoutputDirectory=${LIBS}`],
    {
      cwd: HERE,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (!readdirSync(LIBS).some((f) => f.startsWith('kafka_2.13-'))) throw new Error('mvn did not resolve kafka_2.13');
  writeFileSync(STAMP, `${KAFKA_VERSION}\n`);
}

export interface BrokerLayout {
  root: string;
  properties: string;
  dataDir: string;
  logFile: string;
  pidFile: string;
}

export function brokerLayout(root: string): BrokerLayout {
  const abs = resolve(root);
  return {
    root: abs,
    properties: join(abs, 'server.properties'),
    dataDir: join(abs, 'data'),
    logFile: join(abs, 'broker.log'),
    pidFile: join(abs, 'broker.pid'),
  };
}

/** The broker's settings: one node that is broker and controller, replication factors 1. */
export function brokerProperties(dataDir: string, port: number, controllerPort: number, partitions: number): string {
  return [
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
    `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
    'controller.listener.names=CONTROLLER',
    'inter.broker.listener.name=PLAINTEXT',
    'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    `log.dirs=${dataDir}`,
    `num.partitions=${partitions}`,
    // Without these two a single node never forms consumer groups (STACK.md).
    'offsets.topic.replication.factor=1',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'offsets.topic.num.partitions=4',
    'group.initial.rebalance.delay.ms=0',
    // Projector groups drop a killed member after 2 s (docs/distributed.md); Kafka refuses sessions under 6 s by default.
    'group.min.session.timeout.ms=1000',
    'auto.create.topics.enable=false',
    '',
  ].join('\n');
}

/**
 * A JVM that lives for a test file or one command: the C1 compiler only and the serial collector,
 * which start a broker in about half the time on a small machine (C2's compiler threads and G1's
 * workers compete with the tests for the cores). A broker serving a developer or a benchmark keeps
 * the JVM's full compiler and G1.
 */
const SHORT_LIVED = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

function java(args: string[], logFile: string, shortLived: boolean): string[] {
  return [
    '-Xms256m',
    '-Xmx768m',
    ...(shortLived ? SHORT_LIVED : ['-XX:+UseG1GC']),
    '-Djava.awt.headless=true',
    `-Dlog4j2.configurationFile=${join(HERE, 'log4j2.properties')}`,
    `-Dkafka.log.file=${logFile}`,
    '-cp',
    `${ensureJars()}/*`,
    ...args,
  ];
}

/**
 * A KRaft cluster id: 16 random bytes in base64url, never starting with '-'. Kafka's own
 * Uuid.randomUuid() refuses such ids because a command line reads them as an option (one id in
 * 64 would, and StorageTool then failed with "expected one argument").
 */
export function newClusterId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

/**
 * Formats the broker's storage. The id goes as `--cluster-id=ID`, so even an id that starts with
 * '-' is a value, and StorageTool's own output is part of the error when it fails.
 */
export function formatStorage(paths: BrokerLayout, clusterId: string): void {
  try {
    execFileSync(
      'java',
      java(
        ['kafka.tools.StorageTool', 'format', `--cluster-id=${clusterId}`, '-c', paths.properties],
        paths.logFile,
        true,
      ),
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
      },
    );
  } catch (err) {
    const e = err as { status?: number | null; stdout?: string; stderr?: string };
    throw new Error(
      `Kafka StorageTool format exited with ${e.status ?? 'a signal'}:\n${`${e.stderr ?? ''}${e.stdout ?? ''}`.trim() || '(no output)'}`,
    );
  }
}

/** The last lines of the files a failed broker wrote (its stdout/stderr and its log4j log). */
function tails(...files: string[]): string {
  return (
    files
      .filter((f) => existsSync(f))
      .map((f) => `--- ${f} (last lines) ---\n${readFileSync(f, 'utf8').split('\n').slice(-40).join('\n')}`)
      .join('\n') || '(the broker wrote nothing)'
  );
}

export interface RunningBroker {
  brokers: string;
  port: number;
  pid: number;
  layout: BrokerLayout;
  stop(): Promise<void>;
}

/**
 * Formats storage (first start only) and starts the broker; resolves once it accepts connections.
 * `shortLived`: a test's throwaway broker, on the JVM flags that start it soonest.
 */
export async function startBroker(
  root: string,
  options: { port?: number; partitions?: number; detached?: boolean; shortLived?: boolean } = {},
): Promise<RunningBroker> {
  const paths = brokerLayout(root);
  mkdirSync(paths.root, { recursive: true });
  const port = options.port ?? (await freePort());
  const controllerPort = await freePort();
  writeFileSync(paths.properties, brokerProperties(paths.dataDir, port, controllerPort, options.partitions ?? 4));
  if (!existsSync(join(paths.dataDir, 'meta.properties'))) formatStorage(paths, newClusterId());
  const outFile = join(paths.root, 'broker.out');
  const out = openSync(outFile, 'a');
  const child = spawn('java', java(['kafka.Kafka', paths.properties], paths.logFile, options.shortLived ?? false), {
    stdio: ['ignore', out, out],
    detached: options.detached ?? false,
  });
  closeSync(out);
  if (options.detached) child.unref();
  const pid = child.pid!;
  writeFileSync(paths.pidFile, `${pid}\n`);
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  const deadline = Date.now() + 90_000;
  while (!(await accepts(port))) {
    if (exited !== null)
      throw new Error(`Kafka exited with ${exited} before listening\n${tails(outFile, paths.logFile)}`);
    if (Date.now() > deadline) {
      stopPid(pid);
      throw new Error(`Kafka did not listen on ${port} within 90 s\n${tails(outFile, paths.logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { brokers: `127.0.0.1:${port}`, port, pid, layout: paths, stop: () => stopBroker(paths.root) };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolveAccepts) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolveAccepts(true)));
    socket.once('error', () => resolveAccepts(false));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function stopPid(pid: number, signal: NodeJS.Signals = 'SIGTERM'): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/**
 * SIGTERM (a clean shutdown), then SIGKILL after 15 s; with `kill`, SIGKILL at once (a throwaway
 * broker whose data is removed next has nothing to shut down cleanly for).
 */
export async function stopBroker(root: string, { kill = false } = {}): Promise<void> {
  const { pidFile } = brokerLayout(root);
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  stopPid(pid, kill ? 'SIGKILL' : 'SIGTERM');
  const deadline = Date.now() + 15_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) stopPid(pid, 'SIGKILL');
  rmSync(pidFile, { force: true });
}

/** Kills a broker at once, as a test's process exit must (no awaiting there). */
export function killBroker(root: string): void {
  const { pidFile } = brokerLayout(root);
  if (existsSync(pidFile)) stopPid(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL');
}

async function devCli(command: string | undefined): Promise<void> {
  const repo = resolve(HERE, '../..');
  const root = join(repo, '.tmp', 'kafka');
  const port = Number(process.env.KAFKA_PORT ?? 9092);
  if (command === 'start') {
    const reason = kafkaUnavailableReason();
    if (reason) throw new Error(reason);
    const { pidFile, logFile } = brokerLayout(root);
    if (existsSync(pidFile) && alive(Number(readFileSync(pidFile, 'utf8')))) {
      process.stdout.write(`Kafka is already running (data ${root})\n`);
    } else {
      await startBroker(root, { port, detached: true });
      process.stdout.write(`Kafka ${KAFKA_VERSION} is running (data ${root}, log ${logFile})\n`);
    }
    process.stdout.write(`KAFKA_BROKERS=127.0.0.1:${port}\n`);
  } else if (command === 'stop') {
    await stopBroker(root);
    process.stdout.write(`Kafka stopped (data kept in ${root})\n`);
  } else if (command === 'clean') {
    await stopBroker(root);
    rmSync(root, { recursive: true, force: true });
    process.stdout.write(`Kafka stopped and ${root} removed\n`);
  } else if (command === 'jars') {
    process.stdout.write(`${ensureJars()}\n`);
  } else {
    throw new Error('usage: broker.ts start|stop|clean|jars');
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  devCli(process.argv[2]).catch((err: unknown) => {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exitCode = 1;
  });
}
