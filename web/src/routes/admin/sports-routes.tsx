import { createRoute } from '@tanstack/react-router';
import { adminLayoutRoute, adminOnlyRoute } from './admin-layout-route';
import { eventManagementSearch } from './exchange/event-management-search';
import { marketAnalysisSearch } from './exchange/market-analysis-search';
import { lazyPage } from './lazy-page';
const MarketsSetupPage = lazyPage(() => import('./exchange/setup/MarketsSetupPage'), 'MarketsSetupPage');
const MatchesPage = lazyPage(() => import('./exchange/setup/MatchesPage'), 'MatchesPage');
const MessagesPage = lazyPage(() => import('./exchange/setup/MessagesPage'), 'MessagesPage');
const SeriesPage = lazyPage(() => import('./exchange/setup/SeriesPage'), 'SeriesPage');
const SportsListPage = lazyPage(() => import('./exchange/setup/SportsListPage'), 'SportsListPage');
const MarketAnalysisPage = lazyPage(() => import('./exchange/MarketAnalysisPage'), 'MarketAnalysisPage');
const EventManagementPage = lazyPage(() => import('./exchange/EventManagementPage'), 'EventManagementPage');
const AdminOddsPage = lazyPage(() => import('./exchange/AdminOddsPage'), 'AdminOddsPage');

/** Markets as every admin role sees them (SPEC.md section 2). */
export const adminMarketRoutes = [
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/market-analysis',
    validateSearch: marketAnalysisSearch,
    component: () => <MarketAnalysisPage />,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/market-analysis/match',
    validateSearch: marketAnalysisSearch,
    component: () => <MarketAnalysisPage title="Match Analysis" />,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/odds/$sportId/$matchId',
    component: AdminOddsPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/event-management',
    validateSearch: eventManagementSearch,
    component: EventManagementPage,
  }),
] as const;

/** Sports set-up and messages: role admin and super admin only (SPEC.md section 6). */
export const sportsSetupRoutes = [
  createRoute({
    getParentRoute: () => adminOnlyRoute,
    path: '/sports-list/{-$url}',
    component: SportsListPage,
  }),
  createRoute({
    getParentRoute: () => adminOnlyRoute,
    path: '/series/$sportId',
    component: SeriesPage,
  }),
  createRoute({
    getParentRoute: () => adminOnlyRoute,
    path: '/matches/$sportId',
    component: () => <MatchesPage active={false} />,
  }),
  createRoute({
    getParentRoute: () => adminOnlyRoute,
    path: '/active-matches/$sportId/{-$matchType}',
    component: () => <MatchesPage active />,
  }),
  createRoute({
    getParentRoute: () => adminOnlyRoute,
    path: '/active-markets/$matchId',
    component: () => <MarketsSetupPage fancies={false} />,
  }),
  createRoute({
    getParentRoute: () => adminOnlyRoute,
    path: '/active-fancies/$matchId',
    component: () => <MarketsSetupPage fancies />,
  }),
  createRoute({
    getParentRoute: () => adminOnlyRoute,
    path: '/messages',
    component: MessagesPage,
  }),
] as const;
