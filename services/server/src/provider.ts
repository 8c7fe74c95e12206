import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { startGameProvider, PROVIDER_ID, PROVIDER_NAME, type GameProvider } from '@exch/game-provider';
import { qtStyleProvider, type ProviderSetup } from '@exch/gateway';

/**
 * The international casino's game provider, as a server runs with it: the game server inside this
 * process on its own port (`embedded`, what `npm start` does), or one running elsewhere (`url`: its
 * own process, as in distributed mode and the fault tests). Either way the gateway reaches it
 * through the provider port, and both sides sign with `secret`.
 */
export type ProviderOption = { secret: string } & (
  | { embedded: { port: number; dataDir: string; publicUrl?: string } }
  | { url: string; publicUrl?: string }
);

export interface RunningProvider {
  setup: ProviderSetup;
  /** The embedded game server; null when it runs elsewhere. */
  game: GameProvider | null;
}

export async function setUpProvider(option: ProviderOption, log: Logger): Promise<RunningProvider> {
  const game =
    'embedded' in option
      ? await startGameProvider({
          ...option.embedded,
          secret: option.secret,
          logger: log.child({ part: 'game-provider' }),
        })
      : null;
  const apiUrl = game?.url ?? ('url' in option ? option.url : '');
  const publicUrl = game?.url ?? ('url' in option ? (option.publicUrl ?? option.url) : '');
  const port = qtStyleProvider({
    id: PROVIDER_ID,
    name: PROVIDER_NAME,
    apiUrl,
    origin: new URL(publicUrl).origin,
    secret: option.secret,
  });
  return { setup: { port, secret: option.secret }, game };
}

/**
 * From the environment: PROVIDER=off runs without one; PROVIDER_URL (and PROVIDER_PUBLIC_URL if
 * browsers reach it elsewhere) names one running on its own; else, where `embedded` is allowed, the
 * game server starts in this process on PROVIDER_PORT (default 3100), its files in PROVIDER_DATA_DIR.
 * PROVIDER_SECRET is shared with it (made up for this run when the game server is embedded).
 */
export function readProviderOption(
  env: NodeJS.ProcessEnv,
  embedded: { dataDir: string } | null,
): ProviderOption | null {
  if (env.PROVIDER === 'off') return null;
  const secret = env.PROVIDER_SECRET ?? '';
  if (env.PROVIDER_URL) {
    if (secret.length < 32)
      throw new Error("PROVIDER_SECRET must be set, to at least 32 characters and the same as the game provider's");
    return { secret, url: env.PROVIDER_URL, publicUrl: env.PROVIDER_PUBLIC_URL };
  }
  if (!embedded) return null;
  return {
    secret: secret || randomBytes(32).toString('hex'),
    embedded: {
      port: Number(env.PROVIDER_PORT ?? 3100),
      dataDir: resolve(env.PROVIDER_DATA_DIR ?? resolve(embedded.dataDir, 'provider')),
      publicUrl: env.PROVIDER_PUBLIC_URL,
    },
  };
}
