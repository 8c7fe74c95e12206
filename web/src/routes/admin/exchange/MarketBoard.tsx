import { useEffect, useRef, useState } from 'react';
import type { MarketDto, PriceDto, SectionDto } from '@exch/contracts';
import { abbreviate } from '../../../exchange/format';
import { formatRupees } from '../../../ui/money';
import { formatOdds, ladder, marketTitle } from './format';

/** What a market's buttons open: the page shows the modal. */
export type MarketAction = 'bet-lock' | 'user-book' | 'run-position';

interface BoardProps {
  markets: MarketDto[];
  onAction: (action: MarketAction, market: MarketDto) => void;
  /** Bet Lock is shown to logins allowed to lock betting. */
  mayLock?: boolean;
}

/**
 * The match's markets, read-only for the back office (SPEC.md section 2): Back/Lay tables for match
 * odds and bookmaker, the No/Yes list for fancies split in two halves on desktop. Admin roles cannot
 * open a bet panel; every market carries Bet Lock and User Book, a fancy also Run Position.
 */
export function MarketBoard({ markets, onAction, mayLock = true }: BoardProps) {
  const runnerMarkets = markets.filter((m) => m.kind !== 'fancy');
  const fancies = markets.filter((m) => m.kind === 'fancy');
  const half = Math.ceil(fancies.length / 2);
  return (
    <div className="ax-board">
      {runnerMarkets.map((m) => (
        <RunnerMarket key={m.marketId} market={m} onAction={onAction} mayLock={mayLock} />
      ))}
      {fancies.length > 0 && (
        <section className="ax-market" aria-label="Fancy">
          <header className="ax-market-head">
            <h2>Fancy</h2>
            <span className="ax-market-meta">
              {fancies.length} session market{fancies.length === 1 ? '' : 's'}
            </span>
          </header>
          <div className="ax-fancy-halves">
            {[fancies.slice(0, half), fancies.slice(half)].map((list, i) =>
              list.length === 0 ? null : (
                <table key={i} className="ax-odds ax-fancy-table">
                  <thead>
                    <tr>
                      <th className="ax-name-col">Session</th>
                      <th className="ax-lay-head">No</th>
                      <th className="ax-back-head">Yes</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((m) => (
                      <FancyRow key={m.marketId} market={m} onAction={onAction} mayLock={mayLock} />
                    ))}
                  </tbody>
                </table>
              ),
            )}
          </div>
        </section>
      )}
      {markets.length === 0 && <p className="muted ax-empty">No markets are listed for this match.</p>}
    </div>
  );
}

function StatusBadge({ status }: { status: string }) {
  if (status === 'ACTIVE') return null;
  return (
    <span
      className={`state-badge ${status === 'SUSPENDED' || status === 'Ball Running' ? 'state-locked' : 'state-off'}`}
    >
      {status}
    </span>
  );
}

function MarketButtons({
  market,
  onAction,
  mayLock,
}: {
  market: MarketDto;
  onAction: BoardProps['onAction'];
  mayLock: boolean;
}) {
  const name = marketTitle(market.marketName);
  return (
    <div className="ax-market-buttons">
      {mayLock && (
        <button
          type="button"
          className="btn btn-sm ax-btn-lock"
          aria-label={`Bet Lock: ${name}`}
          onClick={() => onAction('bet-lock', market)}
        >
          Bet Lock
        </button>
      )}
      <button
        type="button"
        className="btn btn-sm btn-outline"
        aria-label={`User Book: ${name}`}
        onClick={() => onAction('user-book', market)}
      >
        User Book
      </button>
      {market.kind === 'fancy' && (
        <button
          type="button"
          className="btn btn-sm btn-outline"
          aria-label={`Run Position: ${name}`}
          onClick={() => onAction('run-position', market)}
        >
          Book
        </button>
      )}
    </div>
  );
}

