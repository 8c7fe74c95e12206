import { memo, type ReactNode } from 'react';
import type { MarketDto } from '@exch/contracts';
import { abbreviate, formatOdds, marketTitle } from './format';
import { bestPrice, canPick, closedReason, type BetPick } from './pick';
import { PriceCell } from './PriceCell';

interface FancyMarketsProps {
  /** Fancy markets of one match (kind 'fancy'), each with its one No/Yes line. */
  markets: readonly MarketDto[];
  onPick?: ((pick: BetPick) => void) | undefined;
  selected?: { marketId: string; side: 'back' | 'lay' } | null | undefined;
  /** Extra controls per fancy row (the back office's Run Position, Bet Lock). */
  rowActions?: ((market: MarketDto) => ReactNode) | undefined;
}

const groupTitle = (type: string | null): string => (type === null || type === 'Normal' ? 'Fancy' : marketTitle(type));

/**
 * Fancy (session) markets in the No/Yes layout of SPEC.md section 2: No (lay, pink) then Yes
 * (back, blue), each a run line over its rate; grouped by fancy type and split in two halves on
 * desktop.
 */
export function FancyMarkets({ markets, onPick, selected, rowActions }: FancyMarketsProps) {
  const groups = new Map<string, MarketDto[]>();
  for (const m of markets) {
    const title = groupTitle(m.fancyType);
    groups.set(title, [...(groups.get(title) ?? []), m]);
  }
  return (
    <>
      {[...groups].map(([title, list]) => {
        const half = Math.ceil(list.length / 2);
        const columns = list.length > 1 ? [list.slice(0, half), list.slice(half)] : [list];
        return (
          <section key={title} className="market-card fancy-market" aria-label={title}>
            <header className="market-head">
              <h2>{title}</h2>
            </header>
            <div className={columns.length > 1 ? 'fancy-columns split' : 'fancy-columns'}>
              {columns.map((column, i) => (
                <div key={i} className="fancy-column">
                  <div className="fancy-row fancy-head">
                    <div className="fancy-name" />
                    <div className="fancy-cells">
                      <span className="side-label lay">No</span>
                      <span className="side-label back">Yes</span>
                    </div>
                    <span className="fancy-limits-head" />
                  </div>
                  {column.map((m) => (
                    <FancyRow
                      key={m.marketId}
                      market={m}
                      onPick={onPick}
                      selectedSide={selected?.marketId === m.marketId ? selected.side : null}
                      actions={rowActions?.(m)}
                    />
                  ))}
                </div>
              ))}
            </div>
          </section>
        );
      })}
    </>
  );
}

interface FancyRowProps {
  market: MarketDto;
  onPick: ((pick: BetPick) => void) | undefined;
  selectedSide: 'back' | 'lay' | null;
  actions: ReactNode;
}

const FancyRow = memo(function FancyRow({ market, onPick, selectedSide, actions }: FancyRowProps) {
  const line = market.section[0];
  if (!line) return null;
  const no = bestPrice(line, 'lay');
  const yes = bestPrice(line, 'back');
  const closed = closedReason(market, line);

  const cell = (side: 'back' | 'lay') => {
    const price = side === 'lay' ? no : yes;
    const pickable = onPick !== undefined && canPick(market, line, price);
    return (
      <PriceCell
        side={side}
        price={price ? formatOdds('fancy', price.odds) : null}
        size={price ? price.size : null}
        rawSize
        best
        selected={selectedSide === side}
        label={price ? `${side === 'lay' ? 'No' : 'Yes'} ${market.marketName} at ${price.odds}` : undefined}
        onPick={
          pickable
            ? () =>
                onPick({
                  marketId: market.marketId,
                  kind: 'fancy',
                  sid: line.sid,
                  name: market.marketName,
                  side,
                  odds: price.odds,
                  volume: price.size,
                })
            : undefined
        }
      />
    );
  };

  return (
    <div className={closed ? 'fancy-row closed' : 'fancy-row'} data-market-id={market.marketId}>
      <div className="fancy-name">
        <span className="runner-title">{market.marketName}</span>
        {actions}
      </div>
      <div className="fancy-cells">
        {cell('lay')}
        {cell('back')}
        {closed !== null && (
          <div className={`status-overlay ${closed === 'Ball Running' ? 'ball-running' : ''}`} role="status">
            {closed}
          </div>
        )}
      </div>
      <span className="fancy-limits">
        <span>Min: {abbreviate(market.min)}</span>
        <span>Max: {abbreviate(market.max)}</span>
      </span>
    </div>
  );
});
