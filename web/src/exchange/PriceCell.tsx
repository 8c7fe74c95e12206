import { memo } from 'react';
import { abbreviate } from './format';
import { useFlash } from './use-flash';

interface PriceCellProps {
  side: 'back' | 'lay';
  /** The price as shown (odds, rate or run line), or null for an empty level. */
  price: string | null;
  /** Second line: size available, or a fancy's rate; null for none (bookmaker). */
  size: number | null;
  /** The best level of its side (stronger colour). */
  best: boolean;
  /** Absent: the cell cannot be clicked (no price, suspended, or not a player). */
  onPick?: (() => void) | undefined;
  selected?: boolean;
  label?: string;
  /** Fancy rates are shown as they are (and are part of the price); sizes are abbreviated. */
  rawSize?: boolean;
}

/**
 * One back (blue) or lay (pink) price with its size; flashes for 500 ms when the price changes
 * (SPEC.md section 4): the odds, or a fancy's line or rate. Sizes alone change all the time and do not flash.
 */
export const PriceCell = memo(function PriceCell({
  side,
  price,
  size,
  best,
  onPick,
  selected = false,
  label,
  rawSize = false,
}: PriceCellProps) {
  const flashing = useFlash(rawSize ? `${price ?? ''}|${size ?? ''}` : (price ?? ''));
  const className = [
    'price-cell',
    side,
    best ? 'best' : 'depth',
    flashing ? 'flash' : '',
    selected ? 'selected' : '',
    onPick ? 'clickable' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const content = (
    <>
      <span className="price-odds">{price ?? (best ? '-' : '')}</span>
      {size !== null && price !== null && <span className="price-size">{rawSize ? size : abbreviate(size)}</span>}
    </>
  );
  if (!onPick) {
    return (
      <div className={className} data-side={side}>
        {content}
      </div>
    );
  }
  return (
    <button type="button" className={className} data-side={side} onClick={onPick} aria-label={label}>
      {content}
    </button>
  );
});
