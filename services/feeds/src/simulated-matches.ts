/** What the simulator simulates: its series and matches, their runners, fancies and squads. */
import type { FancyType, Series } from '@exch/contracts';

export type FancyRule = 'innings' | 'over' | 'wicket';

export interface MatchSeed {
  id: string;
  seriesId: string;
  sportId: 1 | 2 | 4;
  teams: string[];
  /** Starting best back prices, one per runner, in hundredths (1.85 -> 185). */
  odds: number[];
  startInMinutes: number;
  fancies?: [name: string, type: FancyType, rule: FancyRule][];
  /** A cricket side's eleven each, in batting order; the last five bowl. */
  squads?: [string[], string[]];
}

export const SERIES: Series[] = [
  { id: 'sim-s-4-1', sportId: 4, name: 'T20 League (simulated)' },
  { id: 'sim-s-1-1', sportId: 1, name: 'Premier League (simulated)' },
  { id: 'sim-s-2-1', sportId: 2, name: 'ATP Tour (simulated)' },
];

export const MATCHES: MatchSeed[] = [
  {
    id: 'sim-101',
    seriesId: 'sim-s-4-1',
    sportId: 4,
    teams: ['Mumbai', 'Chennai'],
    odds: [185, 206],
    // The first innings (about 80 minutes) and the break are over: the demo opens on the chase.
    startInMinutes: -100,
    fancies: [
      ['20 over runs (current innings)', 'Normal', 'innings'],
      ['Current over runs', 'Over by over', 'over'],
      ['Fall of next wicket', 'Normal', 'wicket'],
    ],
    squads: [
      [
        'A. Kulkarni',
        'R. Desai',
        'S. Patil',
        'V. Rao',
        'N. Shetty',
        'H. Joshi',
        'K. Pawar',
        'D. Naik',
        'M. Gaikwad',
        'P. Sawant',
        'J. Bhosale',
      ],
      [
        'K. Iyer',
        'M. Raman',
        'S. Pillai',
        'A. Menon',
        'R. Krishnan',
        'V. Subramanian',
        'T. Natarajan',
        'G. Venkat',
        'B. Srinivasan',
        'L. Balaji',
        'C. Murugan',
      ],
    ],
  },
  {
    id: 'sim-102',
    seriesId: 'sim-s-4-1',
    sportId: 4,
    teams: ['Bengaluru', 'Kolkata'],
    odds: [230, 168],
    startInMinutes: 180,
    fancies: [
      ['20 over runs Bengaluru', 'Normal', 'innings'],
      ['1st over runs Bengaluru', 'Over by over', 'over'],
    ],
  },
  {
    id: 'sim-201',
    seriesId: 'sim-s-1-1',
    sportId: 1,
    teams: ['Arsenal', 'Chelsea', 'The Draw'],
    odds: [210, 360, 340],
    startInMinutes: 120,
  },
  {
    id: 'sim-301',
    seriesId: 'sim-s-2-1',
    sportId: 2,
    teams: ['Player A', 'Player B'],
    odds: [150, 270],
    startInMinutes: 300,
  },
];
