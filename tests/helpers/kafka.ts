/**
 * Throwaway Kafka brokers for tests (DESIGN.md "Real services in tests, without Docker"): a
 * single KRaft node from infra/kafka in a temp folder, random ports, removed on stop or at exit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kafkaUnavailableReason, killBroker, startBroker, stopBroker } from '../../infra/kafka/broker.js';

export interface ThrowawayKafka {
  brokers: string;
  /** SIGKILL, its data kept: the broker lost, as to a crash or a lost machine. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data, after kill(); resolves once it listens. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The `skip` option for a test that needs Kafka: a reason when no broker can start here, false
 * when one can. Under CI=true it is never skipped: the test runs and fails on startKafka().
 */
export function kafkaSkip(): string | false {
  const reason = kafkaUnavailableReason();
  if (!reason || process.env.CI === 'true') return false;
  return `Kafka not available: ${reason}`;
}

const running = new Set<string>();

process.once('exit', () => {
  for (const root of running) {
    killBroker(root);
    rmSync(root, { recursive: true, force: true });
  }
});

/** A broker for a test file; `benchmark` keeps the JVM's full compiler for a broker whose speed is measured. */
export async function startKafka(partitions = 4, { benchmark = false } = {}): Promise<ThrowawayKafka> {
  const reason = kafkaUnavailableReason();
  if (reason) throw new Error(`Cannot start Kafka: ${reason}`);
  const root = mkdtempSync(join(tmpdir(), 'exch-kafka-'));
  running.add(root);
  const broker = await startBroker(root, { partitions, shortLived: !benchmark });
  return {
    brokers: broker.brokers,
    kill: () => stopBroker(root, { kill: true }),
    async restart() {
      await startBroker(root, { port: broker.port, partitions, shortLived: !benchmark });
    },
    async stop() {
      // Killed, not shut down: its data is removed next, and a clean shutdown takes a second or more.
      await stopBroker(root, { kill: true });
      running.delete(root);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
