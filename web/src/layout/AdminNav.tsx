import { Link } from '@tanstack/react-router';
import type { UserDto } from '@exch/contracts';
import { hasPrivilege } from '../auth/privileges';
import { canManageSports, isTopAccount } from '../auth/session-rules';
import { usePendingCounts } from '../payments/use-pending-counts';
import { ADMIN_NAV_GROUPS } from './admin-nav-groups';

interface AdminNavProps {
  user: UserDto | undefined;
  open: boolean;
  onNavigate: () => void;
}

/**
 * Grouped back-office menu: a sidebar on wide screens, a drawer opened from the header on a phone.
 * Entries the role or a restricted sub-login may not use are left out.
 */
export function AdminNav({ user, open, onNavigate }: AdminNavProps) {
  const mayManageSports = user !== undefined && canManageSports(user.role.slug);
  const top = user !== undefined && isTopAccount(user);
  const pending = usePendingCounts(user !== undefined && hasPrivilege(user, 'payment-requests'));
  return (
    <nav className={open ? 'sidenav open' : 'sidenav'} aria-label="Back office">
      {ADMIN_NAV_GROUPS.map((group) => {
        const items = group.items.filter(
          (item) =>
            (!item.adminOnly || mayManageSports) &&
            (!item.topOnly || top) &&
            (item.privilege === undefined || user === undefined || hasPrivilege(user, item.privilege)),
        );
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
                {item.pending && pending !== undefined && pending[item.pending] > 0 && (
                  <span
                    className="count-pill"
                    data-testid={`pending-${item.pending}`}
                    aria-label={`${pending[item.pending]} pending`}
                  >
                    {pending[item.pending]}
                  </span>
                )}
              </Link>
            ))}
          </details>
        );
      })}
    </nav>
  );
}
