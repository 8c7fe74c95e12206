import { businessDay, formatClock, formatDateTime, type MarketKind } from '@exch/contracts';

/** SPEC.md section 9: sizes shown abbreviated (k, M, G...). 950 -> "950", 1234 -> "1.23k", 2500000 -> "2.5M". */
export function abbreviate(n: number): string {
  const abs = Math.abs(n);
  const units: [number, string][] = [
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [size, unit] of units) {
    if (abs >= size) return `${trimNumber(n / size, abs / size >= 100 ? 0 : abs / size >= 10 ? 1 : 2)}${unit}`;
  }
  return trimNumber(n, abs >= 100 ? 0 : 2);
}

/** A number with at most `decimals` decimals and no trailing zeros: 1.80 -> "1.8", 2.00 -> "2". */
export function trimNumber(n: number, decimals = 2): string {
  return String(Number(n.toFixed(decimals)));
}

/**
 * A price as its market shows it: decimal odds with two decimals (1.85, 2.10, 10.50: as the back
 * office shows them, so both sides read the same), a bookmaker rate or a fancy line (whole numbers).
 */
export const formatOdds = (kind: MarketKind, odds: number): string =>
  kind === 'match_odds' ? odds.toFixed(2) : trimNumber(odds, 0);

/**
 * SPEC.md section 2: a market title with underscores replaced by spaces and capitalised
 * ("MATCH_ODDS" -> "Match Odds"); a name already written for people keeps its words ("20 over runs").
 */
export function marketTitle(name: string): string {
  const spaced = name.replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
  if (name.includes('_') || spaced === spaced.toUpperCase())
    return spaced
      .toLowerCase()
      .replace(/(^|\s)(\S)/g, (_, space: string, first: string) => space + first.toUpperCase());
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Lobby times, India's days: "Today 7:30 pm", "Tomorrow 9:00 am", else the date and time ("7 Dec 2026, 2:44 pm"). */
export function formatLobbyStart(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const day = businessDay(d);
  if (day === businessDay(now)) return `Today ${formatClock(d)}`;
  // India keeps no daylight saving: a day later is 24 hours later.
  if (day === businessDay(new Date(now.getTime() + 86_400_000))) return `Tomorrow ${formatClock(d)}`;
  return formatDateTime(d);
}

/** Sport ids whose match page has no date header (SPEC.md section 2). */
export const NO_HEADER_SPORTS: ReadonlySet<number> = new Set([65, 10]);
