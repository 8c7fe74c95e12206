import type { AccountDeps } from '../accounts/deps.js';
import type { LivePrices } from './live-prices.js';

/** What the exchange's routes share: the accounts' deps and the live prices. */
export interface ExchangeDeps extends AccountDeps {
  prices: LivePrices;
}
