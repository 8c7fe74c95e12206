import { createRoute } from '@tanstack/react-router';
import { ThirdPartyReportPage, thirdPartySearch } from '../../intl-casino/ThirdPartyReportPage';
import { adminLayoutRoute } from './admin-layout-route';

/** The international casino's back-office page: its games' turnover and profit, beside the house tables' game reports. */
export const adminIntlCasinoRoutes = [
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/game-reports/third-party',
    validateSearch: thirdPartySearch,
    component: ThirdPartyReportPage,
  }),
] as const;
