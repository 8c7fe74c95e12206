import type { MarketDto, MarketType, SectionDto } from '@exch/contracts';

/** The market types of SPEC.md section 3 in display order, with their tab names. */
export const MARKET_TYPES: { type: MarketType; label: string }[] = [
  { type: 'MATCH_ODDS', label: 'Match Odds' },
  { type: 'Bookmaker', label: 'Bookmaker' },
  { type: 'FANCY', label: 'Fancy' },
];

export const marketTypeLabel = (t: string): string =>
  MARKET_TYPES.find((m) => m.type.toLowerCase() === t.toLowerCase())?.label ?? t.replace(/_/g, ' ');

/** Where a market's prices and state come from, as operators read it. */
export const MARKET_SOURCE_LABEL: Record<MarketDto['source'], string> = {
  feed: 'Exchange feed',
  simulator: 'Simulator',
  manual: 'Manual',
};

/** A market type from a route parameter, loosely: 'fancy', 'FANCY', 'match_odds', 'bookmaker'... */
export const marketTypeFromParam = (p: string | undefined): MarketType | null => {
  if (p === undefined) return null;
  const n = p.toLowerCase().replace(/[-\s]/g, '_');
  return MARKET_TYPES.find((m) => m.type.toLowerCase() === n)?.type ?? null;
};

/** SPEC.md section 2: market titles with underscores replaced by spaces, capitalised. */
export const marketTitle = (name: string): string =>
  name
    .replace(/_/g, ' ')
    .split(' ')
    .map((w) => (w === '' ? w : w[0]!.toUpperCase() + w.slice(1)))
    .join(' ');

/** Fancy-type markets get the No/Yes layout (SPEC.md section 2). */
export const isFancy = (m: Pick<MarketDto, 'kind'>): boolean => m.kind === 'fancy';

/** Odds as shown: match odds as decimal odds to two places, bookmaker rates and fancy runs as they are. */
export const formatOdds = (odds: number, marketType: string = 'MATCH_ODDS'): string =>
  marketType === 'MATCH_ODDS' ? odds.toFixed(2) : String(odds);

/** Up to 3 back prices (best first) and 3 lay prices (best first) of a runner. */
export function ladder(section: SectionDto): {
  back: (SectionDto['odds'][number] | null)[];
  lay: (SectionDto['odds'][number] | null)[];
} {
  const back = section.odds.filter((o) => o.otype === 'back').sort((a, b) => a.tno - b.tno);
  const lay = section.odds.filter((o) => o.otype === 'lay').sort((a, b) => a.tno - b.tno);
  const three = <T>(xs: T[]): (T | null)[] => [0, 1, 2].map((i) => xs[i] ?? null);
  return { back: three(back), lay: three(lay) };
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** datetime-local's "YYYY-MM-DDTHH:mm" of a date. */
export const localDateTime = (d: Date): string =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** The default bet-history range: the last 7 days (SPEC.md section 9), from midnight 6 days ago to the end of today. */
export function lastSevenDaysLocal(now = new Date()): { start: string; end: string } {
  const start = new Date(now);
  start.setDate(start.getDate() - 6);
  start.setHours(0, 0, 0, 0);
  const end = new Date(now);
  end.setHours(23, 59, 0, 0);
  return { start: localDateTime(start), end: localDateTime(end) };
}
