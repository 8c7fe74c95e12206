import * as v from 'valibot';
import type { CasinoCard, CasinoOutcome } from './events.js';
import { PageQuery } from '../api/paging.js';
import { dateFilter } from '../api/dates.js';
import { idText, text } from '../api/text.js';

/**
 * The live Indian tables' REST and websocket shapes (docs/casino.md "Calls"). Amounts are rupees
 * and odds decimal (1.98), converted from paise and hundredths at the edge.
 */

/** SPEC.md section 3's "bet on" for a casino bet. */
export const CASINO_MARKET_TYPE = 'CASINO';

export interface CasinoMarketDto {
  sid: number;
  /** The market's name (SPEC.md's nation). */
  nat: string;
  group: string;
  odds: number;
  /** Markets that pay by hand (Pair Plus, Bahar's first card): each hand's odds. */
  payTable: { hand: string; odds: number }[] | null;
  /** A bet on it names this many different card ranks, sent as `ranks` (3 Cards Judgement); else null. */
  picks: number | null;
}

export type CasinoRoundStatus = 'betting' | 'closed' | 'dealing' | 'settled' | 'void';

/** A table as the casino lists show it (SPEC.md section 3, Casino game). */
export interface CasinoTableDto {
  _id: string;
  game_identifier: string;
  game_name: string;
  name: string;
  /** Made by the product: an SVG as a data: URL (no outside images). */
  game_image: string;
  game_status: 'ACTIVE' | 'SUSPENDED';
  /** SPEC.md section 2's casino list category. */
  category: number;
  min: number;
  max: number;
  bettingSeconds: number;
  markets: CasinoMarketDto[];
  /** The round under way, if any. */
  round: { mid: string; status: CasinoRoundStatus } | null;
}

export interface CasinoRoundResultDto {
  /** The feed's result code (dt20: 1 Dragon, 2 Tiger, 3 Tie). */
  code: number;
  winner: string;
  description: string;
  /** Every market: what a back bet on it got. */
  markets: { sid: number; nat: string; outcome: CasinoOutcome; odds: number | null }[];
}

export interface CasinoRoundDto {
  mid: string;
  tableCode: string;
  tableName: string;
  status: CasinoRoundStatus;
  openedAt: string;
  /** When betting closes (ISO); the screens count down to it. */
  closesAt: string;
  /** SHA-256 of the server seed, published when the round opened. */
  commitment: string;
  algorithm: string;
  /** The cards turned face up so far, in reveal order. */
  cards: CasinoCard[];
  /** Revealed with the result, null before. */
  serverSeed: string | null;
  result: CasinoRoundResultDto | null;
  voidReason: string | null;
  settledAt: string | null;
}

/** GET /api/casino/rounds/{mid}: what a verifier needs besides (the client seed is the round id, nonce 0). */
export interface CasinoRoundDetail extends CasinoRoundDto {
  clientSeed: string;
  nonce: number;
  /** The unshuffled shoe, card codes in order. */
  shoe: string[];
}

/** SPEC.md section 3, Casino result row. */
export interface CasinoResultDto {
  mid: string;
  win: string;
  code: number;
}

/** A table's live state: pushed as `casinoTable` to the room `casino:{code}` at every step of a round. */
export interface CasinoTableLive {
  table: CasinoTableDto;
  round: CasinoRoundDto | null;
  /** The last ten results, newest first. */
  results: CasinoResultDto[];
  /** The server's clock when this was built, so a screen can count down on the server's time. */
  serverTime: string;
}

export const casinoRoom = (tableCode: string): string => `casino:${tableCode}`;

export type CasinoBetStatus = 'pending' | 'won' | 'lost' | 'void';

/** A casino bet as listed (SPEC.md section 3's bet fields, with bet_type casino). */
export interface CasinoBetDto {
  _id: string;
  user_id: string;
  user_info: { username: string };
  bet_type: 'casino';
  market_type: typeof CASINO_MARKET_TYPE;
  table_id: string;
  table_name: string;
  game_round_id: string;
  selection: number;
  selection_name: string;
  odds: number;
  odds_type: 'back';
  stake: number;
  potential_win: number;
  /**
   * A market that pays by hand (Pair Plus 2.00 to 41.00): the lowest and highest odds of its pay
   * table and the potential win at each, so a row does not show the pair's odds alone; else null.
   */
  pay_range: { odds: [number, number]; potential_win: [number, number] } | null;
  status: CasinoBetStatus;
  /** What the market got: win, lose, push, half-win, half-lose; null while pending and for a void round. */
  outcome: CasinoOutcome | null;
  pnl: number | null;
  /** The round's winner once settled. */
  result: string | null;
  reference_id: string;
  placed_at: string;
  settled_at: string | null;
}

/** POST /api/bets answer to a casino bet. */
export interface CasinoPlaceBetResponse {
  message: string;
  bet: CasinoBetDto;
  bet_id: string;
  reference_id: string;
}

/** GET /api/admin/casino/tables/{code}/position: the downline's bets on the round and the house's position per market. */
export interface CasinoPositionDto {
  round: CasinoRoundDto | null;
  markets: { sid: number; nat: string; bets: number; stake: number; houseIfWins: number; houseIfLoses: number }[];
  bets: CasinoBetDto[];
}

/** GET /api/admin/casino/game-reports rows: the downline's casino by table and day. */
export interface CasinoGameReportRow {
  date: string;
  table_id: string;
  table_name: string;
  bets: number;
  turnover: number;
  house_profit: number;
}

export const CasinoTablesQuery = v.object({
  category: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'category must be a category number'))),
});

/** The result list by game (SPEC.md section 7): page, limit, startDate, optional roundId and search. */
export const CasinoResultsQuery = v.object({
  startDate: dateFilter('startDate'),
  roundId: v.optional(text('roundId', { max: 30 })),
  search: v.optional(text('search', { max: 100 })),
  ...PageQuery,
});

export const CasinoBetsQuery = v.object({
  status: v.optional(v.picklist(['pending', 'settled', 'all'], 'status must be pending, settled or all'), 'all'),
  table: v.optional(idText('table')),
  from: dateFilter('from'),
  to: dateFilter('to'),
  ...PageQuery,
});

export const CasinoGameReportQuery = v.object({ from: dateFilter('from'), to: dateFilter('to') });

export const CasinoTableStatusBody = v.strictObject({
  status: v.picklist(['ACTIVE', 'SUSPENDED'], 'status must be ACTIVE or SUSPENDED'),
});

/** SPEC.md section 5: clicking a suspended game, and any bet on it. */
export const CASINO_SUSPENDED_MESSAGE = 'This game is suspended by admin, please try again later';
