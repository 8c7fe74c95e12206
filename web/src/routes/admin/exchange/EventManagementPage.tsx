import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { MarketStatus } from '@exch/contracts';
import { declareResult, fetchEventManagement, revokeResult, setMarketStatus, voidMarket, type EventMarket } from '../../../api/admin-betting-calls';
import { errorMessage } from '../../../api/error-message';
import { useProfile } from '../../../api/profile-query';
import { hasPrivilege } from '../../../auth/privileges';
import { canManageSports } from '../../../auth/session-rules';
import { NotAvailableCard } from '../../../ui/NotAvailableCard';
import { showErrorToast, showSuccessToast } from '../../../ui/toasts';
import { usePageTitle } from '../../../ui/use-page-title';
import { marketTitle, marketTypeLabel } from './format';
import '../../../styles/admin-exchange.css';

type View = 'open' | 'settled';

const STATUSES: MarketStatus[] = ['ACTIVE', 'SUSPENDED', 'CLOSED'];

/** What a settled market's result reads as. */
export function resultText(m: Pick<EventMarket, 'result' | 'section' | 'kind'>): string {
  if (m.result === null) return '-';
  if (m.result.void) return 'Void';
  if (m.result.runs !== undefined) return `${m.result.runs} runs`;
  return m.section.find((s) => s.sid === m.result?.selectionId)?.nat ?? `Selection ${m.result.selectionId}`;
}

/**
 * Event management (SPEC.md section 2): markets that are open or closed awaiting a result, and
 * settled ones. Declare the winner (runner) or the runs (fancy), void, revoke a result, and switch
 * a market between ACTIVE, SUSPENDED and CLOSED. Every step that moves money is confirmed first.
 */
export function EventManagementPage() {
  const { data: me } = useProfile('admin');
  if (me && !(canManageSports(me.role.slug) && hasPrivilege(me, 'manage-markets'))) {
    return (
      <NotAvailableCard title="Not available for your role">
        Results, voids and market statuses are managed by Admin and SuperMaster accounts. Your downline&apos;s bets are under Unsettled bets.
      </NotAvailableCard>
    );
  }
  return <EventManagement />;
}

function EventManagement() {
  usePageTitle('Event management');
  const [view, setView] = useState<View>('open');
  const [search, setSearch] = useState('');
  const markets = useQuery({
    queryKey: ['event-management', view],
    queryFn: () => fetchEventManagement(view),
    refetchInterval: 10_000,
    retry: false,
  });

  const groups = useMemo(() => {
    const s = search.trim().toLowerCase();
    const list = (markets.data?.data ?? []).filter((m) => s === '' || m.matchName.toLowerCase().includes(s) || m.marketName.toLowerCase().includes(s));
    const byMatch = new Map<string, EventMarket[]>();
    for (const m of list) byMatch.set(m.matchId, [...(byMatch.get(m.matchId) ?? []), m]);
    return [...byMatch.values()];
  }, [markets.data, search]);

  return (
    <section className="card table-card ax-events">
      <header className="card-head">
        <h1>Event management</h1>
      </header>
      <div className="ax-tabs" role="tablist" aria-label="Markets">
        <button type="button" role="tab" aria-selected={view === 'open'} className={view === 'open' ? 'active' : undefined} onClick={() => setView('open')}>
          Open
        </button>
        <button type="button" role="tab" aria-selected={view === 'settled'} className={view === 'settled' ? 'active' : undefined} onClick={() => setView('settled')}>
          Settled
        </button>
      </div>
      <div className="toolbar">
        <label className="search-box">
          <span className="visually-hidden">Search match or market</span>
          <input type="search" name="search" placeholder="Search match or market" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <span className="muted ax-hint">{view === 'open' ? 'Open markets and closed ones waiting for a result' : 'Markets with a declared result or voided'}</span>
      </div>

      {groups.length === 0 && <p className="muted ax-empty">{markets.isPending ? 'Loading...' : markets.isError ? 'The markets could not be loaded' : 'No Data Found'}</p>}
      {groups.map((list) => {
        const first = list[0]!;
        return (
          <article key={first.matchId} className="ax-event-group" data-match-id={first.matchId}>
            <header>
              <Link to="/admin/odds/$sportId/$matchId" params={{ sportId: String(first.sportId), matchId: first.matchId }} className="ax-event-link">
                {first.matchName}
              </Link>
              <span className="muted">
                {list.length} market{list.length === 1 ? '' : 's'}
              </span>
            </header>
            <div className="table-wrap">
              <table className="data-table stack-table ax-event-table">
                <thead>
                  <tr>
                    <th>Market</th>
                    <th className="num">Bets</th>
                    <th>Status</th>
                    <th>{view === 'open' ? 'Result' : 'Declared'}</th>
                    <th className="actions-head">Action</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((m) => (view === 'open' ? <OpenMarketRow key={m.marketId} market={m} /> : <SettledMarketRow key={m.marketId} market={m} />))}
                </tbody>
              </table>
            </div>
          </article>
        );
      })}
    </section>
  );
}

