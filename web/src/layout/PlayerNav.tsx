import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { fetchAllowedSports } from '../api/betting-calls';
import { ALL_CASINO_CATEGORY } from '../casino/casino-categories';
import { SPORT_IDS, SPORT_NAME, isSportId } from '../sports/sports';

/** A feed's catalogue changes slowly: a new sport (darts on a Betfair feed) shows within this. */
const SPORTS_REFRESH_MS = 5 * 60_000;

/**
 * The sports and casino strip under the header; it scrolls sideways on a phone. The product's own
 * sports always, then any other sport the feed lists now, under its catalogue name.
 */
export function PlayerNav() {
  const allowed = useQuery({
    queryKey: ['sports-allowed'],
    queryFn: async () => (await fetchAllowedSports('user')).sports,
    refetchInterval: SPORTS_REFRESH_MS,
  });
  const sports = [
    ...SPORT_IDS.map((id) => ({ id: id as number, name: SPORT_NAME[id] as string })),
    ...(allowed.data ?? []).filter((s) => !isSportId(s.id)),
  ];
  return (
    <nav className="mainnav" aria-label="Main">
      <Link to="/" className="mainnav-item" activeProps={{ className: 'active' }} activeOptions={{ exact: true }}>
        Home
      </Link>
      {sports.map((sport) => (
        <Link
          key={sport.id}
          to="/home"
          search={{ sport: sport.id }}
          className="mainnav-item"
          activeProps={{ className: 'active' }}
          activeOptions={{ includeSearch: true }}
        >
          {sport.name}
        </Link>
      ))}
      <Link
        to="/casino-in/$type"
        params={{ type: 'live-dmd' }}
        className="mainnav-item"
        activeProps={{ className: 'active' }}
      >
        Casino
      </Link>
      <Link
        to="/casino-list/LC/4/$categoryId"
        params={{ categoryId: ALL_CASINO_CATEGORY }}
        className="mainnav-item"
        activeProps={{ className: 'active' }}
      >
        Live Casino
      </Link>
      <Link to="/casino/international" className="mainnav-item" activeProps={{ className: 'active' }}>
        Int. Casino
      </Link>
    </nav>
  );
}
