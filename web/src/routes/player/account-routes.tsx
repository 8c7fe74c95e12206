import { createRoute } from '@tanstack/react-router';
import { CasinoBetsCard, CasinoReportPage } from '../../casino/CasinoReportPage';
import { ActivityLogPage, activitySearch } from '../shared/ActivityLogPage';
import { ChangePasswordPage } from '../shared/ChangePasswordPage';
import { SecurityPage } from '../shared/SecurityPage';
import { StatementPage, statementSearch } from '../shared/StatementPage';
import { PlayerBetHistoryTypePage } from './BetHistoryTypePage';
import { betListSearch } from './bet-list-search';
import { BetListPage } from './BetListPage';
import { ButtonValuesPage } from './ButtonValuesPage';
import { CurrentBetsPage, currentBetsSearch } from './CurrentBetsPage';
import { playerLayoutRoute } from './player-layout-route';
import { ProfitLossPage, profitLossSearch } from './ProfitLossPage';
import { RulesPage } from './RulesPage';

/** The player's own bets, reports and settings (SPEC.md section 2). */
export const accountRoutes = [
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/accountstatement',
    validateSearch: statementSearch,
    component: () => <StatementPage ctx="user" title="Account statement" />,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/profitloss',
    validateSearch: profitLossSearch,
    component: ProfitLossPage,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/bethistory',
    validateSearch: betListSearch,
    component: () => (
      <>
        <BetListPage title="Bet history" status="settled" dated />
        <CasinoBetsCard status="settled" />
      </>
    ),
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/unsettledbet',
    validateSearch: betListSearch,
    component: () => (
      <>
        <BetListPage title="Unsettled bets" status="pending" dated={false} />
        <CasinoBetsCard status="pending" />
      </>
    ),
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/unsettledbet/$type',
    validateSearch: betListSearch,
    component: PlayerBetHistoryTypePage,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/current/bets',
    validateSearch: currentBetsSearch,
    component: CurrentBetsPage,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/casinoreport',
    component: CasinoReportPage,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/button-values',
    component: ButtonValuesPage,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/changepassword',
    component: () => <ChangePasswordPage ctx="user" />,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/activity-log',
    validateSearch: activitySearch,
    component: () => <ActivityLogPage ctx="user" />,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/settings/security-auth',
    component: () => <SecurityPage ctx="user" />,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/rules',
    component: RulesPage,
  }),
] as const;
