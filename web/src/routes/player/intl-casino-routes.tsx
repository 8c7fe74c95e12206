import { createRoute } from '@tanstack/react-router';
import { IntlCasinoPage, validateIntlSearch } from '../../intl-casino/IntlCasinoPage';
import { IntlLobbyPage } from '../../intl-casino/IntlLobbyPage';
import { playerLayoutRoute } from './player-layout-route';

/** The international casino (SPEC.md section 2): tiles by category with a full-screen game frame, and the provider's lobby. */
export const intlCasinoRoutes = [
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/casino-int/$type',
    validateSearch: validateIntlSearch,
    component: IntlCasinoPage,
  }),
  createRoute({
    getParentRoute: () => playerLayoutRoute,
    path: '/casino/international',
    component: IntlLobbyPage,
  }),
] as const;
