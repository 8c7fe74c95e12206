import type { ProviderPort } from '@exch/contracts';
import type { AccountDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import type { ProviderCatalogue } from './catalogue.js';
import type { WalletSessions } from './wallet-sessions.js';

/** A game provider as the gateway is given it: its port and the secret its calls are signed with. */
export interface ProviderSetup {
  port: ProviderPort;
  secret: string;
}

export interface ProviderDeps extends AccountDeps {
  /** Null: no international casino here (wallet calls are refused, the player routes answer 404). */
  provider: { port: ProviderPort; catalogue: ProviderCatalogue } | null;
  walletSessions: WalletSessions;
}

export function needProvider(deps: ProviderDeps): { port: ProviderPort; catalogue: ProviderCatalogue } {
  if (!deps.provider) throw new HttpError(404, 'The international casino is not available', 'NO_PROVIDER');
  return deps.provider;
}
