import type { ReactNode } from 'react';
import { useProfile } from '../../api/profile-query';
import { hasPrivilege, type Privilege } from '../../auth/privileges';
import { NotAvailableCard } from '../../ui/NotAvailableCard';

/** A page a restricted sub-login lacks the privilege for says so, instead of calling a route the server refuses. */
export function RequirePrivilege({ privilege, children }: { privilege: Privilege; children: ReactNode }) {
  const { data: user } = useProfile('admin');
  if (user === undefined || hasPrivilege(user, privilege)) return <>{children}</>;
  return (
    <NotAvailableCard title="Not available for your login">
      Your login does not have the privilege for this page. Ask the account that manages your logins (Multi login) to
      grant it.
    </NotAvailableCard>
  );
}
