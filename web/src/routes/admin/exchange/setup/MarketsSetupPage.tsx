import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import type { MarketDto, MarketStatus } from '@exch/contracts';
import { fetchAdminMarkets, setMarketStatus } from '../../../../api/admin-betting-calls';
import { errorMessage } from '../../../../api/error-message';
import { EmptyRow } from '../../../../ui/EmptyRow';
import { formatRupees } from '../../../../ui/money';
import { showErrorToast, showSuccessToast } from '../../../../ui/toasts';
import { usePageTitle } from '../../../../ui/use-page-title';
import { formatOdds, MARKET_SOURCE_LABEL, marketTitle, marketTypeLabel } from '../format';
import { canPriceByHand, HousePriceModal } from '../HousePriceModal';
import '../../../../styles/admin-exchange.css';
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
      <div className="table-wrap">
        <table className="data-table stack-table ax-setup-table">
          <thead>
            <tr>
              <th>{fancies ? 'Fancy' : 'Market'}</th>
              <th className="num">Min</th>
              <th className="num">Max</th>
              <th className="num">Bet delay</th>
              <th className="num">Commission</th>
              <th>Status</th>
              <th className="actions-head">Settings</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => {
              const settled = m.status === 'SETTLED';
              return (
                <tr key={m.marketId} data-market-id={m.marketId}>
                  <td data-label={fancies ? 'Fancy' : 'Market'} className="strong-cell">
                    <div className="ax-cell-stack">
                      <span>
                        {marketTitle(m.marketName)}
                        {m.manual && (
                          <span className="state-badge ax-manual-badge" title="Priced by hand: the feed is ignored">
                            Manual
                          </span>
                        )}
                      </span>
                      <span className="muted ax-sub">
                        {fancies ? (m.fancyType ?? 'Fancy') : marketTypeLabel(m.marketType)} ·{' '}
                        <span data-testid="market-source">{MARKET_SOURCE_LABEL[m.source]}</span>
                        {fancies && m.section[0] && (
                          <>
                            {' '}
                            · line{' '}
                            {formatOdds(m.section[0].odds.find((o) => o.otype === 'back')?.odds ?? 0, m.marketType)}
                          </>
                        )}
                      </span>
                    </div>
                  </td>
                  <td data-label="Min" className="num">
                    {formatRupees(m.min)}
                  </td>
                  <td data-label="Max" className="num">
                    {formatRupees(m.max)}
                  </td>
                  <td data-label="Bet delay" className="num">
                    {m.betDelaySec} s
                  </td>
                  <td data-label="Commission" className="num">
                    {(m.commissionBp / 100).toFixed(2)}%
                  </td>
                  <td data-label="Status">
                    {settled ? (
                      <span className="state-badge state-off">SETTLED</span>
                    ) : (
                      <select
                        name="status"
                        className="ax-status-select"
                        aria-label={`Status of ${marketTitle(m.marketName)}`}
                        value={m.status}
                        disabled={busy === m.marketId}
                        onChange={(e) => void changeStatus(m, e.target.value as MarketStatus)}
                      >
                        {(['ACTIVE', 'SUSPENDED', 'CLOSED'] as const).map((s) => (
                          <option key={s} value={s}>
                            {s}
                          </option>
                        ))}
                      </select>
                    )}
                  </td>
                  <td data-label="Settings" className="actions-cell">
                    <div className="ax-setup-actions">
                      <button
                        type="button"
                        className="btn btn-sm btn-outline"
                        onClick={() => setEditing(m)}
                        disabled={settled}
                        aria-label={`Settings: ${marketTitle(m.marketName)}`}
                      >
                        Edit
                      </button>
                      {canPriceByHand(m) && (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline"
                          onClick={() => setPricing(m)}
                          aria-label={`Rates by hand: ${marketTitle(m.marketName)}`}
                        >
                          Rates by hand
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
            {rows.length === 0 && (
              <EmptyRow
                span={7}
                query={markets}
                empty={fancies ? 'No fancies for this match' : 'No markets for this match'}
                failed={LIST_FAILED}
              />
            )}
          </tbody>
        </table>
      </div>
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
