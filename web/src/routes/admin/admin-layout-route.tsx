import { Outlet, createRoute, redirect } from '@tanstack/react-router';
import { useProfile } from '../../api/profile-query';
import { adminAreaRedirect, canManageSports, storedPendingSetup } from '../../auth/session-rules';
import { NotAvailableCard } from '../../ui/NotAvailableCard';
import { rootRoute } from '../root-route';
import { lazyPage } from './lazy-page';

const AdminLayout = lazyPage(() => import('../../layout/AdminLayout'), 'AdminLayout');

/** The back office: every /admin page but the login sits in this layout and behind its guard (SPEC.md section 2). */
export const adminLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: () => {
    const to = adminAreaRedirect();
    if (to !== null) throw redirect({ to, replace: true });
    // A password given by the upline is replaced, and a transaction password set, before anything else.
    const setup = storedPendingSetup('admin');
    if (setup === '/first-time-password-change') throw redirect({ to: setup, search: { ctx: 'admin' }, replace: true });
    if (setup !== null) throw redirect({ to: setup, replace: true });
  },
  component: AdminLayout,
});

/** Pages only role admin and super admin may open (SPEC.md section 6). */
export const adminOnlyRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  id: 'admin-only',
  component: AdminOnlyOutlet,
});

function AdminOnlyOutlet() {
  const { data: user } = useProfile('admin');
  if (user && canManageSports(user.role.slug)) return <Outlet />;
  return (
    <NotAvailableCard title="Not available for your role">
      Sports, series, matches, markets, fancies and messages are managed by Admin and SuperMaster accounts.
    </NotAvailableCard>
  );
}
