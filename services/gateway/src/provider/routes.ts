import type { AccountDeps } from '../deps.js';
import { ProviderCatalogue } from './catalogue.js';
import type { ProviderSetup } from './deps.js';
import { launchRoutes } from './launch-routes.js';
import { reportRoutes } from './report-routes.js';
import { WalletSessions } from './wallet-sessions.js';
import { walletRoutes } from './wallet-routes.js';

/** The international casino's routes: the provider's wallet calls, the player's launches, the reports. Registered with or without a provider. */
export async function providerRoutes(deps: AccountDeps, setup: ProviderSetup | null): Promise<void> {
  const catalogue = setup && new ProviderCatalogue(setup.port);
  // Fetched now, so the first stake's statement row already names its game.
  void catalogue?.games().catch(() => {});
  const all = {
    ...deps,
    provider: setup && catalogue && { port: setup.port, catalogue },
    walletSessions: await WalletSessions.open(deps.sql, deps.directory),
  };
  for (const routes of [walletRoutes, launchRoutes, reportRoutes]) routes(all);
}
