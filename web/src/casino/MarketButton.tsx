import type { ReactNode } from 'react';
import type { CasinoMarketDto, CasinoOutcome } from '@exch/contracts';

interface MarketButtonProps {
  market: CasinoMarketDto;
  /** The market's outcome once the round has settled. */
  got: CasinoOutcome | undefined;
  suspended: boolean;
  open: boolean;
  selected: number | null;
  /** Absent for the back office: nothing to click. */
  onPick?: ((market: CasinoMarketDto) => void) | undefined;
  className?: string;
  children: ReactNode;
}

/**
 * One market to back: a button while the player may pick it (a div in the back office), lit when it
 * won or was returned. The market groups and the roulette board both lay these out. A suspended
 * table's markets stay clickable, so that a pick says why it is refused.
 */
export function MarketButton({
  market,
  got,
  suspended,
  open,
  selected,
  onPick,
  className = '',
  children,
}: MarketButtonProps) {
  const classes = [
    'casino-market',
    className,
    selected === market.sid ? 'selected' : '',
    got === 'win' || got === 'half-win' ? 'won' : '',
    got === 'push' ? 'push' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return onPick ? (
    <button
      type="button"
      className={classes}
      data-sid={market.sid}
      disabled={!open && !suspended}
      onClick={() => onPick(market)}
      aria-label={`${market.nat} at ${market.odds.toFixed(2)}`}
    >
      {children}
    </button>
  ) : (
    <div className={classes} data-sid={market.sid}>
      {children}
    </div>
  );
}
