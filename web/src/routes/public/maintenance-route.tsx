import { Link, createRoute } from '@tanstack/react-router';
import { PublicShell } from '../../ui/PublicShell';
import { rootRoute } from '../root-route';
import { usePageTitle } from '../../ui/use-page-title';

export const maintenanceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/maintenance',
  component: MaintenancePage,
});

function MaintenancePage() {
  usePageTitle('Under Main');
  return (
    <PublicShell>
      <section className="card public-card maintenance">
        <div className="maintenance-icon" aria-hidden="true">
          ⚙
        </div>
        <h1>Under Main</h1>
        <p>We are carrying out scheduled maintenance to make the site faster and safer.</p>
        <p className="muted">Your balance and bets are safe. Please try again in a few minutes.</p>
        <Link to="/" className="btn btn-primary">
          Try again
        </Link>
      </section>
    </PublicShell>
  );
}
