import {
  PROVIDER_API,
  type GamesAnswer,
  type LaunchBody,
  type LaunchRequest,
  type ProviderGame,
  type ProviderPort,
} from '@exch/contracts';
import { signProviderCall } from '@exch/contracts/node';

export interface QtStyleProviderOptions {
  id: string;
  name: string;
  /** Where the operator reaches the provider's API (server to server). */
  apiUrl: string;
  /** Where players' browsers load its pages from: the origin the operator's frames allow. */
  origin: string;
  secret: string;
  timeoutMs?: number;
}

/**
 * The provider port over HTTP to a provider that speaks QTech's operator API (PROVIDER_API), signed
 * with the shared secret. Our game server (services/game-provider) speaks it; another provider of
 * the same kind needs only other options, one of another kind another adapter beside this one.
 */
export function qtStyleProvider(opts: QtStyleProviderOptions): ProviderPort {
  const call = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
    const text = body === undefined ? '' : JSON.stringify(body);
    const res = await fetch(new URL(url, opts.apiUrl), {
      method,
      headers: {
        ...signProviderCall(opts.secret, { method, url, body: text }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : text,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 5_000),
    });
    if (!res.ok)
      throw new Error(`${opts.name} answered ${res.status} to ${method} ${url}: ${(await res.text()).slice(0, 200)}`);
    return (await res.json()) as T;
  };
  return {
    id: opts.id,
    name: opts.name,
    origin: opts.origin,
    async games(): Promise<ProviderGame[]> {
      return (await call<GamesAnswer>('GET', PROVIDER_API.games)).items;
    },
    async launch({ gameId, ...player }: LaunchRequest): Promise<{ url: string }> {
      const body: LaunchBody = player;
      return call<{ url: string }>(
        'POST',
        gameId === null ? PROVIDER_API.lobbyUrl : PROVIDER_API.launchUrl(gameId),
        body,
      );
    },
  };
}
