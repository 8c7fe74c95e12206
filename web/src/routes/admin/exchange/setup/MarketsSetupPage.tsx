import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import type { MarketDto, MarketStatus } from '@exch/contracts';
import { fetchAdminMarkets, setMarketStatus } from '../../../../api/admin-betting-calls';
import { errorMessage } from '../../../../api/error-message';
import { DataTable } from '../../../../ui/DataTable';
import { showErrorToast, showSuccessToast } from '../../../../ui/toasts';
import { usePageTitle } from '../../../../ui/use-page-title';
import { HousePriceModal } from '../HousePriceModal';
import '../../../../styles/admin-exchange.css';
import { marketSetupColumns } from './market-setup-columns';
import { MarketSettingsModal } from './MarketSettingsModal';
import { LIST_FAILED } from './shared';

/** active-markets/{matchId} (match odds and bookmaker) and active-fancies/{matchId}: settings and status per market. */
export function MarketsSetupPage({ fancies }: { fancies: boolean }) {
  const { matchId } = useParams({ strict: false }) as { matchId: string };
  const title = fancies ? 'Active fancies' : 'Active markets';
  usePageTitle(title);
  const queryClient = useQueryClient();
  const markets = useQuery({
    queryKey: ['admin-markets', matchId],
    queryFn: () => fetchAdminMarkets(matchId),
    refetchInterval: 15_000,
  });
  const rows = (markets.data?.data ?? []).filter((m) => (fancies ? m.kind === 'fancy' : m.kind !== 'fancy'));
  const [editing, setEditing] = useState<MarketDto | null>(null);
  const [pricing, setPricing] = useState<MarketDto | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const changeStatus = async (m: MarketDto, status: MarketStatus): Promise<void> => {
    setBusy(m.marketId);
    try {
      const answer = await setMarketStatus(m.marketId, status);
      showSuccessToast(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['admin-markets', matchId] });
    } catch (e) {
      showErrorToast(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card table-card">
      <header className="card-head">
        <h1>{title}</h1>
        <div className="ax-link-row">
          <Link
            to={fancies ? '/admin/active-markets/$matchId' : '/admin/active-fancies/$matchId'}
            params={{ matchId }}
            className="btn btn-sm ax-head-btn"
          >
            {fancies ? 'Markets' : 'Fancies'}
          </Link>
          <Link to="/admin/odds/$sportId/$matchId" params={{ sportId: '4', matchId }} className="btn btn-sm btn-accent">
            Odds page
          </Link>
        </div>
      </header>
      <p className="muted ax-sub-title">
        Match <span className="mono">{matchId}</span>
      </p>
      <DataTable
        columns={marketSetupColumns({
          fancies,
          busy,
          onStatus: (m, status) => void changeStatus(m, status),
          onEdit: setEditing,
          onPrice: setPricing,
        })}
        rows={rows}
        rowKey={(m) => m.marketId}
        rowProps={(m) => ({ 'data-market-id': m.marketId })}
        // The list refreshes every 15 s: no fade each time.
        query={{ ...markets, isFetching: false }}
        className="ax-setup-table"
        empty={fancies ? 'No fancies for this match' : 'No markets for this match'}
        failed={LIST_FAILED}
      />
      {pricing !== null && (
        <HousePriceModal
          market={pricing}
          onClose={() => setPricing(null)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: ['admin-markets', matchId] })}
        />
      )}
      {editing !== null && (
        <MarketSettingsModal
          market={editing}
          onClose={() => setEditing(null)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: ['admin-markets', matchId] })}
        />
      )}
    </section>
  );
}
