import type { AccountDeps } from '../deps.js';
import { adminPaymentRoutes } from './admin-routes.js';
import { historyRoutes } from './history-routes.js';
import { limitsRoutes } from './limits-routes.js';
import { playerPaymentRoutes } from './player-routes.js';

/** Deposits, withdrawals, saved payout accounts and payment methods (docs/payments.md). */
export function paymentRoutes(deps: AccountDeps): void {
  playerPaymentRoutes(deps);
  historyRoutes(deps);
  adminPaymentRoutes(deps);
  limitsRoutes(deps);
}
