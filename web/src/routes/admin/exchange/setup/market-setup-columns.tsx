import type { MarketDto, MarketStatus } from '@exch/contracts';
import { amountColumn, type Column } from '../../../../ui/DataTable';
import { formatOdds, MARKET_SOURCE_LABEL, marketTitle, marketTypeLabel } from '../format';
import { canPriceByHand } from '../HousePriceModal';

interface MarketSetupColumnsProps {
  fancies: boolean;
  /** The market whose status is being changed. */
  busy: string | null;
  onStatus: (m: MarketDto, status: MarketStatus) => void;
  onEdit: (m: MarketDto) => void;
  onPrice: (m: MarketDto) => void;
}

/** A match's markets (or fancies) with their settings, status and the buttons that change them. */
export function marketSetupColumns({
  fancies,
  busy,
  onStatus,
  onEdit,
  onPrice,
}: MarketSetupColumnsProps): Column<MarketDto>[] {
  return [
    {
      id: 'market',
      header: fancies ? 'Fancy' : 'Market',
      cellClassName: 'strong-cell',
      cell: (m) => <MarketName market={m} fancies={fancies} />,
    },
    amountColumn('min', 'Min', (m) => m.min),
    amountColumn('max', 'Max', (m) => m.max),
    { id: 'delay', header: 'Bet delay', className: 'num', cell: (m) => `${m.betDelaySec} s` },
    { id: 'commission', header: 'Commission', className: 'num', cell: (m) => `${(m.commissionBp / 100).toFixed(2)}%` },
    {
      id: 'status',
      header: 'Status',
      cell: (m) =>
        m.status === 'SETTLED' ? (
          <span className="state-badge state-off">SETTLED</span>
        ) : (
          <select
            name="status"
            className="ax-status-select"
            aria-label={`Status of ${marketTitle(m.marketName)}`}
            value={m.status}
            disabled={busy === m.marketId}
            onChange={(e) => onStatus(m, e.target.value as MarketStatus)}
          >
            {(['ACTIVE', 'SUSPENDED', 'CLOSED'] as const).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        ),
    },
    {
      id: 'settings',
      header: 'Settings',
      headClassName: 'actions-head',
      className: 'actions-cell',
      cell: (m) => (
        <div className="ax-setup-actions">
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={() => onEdit(m)}
            disabled={m.status === 'SETTLED'}
            aria-label={`Settings: ${marketTitle(m.marketName)}`}
          >
            Edit
          </button>
          {canPriceByHand(m) && (
            <button
              type="button"
              className="btn btn-sm btn-outline"
              onClick={() => onPrice(m)}
              aria-label={`Rates by hand: ${marketTitle(m.marketName)}`}
            >
              Rates by hand
            </button>
          )}
        </div>
      ),
    },
  ];
}

function MarketName({ market: m, fancies }: { market: MarketDto; fancies: boolean }) {
  return (
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
          <> · line {formatOdds(m.section[0].odds.find((o) => o.otype === 'back')?.odds ?? 0, m.marketType)}</>
        )}
      </span>
    </div>
  );
}
