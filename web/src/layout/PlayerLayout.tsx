import { Outlet } from '@tanstack/react-router';
import { NewsLine } from './NewsLine';
import { PlayerHeader } from './PlayerHeader';
import { PlayerNav } from './PlayerNav';
import { useLiveSession } from './use-live-session';

export function PlayerLayout() {
  const { user, logout } = useLiveSession('user');
  return (
    <div className="app">
      <PlayerHeader user={user} onLogout={logout} />
      <PlayerNav />
      <NewsLine />
      <main className="page">
        <Outlet />
      </main>
    </div>
  );
}
