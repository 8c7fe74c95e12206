import * as v from 'valibot';
import { optionalRupees, rupees } from '../api/amount.js';
import { dateTimeFilter } from '../api/dates.js';
import { idOrNumber, idText, text } from '../api/text.js';
import { intParam } from '../api/paging.js';
import { TransactionPassword } from '../api/passwords.js';
import type { BetDto } from '../betting/api.js';
import type { CasinoBetDto } from '../casino/api.js';

/** The room a back-office socket joins (joinRoom with this id) to have its downline's bets pushed as they happen. */
export const TAPE_ROOM = 'bet-tape';

/**
 * GET /api/admin/bet-tape (and .csv): the downline's bets of a period, newest first, with the live
 * tape's filters. Paged by a cursor, not a page number: `after` is the `next` of the page before
 * (its last bet's id), so a page costs the same however far back it is, and nothing counts the period.
 */
export const BetTapeQuery = v.object({
  /** Exchange bets, or the casino tables' (whose bets have no sport, match, market or side). */
  bet_type: v.optional(v.picklist(['sports', 'casino'], 'bet_type must be sports or casino'), 'sports'),
  from: dateTimeFilter('from'),
  to: dateTimeFilter('to'),
  username: v.optional(text('username', { max: 50 })),
  /** A sport's number (4 is cricket). A query is text, and other text once reached the SQL as NaN. */
  sport_id: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'sport_id must be a whole number'))),
  event_id: v.optional(idText('event_id')),
  market_id: v.optional(idText('market_id')),
  side: v.optional(v.picklist(['back', 'lay'], 'side must be back or lay')),
  min_stake: optionalRupees('min_stake'),
  after: v.optional(idText('after')),
  limit: intParam('limit', 50, 100),
});
export type BetTapeQuery = v.InferOutput<typeof BetTapeQuery>;

/** PUT /api/admin/risk/big-bet: rupees; 0 turns the marking off. */
export const BigBetBody = v.strictObject({ amount: rupees('Amount', { allowZero: true }) });

/** PUT /api/admin/risk/watch. */
export const WatchBody = v.strictObject({
  userId: idText('userId'),
  watched: v.boolean('watched must be true or false'),
});

/** What a back-office login keeps for its tape and risk desk. */
export interface RiskSettings {
  /** Rupees; 0 when not set. */
  big_bet: number;
  watched: { user_id: string; username: string }[];
}

/** A bet on the tape (pushed as `tape`, and as `watchedBet` to watchers): an exchange bet or a casino table's. */
export type TapeBet = { bet_type: 'sports'; bet: BetDto } | { bet_type: 'casino'; bet: CasinoBetDto };

/** A page of the tape's history; `next` is the `after` of the next (older) page, null on the last. */
export interface TapePage {
  data: TapeBet[];
  next: string | null;
}

/** GET /api/admin/risk/alerts: the last `hours` (1 to 168, default 24). */
export const RiskAlertsQuery = v.object({ hours: intParam('hours', 24, 168) });

export type RiskAlertKind = 'big_bet' | 'stake_jump' | 'win_rate' | 'burst' | 'shared_ip' | 'before_suspension';

/** An alert the risk desk raises (docs/risk.md), with its reason and the bets behind it. */
export interface RiskAlert {
  kind: RiskAlertKind;
  /** The account it is about; null when it is about several (shared_ip). */
  user_id: string | null;
  username: string | null;
  reason: string;
  /** The newest of its bets. */
  at: string;
  bets: BetDto[];
}

/** One way a market can end, and what the downline's players win (+) or lose (-) then, in rupees. */
export interface PositionOutcome {
  /** The runner's name, or for a fancy the runs ("42 or more"). */
  outcome: string;
  pnl: number;
  /** The players who win most that way, biggest first. */
  top: { user_id: string; username: string; pnl: number }[];
}

/** GET /api/admin/risk/positions: every open market the downline holds matched bets on. */
export interface MarketPosition {
  market_id: string;
  market_name: string;
  event_id: string;
  event_name: string;
  kind: 'match_odds' | 'bookmaker' | 'fancy';
  outcomes: PositionOutcome[];
  /** The most the downline's players can win on it (the worst case for their uplines), rupees. */
  worst: number;
}

/** POST /api/admin/risk/block: lock (or unlock) a match or one of its markets for the caller's whole downline. */
export const RiskBlockBody = v.strictObject({
  event_id: idOrNumber('event_id'),
  market_id: v.nullish(idText('market_id')),
  locked: v.boolean('locked must be true or false'),
  transaction_password: TransactionPassword,
});
