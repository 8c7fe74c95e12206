import { Link } from '@tanstack/react-router';
import type { RoleSlug } from '@exch/contracts';
import { canManageSports } from '../auth/session-rules';
import { ADMIN_NAV_GROUPS } from './admin-nav-groups';

interface AdminNavProps {
  role: RoleSlug | undefined;
  open: boolean;
  onNavigate: () => void;
}

/** Grouped back-office menu: a sidebar on wide screens, a drawer opened from the header on a phone. */
export function AdminNav({ role, open, onNavigate }: AdminNavProps) {
  const mayManageSports = role !== undefined && canManageSports(role);
  return (
    <nav className={open ? 'sidenav open' : 'sidenav'} aria-label="Back office">
      {ADMIN_NAV_GROUPS.map((group) => {
        const items = group.items.filter((item) => !item.adminOnly || mayManageSports);
        if (items.length === 0) return null;
        return (
          <details key={group.title} className="sidenav-group" open>
            <summary>{group.title}</summary>
            {items.map((item) => (
              <Link
                key={item.label}
                to={item.to}
                className="sidenav-item"
                activeProps={{ className: 'active' }}
                activeOptions={{ exact: true }}
                onClick={onNavigate}
              >
                {item.label}
              </Link>
            ))}
          </details>
        );
      })}
    </nav>
  );
}
