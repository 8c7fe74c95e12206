import { createRoute } from '@tanstack/react-router';
import { readPositiveId, searchValidator } from '../../ui/list-search';
import { playerLayoutRoute } from './player-layout-route';
import { LobbyPage } from './LobbyPage';

/** The lobby may be opened on one sport (?sport=4), as the navigation's sport links do. */
const validateSearch = searchValidator<{ sport?: number }>({ sport: readPositiveId });

export const lobbyIndexRoute = createRoute({
  getParentRoute: () => playerLayoutRoute,
  path: '/',
  validateSearch,
  component: LobbyPage,
});

export const lobbyHomeRoute = createRoute({
  getParentRoute: () => playerLayoutRoute,
  path: '/home',
  validateSearch,
  component: LobbyPage,
});

/** The spelling is SPEC.md's. */
export const lobbyDashboardRoute = createRoute({
  getParentRoute: () => playerLayoutRoute,
  path: '/dashbaord',
  validateSearch,
  component: LobbyPage,
});
