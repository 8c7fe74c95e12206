import { Link, useLocation } from '@tanstack/react-router';
import { contextForPath, homePathFor } from '../auth/auth-context';
import { usePageTitle } from './use-page-title';

export function NotFoundCard() {
  const pathname = useLocation({ select: (l) => l.pathname });
  usePageTitle('Page not found');
  return (
    <section className="card public-card not-found">
      <p className="big-code">404</p>
      <h1>Page not found</h1>
      <p className="muted">
        Nothing lives at <code>{pathname}</code>. The link may be old or mistyped.
      </p>
      <Link to={homePathFor(contextForPath(pathname))} className="btn btn-primary">
        Go to home
      </Link>
    </section>
  );
}