/** The first two cells of both row kinds: the market with its type, and its bet count. */
function MarketCells({ market }: { market: EventMarket }) {
  return (
    <>
      <td data-label="Market" className="strong-cell">
        <div className="ax-cell-stack">
          <span>{marketTitle(market.marketName)}</span>
          <span className="muted ax-sub">{marketTypeLabel(market.marketType)}</span>
        </div>
      </td>
      <td data-label="Bets" className="num">
        {market.betCount}
      </td>
    </>
  );
}

function useMarketAction() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async (confirmText: string | null, call: () => Promise<{ message: string }>): Promise<void> => {
    if (confirmText !== null && !window.confirm(confirmText)) return;
    setBusy(true);
    try {
      const answer = await call();
      showSuccessToast(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['event-management'] });
    } catch (e) {
      showErrorToast(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

function OpenMarketRow({ market }: { market: EventMarket }) {
  const { busy, run } = useMarketAction();
  const fancy = market.kind === 'fancy';
  const [winner, setWinner] = useState('');
  const [runs, setRuns] = useState('');
  const name = marketTitle(market.marketName);

  const declare = (): void => {
    if (fancy) {
      if (!/^\d+$/.test(runs.trim())) return showErrorToast('Enter the runs as a whole number');
      const n = Number(runs.trim());
      void run(`Declare ${n} runs for ${name}? Bets are settled at once.`, () => declareResult(market.marketId, { runs: n }));
    } else {
      const runner = market.section.find((s) => String(s.sid) === winner);
      if (!runner) return showErrorToast('Choose the winner');
      void run(`Declare ${runner.nat} the winner of ${name}? Bets are settled at once.`, () => declareResult(market.marketId, { selectionId: runner.sid }));
    }
  };

  return (
    <tr data-market-id={market.marketId}>
      <MarketCells market={market} />
      <td data-label="Status">
        <div className="ax-segmented" role="group" aria-label={`Status of ${name}`}>
          {STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={market.status === s}
              className={market.status === s ? `active ax-seg-${s.toLowerCase()}` : undefined}
              disabled={busy || market.status === s}
              onClick={() => void run(s === 'CLOSED' ? `Close ${name}? No more bets are taken.` : null, () => setMarketStatus(market.marketId, s))}
            >
              {s}
            </button>
          ))}
        </div>
      </td>
      <td data-label="Result">
        <div className="ax-declare">
          {fancy ? (
            <input name="runs" inputMode="numeric" placeholder="Runs" aria-label={`Runs for ${name}`} value={runs} onChange={(e) => setRuns(e.target.value)} />
          ) : (
            <select name="winner" aria-label={`Winner of ${name}`} value={winner} onChange={(e) => setWinner(e.target.value)}>
              <option value="">Winner...</option>
              {market.section.map((s) => (
                <option key={s.sid} value={s.sid}>
                  {s.nat}
                </option>
              ))}
            </select>
          )}
          <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={declare}>
            Declare
          </button>
        </div>
      </td>
      <td data-label="Action" className="actions-cell">
        <button type="button" className="btn btn-sm btn-outline ax-void" disabled={busy} onClick={() => void run(`Void ${name}? Every bet on it is returned.`, () => voidMarket(market.marketId))}>
          Void
        </button>
      </td>
    </tr>
  );
}

function SettledMarketRow({ market }: { market: EventMarket }) {
  const { busy, run } = useMarketAction();
  const name = marketTitle(market.marketName);
  return (
    <tr data-market-id={market.marketId}>
      <MarketCells market={market} />
      <td data-label="Status">
        <span className="state-badge state-off">{market.status}</span>
      </td>
      <td data-label="Declared" className="strong-cell">
        {resultText(market)}
      </td>
      <td data-label="Action" className="actions-cell">
        <button type="button" className="btn btn-sm btn-danger" disabled={busy} onClick={() => void run(`Revoke the result of ${name}? Its settlement is reversed and the bets are open again.`, () => revokeResult(market.marketId))}>
          Revoke
        </button>
      </td>
    </tr>
  );
}
