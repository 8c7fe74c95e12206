import { createRoute, useParams } from '@tanstack/react-router';
import { CASINO_CATEGORIES } from '../../casino/casino-categories';
import { ComingCard } from '../../ui/ComingCard';
import { usePageTitle } from '../../ui/use-page-title';
import { comingPage } from '../coming-page';
import { playerLayoutRoute } from './player-layout-route';

/** Indian casino pages (SPEC.md section 2); the international casino's are in intl-casino-routes.tsx. */
export const casinoRoutes = [
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/casino-games',
    component: comingPage('Casino games', 'Every casino table and game in one place.'),
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/casino-in/$type',
    component: comingPage('Indian casino', 'Live Indian tables by category: Teenpatti, Andar Bahar, Dragon Tiger and more.'),
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/casino-list/LC/4/$categoryId',
    component: CasinoListPage,
  }),
  // One route serves both /casino/{gameCode} and /casino/{game_identifier}: a URL cannot tell them apart.
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/casino/$gameCode',
    component: comingPage('Casino table', 'The live table with its video, betting window and last results.'),
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/casino/result',
    component: comingPage('Casino results', 'Past rounds of each table with their results.'),
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/casino/result/$matchid',
    component: comingPage('Casino round result', 'The cards, result and bets of one round.'),
  }),
] as const;

function CasinoListPage() {
  const categoryId = useParams({ strict: false, select: (p) => p.categoryId ?? '' });
  const category = CASINO_CATEGORIES[categoryId] ?? `Category ${categoryId}`;
  usePageTitle(category);
  return <ComingCard title={`Casino: ${category}`} blurb="Game tiles of this category, each opening its table." />;
}
