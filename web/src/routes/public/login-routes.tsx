import { createRoute, redirect } from '@tanstack/react-router';
import { LoginForm } from './LoginForm';
import { hasAdminSession, hasPlayerSession } from '../../auth/session-rules';
import { PublicShell } from '../../ui/PublicShell';
import { usePageTitle } from '../../ui/use-page-title';
import { rootRoute } from '../root-route';

/** A logged-in player on /login goes to / (SPEC.md section 2). */
export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  beforeLoad: () => {
    if (hasPlayerSession()) throw redirect({ to: '/', replace: true });
  },
  component: PlayerLoginPage,
});

/** A logged-in admin on /admin/login goes to /admin. */
export const adminLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/login',
  beforeLoad: () => {
    if (hasAdminSession()) throw redirect({ to: '/admin', replace: true });
  },
  component: AdminLoginPage,
});

function PlayerLoginPage() {
  usePageTitle('Login');
  return (
    <PublicShell tagline="Sports exchange and live casino">
      <section className="card public-card login-card">
        <h1>Login</h1>
        <p className="muted">Welcome back. Log in to bet on cricket, football, tennis and casino.</p>
        <LoginForm ctx="user" />
      </section>
    </PublicShell>
  );
}

function AdminLoginPage() {
  usePageTitle('Back office login');
  return (
    <PublicShell tagline="Back office">
      <section className="card public-card login-card">
        <h1>Back office login</h1>
        <p className="muted">For admins, masters, agents and dealers.</p>
        <LoginForm ctx="admin" />
      </section>
    </PublicShell>
  );
}
