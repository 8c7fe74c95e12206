import { adminCasinoRoutes } from './admin/casino-routes';
import { adminClientRoutes } from './admin/client-routes';
import { adminIntlCasinoRoutes } from './admin/intl-casino-routes';
import {
  adminActivityRoute,
  adminChangePasswordRoute,
  adminIndexRoute,
  adminSecurityRoute,
} from './admin/dashboard-routes';
import { adminLayoutRoute, adminOnlyRoute } from './admin/admin-layout-route';
import { adminNotFoundRoute } from './admin/not-found-route';
import { adminOperationsRoutes } from './admin/operations-routes';
import { adminPaymentRoutes } from './admin/payment-routes';
import { adminReportRoutes } from './admin/report-routes';
import { adminRiskRoutes } from './admin/risk-routes';
import { adminMarketRoutes, sportsSetupRoutes } from './admin/sports-routes';
import { accountRoutes } from './player/account-routes';
import { casinoRoutes } from './player/casino-routes';
import { intlCasinoRoutes } from './player/intl-casino-routes';
import { lobbyDashboardRoute, lobbyHomeRoute, lobbyIndexRoute } from './player/lobby-routes';
import { paymentRoutes } from './player/payment-routes';
import { playerLayoutRoute } from './player/player-layout-route';
import { matchOddsRoute } from './player/sports-routes';
import { adminLoginRoute, loginRoute } from './public/login-routes';
import { maintenanceRoute } from './public/maintenance-route';
import {
  adminTransactionPasswordRoute,
  firstTimePasswordRoute,
  transactionPasswordRoute,
} from './public/password-routes';
import { rootRoute } from './root-route';

/** Every route of SPEC.md section 2: public pages, the player site and the back office. */
export const routeTree = rootRoute.addChildren([
  loginRoute,
  adminLoginRoute,
  firstTimePasswordRoute,
  transactionPasswordRoute,
  adminTransactionPasswordRoute,
  maintenanceRoute,
  playerLayoutRoute.addChildren([
    lobbyIndexRoute,
    lobbyHomeRoute,
    lobbyDashboardRoute,
    matchOddsRoute,
    ...accountRoutes,
    ...paymentRoutes,
    ...casinoRoutes,
    ...intlCasinoRoutes,
  ]),
  adminLayoutRoute.addChildren([
    adminIndexRoute,
    adminChangePasswordRoute,
    adminSecurityRoute,
    adminActivityRoute,
    ...adminClientRoutes,
    ...adminMarketRoutes,
    ...adminReportRoutes,
    ...adminRiskRoutes,
    ...adminPaymentRoutes,
    ...adminCasinoRoutes,
    ...adminIntlCasinoRoutes,
    ...adminOperationsRoutes,
    adminOnlyRoute.addChildren([...sportsSetupRoutes]),
    adminNotFoundRoute,
  ]),
]);
