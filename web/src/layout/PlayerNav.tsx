import { Link } from '@tanstack/react-router';
import { ALL_CASINO_CATEGORY } from '../casino/casino-categories';
import { SPORT_IDS, SPORT_NAME } from '../sports/sports';

/** The sports and casino strip under the header; it scrolls sideways on a phone. */
export function PlayerNav() {
  return (
    <nav className="mainnav" aria-label="Main">
      <Link to="/" className="mainnav-item" activeProps={{ className: 'active' }} activeOptions={{ exact: true }}>
        Home
      </Link>
      {SPORT_IDS.map((sport) => (
        <Link
          key={sport}
          to="/home"
          search={{ sport }}
          className="mainnav-item"
          activeProps={{ className: 'active' }}
          activeOptions={{ includeSearch: true }}
        >
          {SPORT_NAME[sport]}
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
