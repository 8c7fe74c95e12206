import { createRoute, redirect } from '@tanstack/react-router';
import { playerAreaRedirect, storedPendingSetup } from '../../auth/session-rules';
import { PlayerLayout } from '../../layout/PlayerLayout';
import { rootRoute } from '../root-route';

/** Every page of the player site sits in this layout and behind its guard (SPEC.md section 2). */
export const playerLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'player',
  beforeLoad: () => {
    const to = playerAreaRedirect();
    if (to !== null) throw redirect({ to, replace: true });
    // A password given by the upline must be replaced before the player can do anything else.
    if (storedPendingSetup('user') !== null)
      throw redirect({ to: '/first-time-password-change', search: { ctx: 'user' }, replace: true });
  },
  component: PlayerLayout,
});
