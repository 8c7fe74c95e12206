import { Link } from '@tanstack/react-router';
import type { UserDto } from '@exch/contracts';
import { BRAND_NAME } from '../ui/brand';
import { formatRupees } from '../ui/money';
import { UserMenu } from './UserMenu';

interface PlayerHeaderProps {
  user: UserDto | undefined;
  onLogout: () => Promise<void>;
}

/** Logo, wallet and user menu; on a phone the wallet takes a second line of its own. */
export function PlayerHeader({ user, onLogout }: PlayerHeaderProps) {
  return (
    <header className="topbar">
      <Link to="/" className="logo">
        {BRAND_NAME}
      </Link>
      {user && (
        <div className="wallet" aria-label="Wallet">
          <span className="wallet-item">
            <span className="wallet-label">Balance</span>{' '}
            <b data-testid="header-balance">{formatRupees(user.balance.balance)}</b>
          </span>
          <span className="wallet-item">
            <span className="wallet-label">Exposure</span>{' '}
            <b data-testid="header-exposure">{formatRupees(user.balance.exposer)}</b>
          </span>
          {user.balance.held > 0 && (
            <span className="wallet-item" title="Pending withdrawals: already out of the balance">
              <span className="wallet-label">Held</span>{' '}
              <b data-testid="header-held">{formatRupees(user.balance.held)}</b>
            </span>
          )}
        </div>
      )}
      <div className="topbar-actions">
        <Link to="/deposit" className="btn btn-success btn-sm desktop-only">
          Deposit
        </Link>
        <Link to="/withdraw" className="btn btn-danger btn-sm desktop-only">
          Withdraw
        </Link>
        <UserMenu username={user?.username ?? ''} onLogout={onLogout} />
      </div>
    </header>
  );
}
