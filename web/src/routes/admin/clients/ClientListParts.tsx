import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { DownlineResponse, UserDto } from '@exch/contracts';
import { fetchClient } from '../../../api/account-calls';
import { hasPrivilege } from '../../../auth/privileges';
import { formatRupees } from '../../../ui/money';
import { CLIENT_ACTIONS } from './client-actions';

/** The trail from the logged-in account down to the one whose downline is shown. */
export function Breadcrumb({ data, parent }: { data: DownlineResponse | undefined; parent: string }) {
  const trail = data?.breadcrumb ?? [];
  return (
    <nav className="breadcrumb" aria-label="Downline trail">
      <Link to="/admin/list-clients">My clients</Link>
      {trail.slice(1).map((crumb, i, rest) => (
        <span key={crumb._id} className="crumb">
          <span className="crumb-sep" aria-hidden="true">
            ›
          </span>
          {i === rest.length - 1 ? (
            <b aria-current="page">{crumb.username}</b>
          ) : (
            <Link to="/admin/list-clients/$username" params={{ username: crumb.username }}>
              {crumb.username}
            </Link>
          )}
        </span>
      ))}
      {trail.length === 0 && (
        <span className="crumb">
          <span className="crumb-sep" aria-hidden="true">
            ›
          </span>
          <b>{parent}</b>
        </span>
      )}
    </nav>
  );
}

/** The drilled-into account's own figures above its downline. */
export function ParentSummary({ username, role }: { username: string; role: string | undefined }) {
  const client = useQuery({ queryKey: ['client', username], queryFn: () => fetchClient(username), retry: false });
  const c = client.data?.user;
  const item = (label: string, value: ReactNode, className?: string) => (
    <div className={className}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <dl className="param-list parent-summary" aria-label="Account whose downline is shown">
      {item('username', username)}
      {item('role', c?.role.name ?? role ?? '…')}
      {c && item('balance', formatRupees(c.balance))}
      {c && item('credit reference', formatRupees(c.creditReference))}
      {c && item('exposure', formatRupees(c.exposure))}
      {c &&
        item(
          'client p&l',
          formatRupees(c.clientPnl),
          c.clientPnl < 0 ? 'negative' : c.clientPnl > 0 ? 'positive' : undefined,
        )}
    </dl>
  );
}

export function Legend({ me }: { me: UserDto | undefined }) {
  const items: [string, string][] = CLIENT_ACTIONS.filter((a) => hasPrivilege(me, a.privilege)).map((a) => [
    a.short,
    a.legend,
  ]);
  if (hasPrivilege(me, 'account-statement')) items.push(['S', 'Statement']);
  if (hasPrivilege(me, 'create-client')) items.push(['E', 'Edit']);
  if (items.length === 0) return null;
  return (
    <p className="legend muted">
      {items.map(([short, label]) => (
        <span key={short}>
          <b>{short}</b> {label}
        </span>
      ))}
      <span>Click a username with a count to open its downline.</span>
    </p>
  );
}
