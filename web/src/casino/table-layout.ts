import { pocketColour, type CasinoResultDto } from '@exch/contracts';

/**
 * How the web lays out each table's dealing area and its result badges. The engine's tables say
 * where each card goes ("Dragon", "A", "Bahar"); this says where those places sit, what they are
 * called and how many face-down cards wait on them before the deal.
 */
export interface Seat {
  to: string;
  label: string;
  /** Face-down cards shown before this seat's first card is dealt. */
  waiting: number;
}

interface TableLayout {
  seats: Seat[];
  /** The seats face each other with a "VS" between them. */
  versus: boolean;
  /** A result code's badge letter; the winner's first letter when missing. */
  badge: Record<number, string>;
  /** Roulette: a wheel instead of seats, and a number board instead of the market groups. */
  wheel?: true;
  /** What the result names when it is not a winner (3 Cards Judgement's ranks dealt). */
  resultLabel?: string;
}

const ONE_CARD: Seat[] = [{ to: 'Card', label: 'Card', waiting: 1 }];

const LAYOUTS: Record<string, TableLayout> = {
  teen20: {
    seats: [
      { to: 'A', label: 'Player A', waiting: 3 },
      { to: 'B', label: 'Player B', waiting: 3 },
    ],
    versus: true,
    badge: { 1: 'A', 3: 'B', 0: 'T' },
  },
  dt20: {
    seats: [
      { to: 'Dragon', label: 'Dragon', waiting: 1 },
      { to: 'Tiger', label: 'Tiger', waiting: 1 },
    ],
    versus: true,
    badge: { 1: 'D', 2: 'T', 3: 'Tie' },
  },
  lucky7: { seats: ONE_CARD, versus: false, badge: { 1: 'L', 2: 'H', 0: '7' } },
  ab20: {
    seats: [
      { to: 'Andar', label: 'Andar', waiting: 1 },
      { to: 'Bahar', label: 'Bahar', waiting: 1 },
    ],
    versus: false,
    badge: {},
  },
  card32: {
    seats: [8, 9, 10, 11].map((n) => ({ to: `Player ${n}`, label: `Player ${n}`, waiting: 1 })),
    versus: false,
    badge: { 1: '8', 2: '9', 3: '10', 4: '11', 0: 'V' },
  },
  baccarat: {
    seats: [
      { to: 'Player', label: 'Player', waiting: 2 },
      { to: 'Banker', label: 'Banker', waiting: 2 },
    ],
    versus: true,
    badge: { 1: 'P', 2: 'B', 3: 'T' },
  },
  aaa: { seats: ONE_CARD, versus: false, badge: { 1: 'A', 2: 'B', 3: 'C' } },
  btable: { seats: ONE_CARD, versus: false, badge: { 1: 'A', 2: 'B', 3: 'C', 4: 'D', 5: 'E', 6: 'F' } },
  // issue 23, tables2
  race20: {
    seats: ['K♠', 'K♥', 'K♣', 'K♦'].map((horse) => ({ to: horse, label: horse, waiting: 0 })),
    versus: false,
    badge: { 1: '♠', 2: '♥', 3: '♣', 4: '♦' },
  },
  worli: {
    seats: [{ to: 'Pana', label: 'Pana', waiting: 3 }],
    versus: false,
    badge: Object.fromEntries(Array.from({ length: 10 }, (_, d) => [d, String(d)])),
  },
  // Issue 23's tables.
  war: {
    seats: [
      ...[1, 2, 3, 4, 5, 6].map((n) => ({ to: `Player ${n}`, label: `Player ${n}`, waiting: 1 })),
      { to: 'Dealer', label: 'Dealer', waiting: 1 },
    ],
    versus: false,
    // How many players beat the dealer.
    badge: { 0: '0', 1: '1', 2: '2', 3: '3', 4: '4', 5: '5', 6: '6' },
  },
  poker20: {
    seats: [
      { to: 'A', label: 'Player A', waiting: 2 },
      { to: 'Board', label: 'Board', waiting: 5 },
      { to: 'B', label: 'Player B', waiting: 2 },
    ],
    versus: false,
    badge: { 1: 'A', 2: 'B', 0: 'T' },
  },
  // The result code is the pocket's number.
  roulette: {
    seats: [{ to: 'Wheel', label: 'Wheel', waiting: 0 }],
    versus: false,
    badge: Object.fromEntries(Array.from({ length: 37 }, (_, n) => [n, String(n)])),
    wheel: true,
  },
  '3cardj': {
    seats: [{ to: 'Dealer', label: 'Dealer', waiting: 3 }],
    versus: false,
    badge: {},
    resultLabel: 'Ranks dealt',
  },
};

const FALLBACK: TableLayout = { seats: ONE_CARD, versus: false, badge: {} };

export const layoutOf = (code: string): TableLayout => LAYOUTS[code] ?? FALLBACK;

/** The letter a result's badge shows: Andar Bahar names the side that took more ranks, 3 Cards Judgement the ranks. */
export function badgeOf(code: string, r: CasinoResultDto): string {
  if (r.win === 'Void') return 'V';
  if (code === 'ab20') {
    const [andar, bahar] = [...r.win.matchAll(/\d+/g)].map((m) => Number(m[0]));
    return (andar ?? 0) >= (bahar ?? 0) ? 'A' : 'B';
  }
  // 3 Cards Judgement has no winner: its badge is the three ranks dealt ("A 5 K" reads A5K).
  if (code === '3cardj') return r.win.replaceAll(' ', '');
  return layoutOf(code).badge[r.code] ?? r.win.slice(0, 1).toUpperCase();
}

/** A result badge's classes: its result code's colour, or on the wheel its pocket's (red, black, green). */
export function badgeClassOf(code: string, r: CasinoResultDto): string {
  if (r.win === 'Void') return 'result-badge code-void';
  return layoutOf(code).wheel ? `result-badge pocket-${pocketColour(r.code)}` : `result-badge code-${r.code}`;
}
