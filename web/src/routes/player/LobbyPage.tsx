import { Link, useSearch } from '@tanstack/react-router';
import { useProfile } from '../../api/profile-query';
import { SPORT_NAME } from '../../sports/sports';
import { usePageTitle } from '../../ui/use-page-title';
import { WalletStats } from '../../ui/WalletStats';

/** The home lobby: for now a welcome card with the wallet; the sports lobby fills this page in a later issue. */
export function LobbyPage() {
  const { data: user } = useProfile('user');
  const sport = useSearch({ strict: false, select: (search) => search.sport });
  const sportName = sport === undefined ? null : SPORT_NAME[sport];
  usePageTitle(sportName ?? 'Home');

  return (
    <>
      <section className="card welcome-card">
        <header className="card-head">
          <h1>Welcome{user ? `, ${user.fullName || user.username}` : ''}</h1>
        </header>
        {user && (
          <dl className="stat-grid">
            <WalletStats wallet={user.balance} />
          </dl>
        )}
        <div className="quick-links">
          <Link to="/deposit" className="btn btn-success">
            Deposit
          </Link>
          <Link to="/withdraw" className="btn btn-danger">
            Withdraw
          </Link>
          <Link to="/accountstatement" className="btn btn-outline">
            Account statement
          </Link>
        </div>
      </section>
      <section className="card coming-card">
        <header className="card-head">
          <h2>{sportName ? `${sportName} matches` : 'Sports lobby'}</h2>
          <span className="badge">Coming soon</span>
        </header>
        <p className="muted">
          {sportName
            ? `In-play and upcoming ${sportName.toLowerCase()} matches with live back and lay prices will be listed here.`
            : 'In-play and upcoming cricket, football and tennis matches with live back and lay prices will be listed here.'}
        </p>
      </section>
    </>
  );
}
