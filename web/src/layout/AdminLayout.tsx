import { Suspense, useState } from 'react';
import { Link, Outlet } from '@tanstack/react-router';
import { ROLE_NAME } from '@exch/contracts';
import { betOddsText, betSideName } from '../exchange/bet-text';
import { useLiveEvent } from '../live/use-live';
import { tapeAction } from '../risk/tape-filter';
import { BRAND_NAME } from '../ui/brand';
import { formatRupees } from '../ui/money';
import { showSuccessToast } from '../ui/toasts';
import { AdminNav } from './AdminNav';
import { useLiveSession } from './use-live-session';

export function AdminLayout() {
  const { user, logout } = useLiveSession('admin');
  const [menuOpen, setMenuOpen] = useState(false);
  // A watched account's bet reaches its watchers on any back-office page (the risk desk's watch list).
  useLiveEvent('admin', 'watchedBet', (t) =>
    showSuccessToast(
      `Watched ${t.bet.user_info.username}: ${
        t.bet_type === 'sports'
          ? `${betSideName(t.bet)} ${t.bet.selection_name} at ${betOddsText(t.bet)}`
          : `${t.bet.selection_name} on ${t.bet.table_name}`
      }, ${formatRupees(t.bet.stake)} (${tapeAction(t)})`,
    ),
  );
  return (
    <div className="app admin-app">
      <header className="topbar">
        <button
          type="button"
          className="menu-toggle"
          aria-label="Menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          ☰
        </button>
        <Link to="/admin" className="logo">
          {BRAND_NAME}
        </Link>
        <span className="logo-tag desktop-only">Back office</span>
        {user && (
          <div className="wallet">
            <span className="wallet-item">
              <b className="wallet-user" data-testid="admin-header-username">
                {user.username}
              </b>{' '}
              <span className="role-badge">{ROLE_NAME[user.role.slug]}</span>
            </span>
            <span className="wallet-item">
              <span className="wallet-label">Balance</span> <b>{formatRupees(user.balance.balance)}</b>
            </span>
          </div>
        )}
        <div className="topbar-actions">
          <button type="button" className="btn btn-accent btn-sm" onClick={() => void logout()}>
            Logout
          </button>
        </div>
      </header>
      <div className="admin-body">
        <AdminNav user={user} open={menuOpen} onNavigate={() => setMenuOpen(false)} />
        <main className="page">
          <Suspense fallback={<p className="muted page-loading">Loading…</p>}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
