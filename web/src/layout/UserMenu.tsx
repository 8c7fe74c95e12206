import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from '@tanstack/react-router';

/** The player's own pages, as the user menu lists them. */
const MENU_LINKS = [
  { to: '/deposit', label: 'Deposit' },
  { to: '/withdraw', label: 'Withdraw' },
  { to: '/accountstatement', label: 'Account statement' },
  { to: '/profitloss', label: 'Profit & Loss' },
  { to: '/bethistory', label: 'Bet history' },
  { to: '/unsettledbet', label: 'Unsettled bets' },
  { to: '/button-values', label: 'Button values' },
  { to: '/changepassword', label: 'Change password' },
  { to: '/activity-log', label: 'Activity log' },
  { to: '/settings/security-auth', label: 'Security' },
  { to: '/rules', label: 'Rules' },
] as const;

interface UserMenuProps {
  username: string;
  onLogout: () => Promise<void>;
}

export function UserMenu({ username, onLogout }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const pathname = useLocation({ select: (l) => l.pathname });

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent): void => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={box}>
      <button
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span className="user-menu-name">{username}</span>
        <span className="caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <div className="user-menu-list" role="menu">
          {MENU_LINKS.map((item) => (
            <Link key={item.to} to={item.to} role="menuitem" className="user-menu-item">
              {item.label}
            </Link>
          ))}
          <button
            type="button"
            role="menuitem"
            className="user-menu-item user-menu-logout"
            onClick={() => void onLogout()}
          >
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
