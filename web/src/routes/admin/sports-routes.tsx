import { createRoute } from '@tanstack/react-router';
import { comingPage } from '../coming-page';
import { adminLayoutRoute, adminOnlyRoute } from './admin-layout-route';

/** Markets as every admin role sees them (SPEC.md section 2). */
export const adminMarketRoutes = [
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/market-analysis',
    component: comingPage('Market analysis', 'Stakes and positions of your downline on each running match.'),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/market-analysis/match',
    component: comingPage('Match analysis', 'Stakes and positions on one match, selection by selection.'),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/odds/$sportId/$matchId',
    component: comingPage('Match odds', 'The match with its markets, bets of your downline, user book and bet lock.'),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/event-management',
    component: comingPage('Event management', 'Open, suspend and close events and their markets.'),
  }),
] as const;

/** Sports set-up and messages: role admin and super admin only (SPEC.md section 6). */
export const sportsSetupRoutes = [
  createRoute({
    getParentRoute: () => adminOnlyRoute,
    path: '/sports-list/{-$url}',
    component: comingPage('Sports list', 'Sports offered on your site and whether they are active.'),
  }),
  createRoute({
    getParentRoute: () => adminOnlyRoute,
    path: '/series/$sportId',
    component: comingPage('Series', 'Tournaments and leagues of a sport.'),
  }),
  createRoute({
    getParentRoute: () => adminOnlyRoute,
    path: '/matches/$sportId',
    component: comingPage('Matches', 'Matches of a sport, to add and activate.'),
  }),
  createRoute({
    getParentRoute: () => adminOnlyRoute,
    path: '/active-matches/$sportId/{-$matchType}',
    component: comingPage('Active matches', 'Matches open for betting, with their status and limits.'),
  }),
  createRoute({
    getParentRoute: () => adminOnlyRoute,
    path: '/active-markets/$matchId',
    component: comingPage('Active markets', 'Markets of a match with status, limits and results.'),
  }),
  createRoute({
    getParentRoute: () => adminOnlyRoute,
    path: '/active-fancies/$matchId',
    component: comingPage('Active fancies', 'Fancy and session markets of a match with their run lines.'),
  }),
  createRoute({
    getParentRoute: () => adminOnlyRoute,
    path: '/messages',
    component: comingPage('Messages', 'News and notices shown to players and agents.'),
  }),
] as const;
