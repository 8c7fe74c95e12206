import { createRoute } from '@tanstack/react-router';
import { adminLayoutRoute } from './admin-layout-route';
import { betTapeSearch } from '../../risk/bet-tape-search';
import { riskDeskSearch } from '../../risk/risk-desk-search';
import { lazyPage } from './lazy-page';

const BetTapePage = lazyPage(() => import('../../risk/BetTapePage'), 'BetTapePage');
const RiskDeskPage = lazyPage(() => import('../../risk/RiskDeskPage'), 'RiskDeskPage');

/** The live bet tape and the risk desk (docs/risk.md). */
export const adminRiskRoutes = [
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/bet-tape',
    validateSearch: betTapeSearch,
    component: BetTapePage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/risk',
    validateSearch: riskDeskSearch,
    component: RiskDeskPage,
  }),
];
