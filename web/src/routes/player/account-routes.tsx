import { createRoute } from '@tanstack/react-router';
import { comingPage } from '../coming-page';
import { BetHistoryByTypePage } from '../BetHistoryByTypePage';
import { ActivityLogPage } from '../shared/ActivityLogPage';
import { ChangePasswordPage } from '../shared/ChangePasswordPage';
import { SecurityPage } from '../shared/SecurityPage';
import { StatementPage } from '../shared/StatementPage';
import { playerLayoutRoute } from './player-layout-route';

/** The player's own bets, reports and settings (SPEC.md section 2). */
export const accountRoutes = [
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/accountstatement',
    component: () => <StatementPage ctx="user" title="Account statement" />,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/profitloss',
    component: comingPage('Profit & Loss', 'Your profit and loss by sport, event and market over a date range.'),
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/bethistory',
    component: comingPage('Bet history', 'Your settled bets with stake, odds and result, filtered by date.'),
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/unsettledbet',
    component: comingPage('Unsettled bets', 'All your open bets, matched and unmatched, across every market.'),
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/unsettledbet/$type',
    component: BetHistoryByTypePage,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/current/bets',
    component: comingPage('Current bets', 'Bets placed on matches that are still running.'),
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/casinoreport',
    component: comingPage('Casino report', 'Your casino rounds with stake, result and profit or loss.'),
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/button-values',
    component: comingPage('Button values', 'Set the quick stake buttons shown on the bet slip.'),
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/changepassword',
    component: () => <ChangePasswordPage ctx="user" />,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/activity-log',
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
    component: comingPage('Rules', 'Betting rules for each sport, market type and casino table.'),
  }),
] as const;