function RunnerMarket({
  market,
  onAction,
  mayLock,
}: {
  market: MarketDto;
  onAction: BoardProps['onAction'];
  mayLock: boolean;
}) {
  const levels = market.kind === 'bookmaker' ? 1 : 3;
  const marketClosed = market.status !== 'ACTIVE';
  return (
    <section className="ax-market" data-market-id={market.marketId} aria-label={marketTitle(market.marketName)}>
      <header className="ax-market-head">
        <h2>{marketTitle(market.marketName)}</h2>
        <StatusBadge status={market.status} />
        <span className="ax-market-meta">
          Min {formatRupees(market.min)} · Max {formatRupees(market.max)}
        </span>
        <MarketButtons market={market} onAction={onAction} mayLock={mayLock} />
      </header>
      {market.feedStale !== null && (
        <p className="ax-feed-stale ax-market-note" role="status">
          Feed stale: {market.feedStale}
        </p>
      )}
      <table className={`ax-odds ax-levels-${levels}`}>
        <thead>
          <tr>
            <th className="ax-name-col">
              {market.section.length} selection{market.section.length === 1 ? '' : 's'}
            </th>
            {levels === 3 && <th className="ax-deep" />}
            {levels === 3 && <th className="ax-deep" />}
            <th className="ax-back-head">Back</th>
            <th className="ax-lay-head">Lay</th>
            {levels === 3 && <th className="ax-deep" />}
            {levels === 3 && <th className="ax-deep" />}
          </tr>
        </thead>
        <tbody>
          {market.section.map((s) => (
            <RunnerRow
              key={s.sid}
              section={s}
              levels={levels}
              suspended={marketClosed ? market.status : null}
              marketType={market.marketType}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function RunnerRow({
  section,
  levels,
  suspended,
  marketType,
}: {
  section: SectionDto;
  levels: 1 | 3;
  suspended: string | null;
  marketType: string;
}) {
  const { back, lay } = ladder(section);
  const status = suspended ?? (section.gstatus === 'ACTIVE' ? null : section.gstatus);
  const backs = back.slice(0, levels).reverse();
  const lays = lay.slice(0, levels);
  return (
    <tr className={status ? 'ax-row-suspended' : undefined} data-selection={section.sid}>
      <th scope="row" className="ax-name-col">
        {section.nat}
      </th>
      {status !== null ? (
        <td colSpan={levels * 2} className="ax-suspended-cell">
          {status}
        </td>
      ) : (
        <>
          {backs.map((p, i) => (
            <PriceCell key={`b${i}`} price={p} side="back" deep={i < levels - 1} marketType={marketType} />
          ))}
          {lays.map((p, i) => (
            <PriceCell key={`l${i}`} price={p} side="lay" deep={i > 0} marketType={marketType} />
          ))}
        </>
      )}
    </tr>
  );
}

/** One price; flashes for 500 ms when it changes (SPEC.md section 4). */
function PriceCell({
  price,
  side,
  deep,
  marketType,
  sizeAsRate = false,
}: {
  price: PriceDto | null;
  side: 'back' | 'lay';
  deep: boolean;
  marketType: string;
  sizeAsRate?: boolean;
}) {
  const value = price === null ? '' : `${price.odds}:${price.size}`;
  const previous = useRef(value);
  const [flash, setFlash] = useState(false);
  useEffect(() => {
    if (previous.current === value) return;
    previous.current = value;
    setFlash(true);
    const timer = setTimeout(() => setFlash(false), 500);
    return () => clearTimeout(timer);
  }, [value]);
  const className = `ax-price ax-${side}${deep ? ' ax-deep' : ''}${flash ? ' ax-flash' : ''}`;
  if (price === null || price.odds === 0) {
    return (
      <td className={className}>
        <b>-</b>
      </td>
    );
  }
  return (
    <td className={className}>
      <b>{formatOdds(price.odds, marketType)}</b>
      {(price.size !== 0 || sizeAsRate) && <small>{sizeAsRate ? price.size : abbreviate(price.size)}</small>}
    </td>
  );
}

function FancyRow({
  market,
  onAction,
  mayLock,
}: {
  market: MarketDto;
  onAction: BoardProps['onAction'];
  mayLock: boolean;
}) {
  const line = market.section[0];
  const status = market.status !== 'ACTIVE' ? market.status : line && line.gstatus !== 'ACTIVE' ? line.gstatus : null;
  const { back, lay } = line ? ladder(line) : { back: [null], lay: [null] };
  return (
    <tr className={status ? 'ax-row-suspended ax-fancy-row' : 'ax-fancy-row'} data-market-id={market.marketId}>
      <th scope="row" className="ax-name-col">
        <span className="ax-fancy-name">{marketTitle(market.marketName)}</span>
        <span className="ax-market-meta">
          Min {formatRupees(market.min)} · Max {formatRupees(market.max)}
        </span>
        <MarketButtons market={market} onAction={onAction} mayLock={mayLock} />
      </th>
      {status !== null ? (
        <td colSpan={2} className="ax-suspended-cell">
          {status}
        </td>
      ) : (
        <>
          <PriceCell price={lay[0] ?? null} side="lay" deep={false} marketType="FANCY" sizeAsRate />
          <PriceCell price={back[0] ?? null} side="back" deep={false} marketType="FANCY" sizeAsRate />
        </>
      )}
    </tr>
  );
}
