import { BrokerCheck, connectKafka, type BusLog, type KafkaSettings } from '@exch/kafka';
import { Probe } from './probe.js';

/**
 * Whether the broker answers a metadata request, over a client and connection of its own that do
 * not retry: a refused connection is the reason at once. close() on shutdown.
 */
export function kafkaProbe(settings: KafkaSettings): { probe: Probe<number>; close(): Promise<void> } {
  // Its failures are the probe's answer (/health's reason), not the process's errors: kafkajs's lines about them at debug.
  const debug = (obj: object, msg?: string) => settings.log.debug(obj, msg);
  const log: BusLog = { debug, info: debug, warn: debug, error: debug };
  const brokers = new BrokerCheck(
    connectKafka({ ...settings, log, clientId: `${settings.clientId}.health`, retries: 0 }),
  );
  return { probe: new Probe('kafka', () => brokers.brokers()), close: () => brokers.close() };
}
