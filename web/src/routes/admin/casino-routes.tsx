import { createRoute } from '@tanstack/react-router';
import { AdminCasinoTablePage } from '../../casino/admin/AdminTablePage';
import { CasinoListPage } from '../../casino/admin/CasinoListPage';
import { CasinoRoundPage } from '../../casino/RoundPage';
import { adminLayoutRoute } from './admin-layout-route';

export const adminCasinoRoutes = [
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/casino-list',
    component: CasinoListPage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/casino/$gameCode',
    component: AdminCasinoTablePage,
  }),
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/casino/result/$matchid',
    component: () => <CasinoRoundPage ctx="admin" />,
  }),
] as const;
