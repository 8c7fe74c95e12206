import type { ReactNode } from 'react';
import { createRoute } from '@tanstack/react-router';
import { useProfile } from '../../api/profile-query';
import { isTopAccount } from '../../auth/session-rules';
import { NotAvailableCard } from '../../ui/NotAvailableCard';
import { adminLayoutRoute } from './admin-layout-route';
import { lazyPage } from './lazy-page';
import { RequirePrivilege } from './RequirePrivilege';

const ProjectionsPage = lazyPage(() => import('../../projections/ProjectionsPage'), 'ProjectionsPage');

/** The server refuses the projections' routes to any other login: the page says so instead of calling them. */
function TopAccountOnly({ children }: { children: ReactNode }) {
  const { data: user } = useProfile('admin');
  if (user === undefined || isTopAccount(user)) return <>{children}</>;
  return (
    <NotAvailableCard title="Not available for your login">
      Only the top admin manages projections: a rebuild costs the whole database's time.
    </NotAvailableCard>
  );
}

/** The operator's pages: the read models and their rebuilds (docs/operations.md). */
export const adminOperationsRoutes = [
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: '/projections',
    component: () => (
      <RequirePrivilege privilege="view-operations">
        <TopAccountOnly>
          <ProjectionsPage />
        </TopAccountOnly>
      </RequirePrivilege>
    ),
  }),
];
