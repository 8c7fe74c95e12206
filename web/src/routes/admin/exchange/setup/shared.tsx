import { useQuery } from '@tanstack/react-query';
import { fetchAdminSports } from '../../../../api/admin-betting-calls';
import '../../../../styles/admin-exchange.css';

/**
 * Sports set-up for role admin and super admin (SPEC.md sections 2 and 6): sports, series,
 * matches, the markets and fancies of a match with their settings and status, and the news line.
 * One file per page (setup/); this is what they share.
 */

export const LIST_FAILED = 'The list could not be loaded';

/** A sport's name from its id, for the series and matches pages' titles. */
export function SportName({ sportId }: { sportId: string }) {
  const sports = useQuery({ queryKey: ['admin-sports'], queryFn: fetchAdminSports, staleTime: 60_000 });
  const name = sports.data?.data.find((s) => String(s.id) === sportId)?.name;
  return <>{name ?? `Sport ${sportId}`}</>;
}
