import { NotFoundCard } from '../../ui/NotFoundCard';
import { PublicShell } from '../../ui/PublicShell';

/** Unknown paths outside /admin: public, so it shows with or without a session. */
export function NotFoundPage() {
  return (
    <PublicShell>
      <NotFoundCard />
    </PublicShell>
  );
}
