import { createRoute } from '@tanstack/react-router';
import { GameReportsPage } from '../../casino/admin/GameReportsPage';
import { CasinoResultReportPage } from '../../casino/admin/ResultReportPage';
import { comingPage } from '../coming-page';
import { StatementPage } from '../shared/StatementPage';
import { adminLayoutRoute } from './admin-layout-route';
import { BetHistoryPage } from './exchange/BetHistoryPage';
import { DownlineProfitLossPage } from './exchange/DownlineProfitLossPage';

/** Bets, statements and reports of the downline (SPEC.md section 2). */
export const adminReportRoutes = [
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/accountstatement',
    component: () => <StatementPage ctx="admin" title="Account statement" />,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/profitloss',
    component: DownlineProfitLossPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/unsettledbet',
    component: BetHistoryPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/unsettledbet/$type',
    component: BetHistoryPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/game-reports',
    component: GameReportsPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/casino-result-report',
    component: CasinoResultReportPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/profit-loss-report',
    component: comingPage('Profit loss report', 'Profit and loss by user over a date range.'),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/general-report',
    component: comingPage('General report', 'Balances, credit and exposure of the whole downline.'),
  }),
] as const;
