import { createRoute, useParams, useSearch } from '@tanstack/react-router';
import { ALL_CASINO_CATEGORY } from '../../casino/casino-categories';
import { CasinoLobby } from '../../casino/CasinoLobby';
import { CasinoResultsPage } from '../../casino/ResultsPage';
import { CasinoRoundPage } from '../../casino/RoundPage';
import { CasinoTablePage } from '../../casino/TablePage';
import { playerLayoutRoute } from './player-layout-route';

/** ?category=23 on the lobbies (SPEC.md section 2: the category comes from the query). */
const categorySearch = (search: Record<string, unknown>): { category?: string } =>
  typeof search.category === 'string' || typeof search.category === 'number'
    ? { category: String(search.category) }
    : {};
const gameSearch = (search: Record<string, unknown>): { game?: string } =>
  typeof search.game === 'string' ? { game: search.game } : {};

/** Indian casino pages (SPEC.md section 2); the international casino's are in intl-casino-routes.tsx. */
export const casinoRoutes = [
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/casino-games',
    validateSearch: categorySearch,
    component: CasinoGamesPage,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/casino-in/$type',
    validateSearch: categorySearch,
    component: IndianCasinoPage,
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
    component: CasinoTablePage,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/casino/result',
    validateSearch: gameSearch,
    component: CasinoResultsPage,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/casino/result/$matchid',
    component: () => <CasinoRoundPage ctx="user" />,
  }),
] as const;

function CasinoGamesPage() {
  const category = useSearch({ strict: false, select: (s) => s.category ?? ALL_CASINO_CATEGORY });
  return <CasinoLobby title="Casino games" category={category} route={{ page: 'games' }} />;
}

function IndianCasinoPage() {
  const type = useParams({ strict: false, select: (p) => p.type ?? 'live-dmd' });
  const category = useSearch({ strict: false, select: (s) => s.category ?? ALL_CASINO_CATEGORY });
  return <CasinoLobby title="Indian casino" category={category} route={{ page: 'in', type }} />;
}

function CasinoListPage() {
  const categoryId = useParams({ strict: false, select: (p) => p.categoryId ?? ALL_CASINO_CATEGORY });
  return <CasinoLobby title="Live casino" category={categoryId} route={{ page: 'list' }} />;
}
