import type { LiveStatus, MarketDto, MarketKind, PriceDto, SectionDto } from '@exch/contracts';

/** A clicked back/lay (Yes/No) cell: what the Place Bet panel opens with. */
export interface BetPick {
  marketId: string;
  kind: MarketKind;
  /** Runner selection id; 0 for a fancy. */
  sid: number;
  /** The runner's name, or the fancy's. */
  name: string;
  side: 'back' | 'lay';
  /** The price clicked: decimal odds, bookmaker rate or fancy run line. */
  odds: number;
  /** Fancy rate; null otherwise. */
  volume: number | null;
}

/** The levels of one side, best first. */
export const sideLevels = (section: SectionDto, side: 'back' | 'lay'): PriceDto[] =>
  section.odds.filter((p) => p.otype === side).sort((a, b) => a.tno - b.tno);

export const bestPrice = (section: SectionDto | undefined, side: 'back' | 'lay'): PriceDto | null =>
  section ? (sideLevels(section, side)[0] ?? null) : null;

/** Why a runner or fancy takes no bets now: null when open; else the overlay's words (SPEC.md section 4). */
export function closedReason(market: Pick<MarketDto, 'status'>, section: Pick<SectionDto, 'gstatus'>): string | null {
  if (
    market.status === 'CLOSED' ||
    market.status === 'SETTLED' ||
    section.gstatus === 'CLOSED' ||
    section.gstatus === 'SETTLED'
  )
    return 'Closed';
  if (market.status === 'SUSPENDED') return 'Suspended';
  const status: LiveStatus = section.gstatus;
  if (status === 'Ball Running') return 'Ball Running';
  if (status === 'REMOVED') return 'Non-runner';
  if (status !== 'ACTIVE') return 'Suspended';
  return null;
}

/** SPEC.md section 4: a cell with zero price or size, or on a suspended runner, opens nothing. Bookmaker sizes are always 0. */
export function canPick(market: MarketDto, section: SectionDto, price: PriceDto | null | undefined): price is PriceDto {
  if (!price || closedReason(market, section) !== null) return false;
  if (!(price.odds > 0)) return false;
  return market.kind === 'bookmaker' || price.size > 0;
}
