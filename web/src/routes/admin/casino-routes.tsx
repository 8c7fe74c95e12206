import { createRoute } from '@tanstack/react-router';
import { comingPage } from '../coming-page';
import { adminLayoutRoute } from './admin-layout-route';

export const adminCasinoRoutes = [
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/casino-list',
    component: comingPage('Casino list', 'Casino tables and games, to activate or suspend.'),
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/casino/$gameCode',
    component: comingPage('Casino table', 'A table with its live round and the bets of your downline.'),
  }),
] as const;
