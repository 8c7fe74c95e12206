import { createRoute } from '@tanstack/react-router';
import { NotFoundCard } from '../../ui/NotFoundCard';
import { adminLayoutRoute } from './admin-layout-route';

/**
 * Unknown paths under /admin are still admin paths: they go through the admin guard (to /admin/login
 * without a session) and show not-found inside the back office.
 */
export const adminNotFoundRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: '$',
  component: NotFoundCard,
});
