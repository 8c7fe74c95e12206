import { createRoute } from '@tanstack/react-router';
import { comingPage } from '../coming-page';
import { StatementPage } from '../shared/StatementPage';
import { adminLayoutRoute } from './admin-layout-route';
import { lazyPage } from './lazy-page';

const BetHistoryPage = lazyPage(() => import('./exchange/BetHistoryPage'), 'BetHistoryPage');
const AdminProfitLossPage = lazyPage(() => import('./reports/AdminProfitLossPage'), 'AdminProfitLossPage');
const ProfitLossReportPage = lazyPage(() => import('./reports/ProfitLossReportPage'), 'ProfitLossReportPage');
const GeneralReportPage = lazyPage(() => import('./reports/GeneralReportPage'), 'GeneralReportPage');
const PartnershipStatementPage = lazyPage(() => import('./reports/PartnershipStatementPage'), 'PartnershipStatementPage');

/** Bets, statements and reports of the downline (SPEC.md section 2; docs/reports.md). */
export const adminReportRoutes = [
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/accountstatement',
    component: () => <StatementPage ctx="admin" title="Account statement" />,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/profitloss',
    component: AdminProfitLossPage,
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
    component: comingPage('Game reports', 'Casino turnover and profit by game.'),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/casino-result-report',
    component: comingPage('Casino result report', 'Results of past casino rounds by table and date.'),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/profit-loss-report',
    component: ProfitLossReportPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/general-report',
    component: GeneralReportPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/partnership-statement',
    component: PartnershipStatementPage,
  }),
] as const;
