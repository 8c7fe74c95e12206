/**
 * The game server as a process of its own (`npm run game-provider`; distributed mode runs it so, and
 * the fault tests kill and restart it). `npm start` runs it inside the one process instead.
 *
 *   PROVIDER_SECRET  shared with the operator (at least 32 characters), required
 *   OPERATOR_URL     the operator's base URL, where its wallet is (e.g. http://127.0.0.1:3000), required
 *   OPERATOR_ORIGINS origins that may frame the games (comma list; default OPERATOR_URL's origin)
 *   PROVIDER_PORT    default 3100 (PORT is read when it is not set); PUBLIC_URL where browsers reach it
 *                    (default http://localhost:PROVIDER_PORT)
 *   PROVIDER_DATA_DIR its round log and sessions (default ./data/provider)
 *   WALLET_TIMEOUT_MS, WALLET_ATTEMPTS, RECOVER_EVERY_MS: the wallet client's patience
 */
import { resolve } from 'node:path';
import pino from 'pino';
import { startGameProvider } from './server.js';

const env = process.env;
const log = pino({ level: env.LOG_LEVEL ?? 'info' });
const secret = env.PROVIDER_SECRET ?? '';
const operatorUrl = env.OPERATOR_URL ?? '';
if (secret.length < 32 || operatorUrl === '') {
  log.fatal("PROVIDER_SECRET (at least 32 characters, the operator's too) and OPERATOR_URL must be set");
  process.exit(2);
}
const num = (name: string): number | undefined => (env[name] ? Number(env[name]) : undefined);

const provider = await startGameProvider({
  // The README's name, as `npm start` reads it; PORT for a host that hands every process its port.
  port: num('PROVIDER_PORT') ?? num('PORT') ?? 3100,
  dataDir: resolve(env.PROVIDER_DATA_DIR ?? 'data/provider'),
  secret,
  operator: {
    url: operatorUrl,
    origins: env.OPERATOR_ORIGINS ? env.OPERATOR_ORIGINS.split(',') : [new URL(operatorUrl).origin],
  },
  publicUrl: env.PUBLIC_URL,
  walletTimeoutMs: num('WALLET_TIMEOUT_MS'),
  walletAttempts: num('WALLET_ATTEMPTS'),
  recoverEveryMs: num('RECOVER_EVERY_MS'),
  logger: log,
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void provider.close().then(() => process.exit(0));
  });
}
