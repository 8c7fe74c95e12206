import { createRoute } from '@tanstack/react-router';
import { auditSearch } from '../../audit/audit-search';
import { GameReportsPage, gameReportsSearch } from '../../casino/admin/GameReportsPage';
import { resultReportSearch } from '../../casino/admin/result-report-search';
import { CasinoResultReportPage } from '../../casino/admin/ResultReportPage';
import { StatementPage, statementSearch } from '../shared/StatementPage';
import { adminLayoutRoute } from './admin-layout-route';
import { betHistorySearch } from './exchange/bet-history/search';
import { lazyPage } from './lazy-page';
import { dailyPnlSearch } from './reports/daily-pnl-search';
import { generalSearch } from './reports/general-search';
import { partnershipSearch } from './reports/partnership-search';
import { pnlReportSearch } from './reports/pnl-report/search';
import { RequirePrivilege } from './RequirePrivilege';

const BetHistoryPage = lazyPage(() => import('./exchange/BetHistoryPage'), 'BetHistoryPage');
const AdminProfitLossPage = lazyPage(() => import('./reports/AdminProfitLossPage'), 'AdminProfitLossPage');
const ProfitLossReportPage = lazyPage(() => import('./reports/ProfitLossReportPage'), 'ProfitLossReportPage');
const AuditPage = lazyPage(() => import('../../audit/AuditPage'), 'AuditPage');
const GeneralReportPage = lazyPage(() => import('./reports/GeneralReportPage'), 'GeneralReportPage');
const PartnershipStatementPage = lazyPage(
  () => import('./reports/PartnershipStatementPage'),
  'PartnershipStatementPage',
);

/** Bets, statements and reports of the downline (SPEC.md section 2; docs/reports.md). */
export const adminReportRoutes = [
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/accountstatement',
    validateSearch: statementSearch,
    component: () => <StatementPage ctx="admin" title="Account statement" />,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/profitloss',
    validateSearch: dailyPnlSearch,
    component: AdminProfitLossPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/unsettledbet',
    validateSearch: betHistorySearch,
    component: BetHistoryPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/unsettledbet/$type',
    validateSearch: betHistorySearch,
    component: BetHistoryPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/game-reports',
    validateSearch: gameReportsSearch,
    component: GameReportsPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/casino-result-report',
    validateSearch: resultReportSearch,
    component: CasinoResultReportPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/profit-loss-report',
    validateSearch: pnlReportSearch,
    component: ProfitLossReportPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/general-report',
    validateSearch: generalSearch,
    component: GeneralReportPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/partnership-statement',
    validateSearch: partnershipSearch,
    component: PartnershipStatementPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/audit',
    validateSearch: auditSearch,
    component: () => (
      <RequirePrivilege privilege="audit-trail">
        <AuditPage />
      </RequirePrivilege>
    ),
  }),
] as const;
