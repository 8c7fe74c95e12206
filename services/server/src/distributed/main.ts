/**
 * Distributed mode's processes (DESIGN.md "Running it", docs/distributed.md):
 *
 *   npm run engine                      one leader, any number of standbys
 *   npm run relay                       one publishes, any others stand by
 *   npm run projector -- --name users   per read model (or a comma list, or all), as many as partitions
 *   npm run gateway                     as many as the load needs
 *
 * Each needs DATABASE_URL and KAFKA_BROKERS, engines and gateways ENGINE_SECRET too; PORT sets its
 * HTTP port (metrics on /metrics).
 */
import { dirname, resolve } from 'node:path';
import { frameOriginsFromEnv } from '../frame-origins.js';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { casinoFromEnv } from '../casino/settings.js';
import { feedSettleDelayFromEnv } from '../feed.js';
import { readEngineSecret, readSettings } from './settings.js';

const DEFAULT_PORTS: Record<string, number> = { engine: 4100, relay: 4200, projector: 4300, gateway: 3000 };

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(role: string | undefined): Promise<void> {
  if (!role || !(role in DEFAULT_PORTS))
    throw new Error(`usage: main.ts engine|relay|projector|gateway (got ${role ?? 'nothing'})`);
  const settings = readSettings(role, DEFAULT_PORTS[role]!);
  const log = pino({ level: process.env.LOG_LEVEL ?? 'info', base: { role, instance: settings.instance } });
  let running: { close(): Promise<void> };
  // Each role imports only its own code, after its settings are read: under tsx a start is mostly
  // module loading, and a gateway needs none of the engine's (nor a projector the gateway's).
  if (role === 'engine') {
    const secret = readEngineSecret();
    const [{ runEngineProcess }, { feedChoiceFromEnv }] = await Promise.all([
      import('./engine-process.js'),
      import('@exch/feeds'),
    ]);
    const engine = await runEngineProcess(settings, log, {
      feed: feedChoiceFromEnv(process.env),
      feedSettleDelayMs: feedSettleDelayFromEnv(process.env),
      seedDemo: process.env.SEED_DEMO === '1',
      secret,
      casino: casinoFromEnv(process.env),
    });
    // A deposed leader must not linger: the supervisor starts it again, as a standby.
    void engine.halted.then((reason) => {
      log.warn({ reason }, 'engine no longer leads; exiting');
      process.exit(3);
    });
    running = engine;
  } else if (role === 'relay') {
    const { runRelayProcess } = await import('./relay-process.js');
    const relay = await runRelayProcess(settings, log);
    // Without the lock another relay may be publishing: stop, and come back as a standby.
    void relay.halted.then((reason) => {
      log.warn({ reason }, 'relay lost its lock; exiting');
      process.exit(3);
    });
    running = relay;
  } else if (role === 'projector') {
    const { runProjectorProcess } = await import('./projector-process.js');
    running = await runProjectorProcess(settings, log, argument('name') ?? process.env.PROJECTIONS ?? 'all');
  } else {
    const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
    const webDist = resolve(repo, 'web', 'dist');
    const engineSecret = readEngineSecret();
    const { runGatewayProcess } = await import('./gateway-process.js');
    running = await runGatewayProcess(settings, log, {
      webDist: existsSync(webDist) ? webDist : null,
      engineSecret,
      frameOrigins: frameOriginsFromEnv(),
    });
  }
  const shutdown = (signal: string) => {
    log.info({ signal }, 'shutting down');
    running.close().then(
      () => process.exit(0),
      (err: unknown) => (log.error({ err }, 'shutdown failed'), process.exit(1)),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main(process.argv[2]).catch((err: unknown) => {
  // A feed setting or a file it names that cannot be used says which in its message; a stack would only hide it.
  // Known by its name: @exch/feeds is loaded by engines only.
  const text =
    err instanceof Error && err.name === 'FeedInputError'
      ? `Cannot start: ${err.message}`
      : ((err as Error).stack ?? String(err));
  process.stderr.write(`${text}\n`);
  process.exit(1);
});
