import type { CasinoCard, CasinoMarketInfo, Paise, Rank } from '@exch/contracts';

/** A bet on the round under way: back bets only, so its liability is its stake. */
export interface CasinoBetState {
  betId: string;
  userId: string;
  sid: number;
  /** The ranks a bet on a market with picks names, ascending: it is settled on them. */
  ranks?: Rank[];
  odds: number;
  stake: Paise;
}

/** The one round a table has under way (docs/casino.md "Rounds"); gone from the state once settled or voided. */
export interface CasinoRoundState {
  mid: string;
  commitment: string;
  closesAt: string;
  phase: 'betting' | 'closed' | 'dealing';
  /** In the log from the deal on, so a round interrupted while dealing resumes. */
  serverSeed: string | null;
  cards: CasinoCard[];
  revealed: number;
  /** By bet id, in the order they were placed. */
  bets: Record<string, CasinoBetState>;
  /** Per bettor, the stakes reserved on this round (part of their total exposure). */
  exposure: Record<string, Paise>;
}

export interface CasinoTableState {
  code: string;
  name: string;
  midPrefix: string;
  minStake: Paise;
  maxStake: Paise;
  bettingSeconds: number;
  markets: CasinoMarketInfo[];
  /** The listing as last journalled (JSON), to list the table again only when its definition changes. */
  listing: string;
  suspended: boolean;
  lastMid: string | null;
  round: CasinoRoundState | null;
}

export interface CasinoState {
  tables: Record<string, CasinoTableState>;
}

export const emptyCasino = (): CasinoState => ({ tables: {} });
