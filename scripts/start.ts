/**
 * `npm start`: builds the web app if it is missing, then runs everything in one process on the
 * embedded default (PGlite in DATA_DIR, demo accounts seeded) or on DATABASE_URL.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import {
  casinoFromEnv,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_TRANSACTION_PASSWORD,
  defaultWebDist,
  feedChoiceFromEnv,
  FeedInputError,
  feedSettleDelayFromEnv,
  frameOriginsFromEnv,
  rateLimitsFromEnv,
  readProviderOption,
  startServer,
} from '@exch/server';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webDist = defaultWebDist(root);
const production = process.env.NODE_ENV === 'production' || process.env.PRODUCTION === '1';
const databaseUrl = process.env.DATABASE_URL || undefined;
// Demo data only on the embedded default, never in production; SEED_DEMO=1 asks for it on PostgreSQL.
const seed = !production && (databaseUrl === undefined || process.env.SEED_DEMO === '1');

const log = pino(
  { level: process.env.LOG_LEVEL ?? 'info' },
  process.stdout.isTTY
    ? pino.transport({
        target: 'pino-pretty',
        options: { ignore: 'pid,hostname,reqId', translateTime: 'SYS:HH:MM:ss' },
      })
    : undefined,
);

if (!existsSync(join(webDist, 'index.html'))) {
  log.info('building the web app (first start only)');
  execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
}

const dataDir = resolve(root, process.env.DATA_DIR ?? 'data');
const server = await start().catch((err: unknown) => {
  // A feed setting or a file it names that cannot be used: its message names it, a stack would only hide it.
  if (!(err instanceof FeedInputError)) throw err;
  process.stderr.write(`Cannot start: ${err.message}\n`);
  process.exit(1);
});

async function start() {
  return startServer({
    port: Number(process.env.PORT ?? 3000),
    dataDir,
    databaseUrl,
    seedDemo: seed,
    webDist,
    maintenance: process.env.MAINTENANCE === '1',
    frameOrigins: frameOriginsFromEnv(),
    // The built-in feed simulator by default; FEED=betfair-file or betfair for Betfair's data (docs/feeds.md), off for none.
    feed: feedChoiceFromEnv(process.env),
    // A feed's result settles by itself FEED_SETTLE_DELAY_MS after the feed closes the market; off: an admin confirms.
    feedSettleDelayMs: feedSettleDelayFromEnv(process.env),
    // The casino's dealer deals every table; CASINO=off runs without it.
    casino: casinoFromEnv(process.env),
    // TRUST_PROXY=1 trusts any proxy; a comma list trusts those addresses only.
    trustProxy:
      process.env.TRUST_PROXY === '1' ? true : process.env.TRUST_PROXY ? process.env.TRUST_PROXY.split(',') : false,
    // The international casino's game server, on its own port (PROVIDER_PORT, default 3100); PROVIDER=off for none.
    provider: readProviderOption(process.env, { dataDir }),
    // Bet instructions, failed logins and websocket messages (BET_LIMIT_*, LOGIN_LIMIT_*, WS_MESSAGES_PER_SECOND).
    rateLimits: rateLimitsFromEnv(process.env),
    logger: log,
  });
}

const lines = [
  '',
  `  Exchange is running at ${server.url}`,
  `  Back office:          ${server.url}/admin`,
  `  Storage:              ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}`,
];
if (server.provider)
  lines.push(`  Game provider:        ${server.provider.url} (Monsoon Games, the international casino's games)`);
if (seed) {
  lines.push(
    `  Demo logins (password ${DEMO_PASSWORD}; back-office transaction password ${DEMO_TRANSACTION_PASSWORD}):`,
  );
  for (const a of DEMO_ACCOUNTS)
    lines.push(
      `    ${a.username.padEnd(8)} ${a.role === 'user' ? 'player  -> /login' : `${a.role.padEnd(7)} -> /admin/login`}`,
    );
}
process.stdout.write(lines.join('\n') + '\n\n');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (err) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
