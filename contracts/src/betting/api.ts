import * as v from 'valibot';
import { RANK_NAMES } from '../casino/cards.js';
import type { Persistence } from '../betting/events.js';
import { optionalRupees, rupees } from '../api/amount.js';
import { dateTimeFilter } from '../api/dates.js';
import { idOrNumber, idText, text } from '../api/text.js';
import { wholeNumber } from '../api/numbers.js';
import { TransactionPassword } from '../api/passwords.js';
import type { MarketType } from '../market/api.js';
import type { PageInfo } from '../api/paging.js';

export type BetStatus = 'pending' | 'won' | 'lost' | 'void' | 'cancelled' | 'deleted';

/** A bet as listed (SPEC.md section 3), with what the screens need besides. */
export interface BetDto {
  _id: string;
  user_id: string;
  user_info: { username: string };
  event_id: string;
  event_name: string;
  sportId: number;
  market_id: string;
  market_name: string;
  market_type: MarketType;
  gtype: MarketType;
  selection: number | null;
  selection_name: string;
  /** The price asked: match odds decimal, bookmaker rate, fancy run line. */
  odds: number;
  /**
   * The average price matched so far, stake-weighted (averageMatchedPrice), in the units of `odds`;
   * null while nothing is matched. Better than `odds` when best execution gave a better price.
   */
  matched_odds: number | null;
  /** Each fill: its price (as `odds`) and the stake matched there, in rupees. */
  fills: { odds: number; stake: number }[];
  /** What its unmatched stake does at the turn in play (match odds; LAPSE elsewhere). */
  persistence_type: Persistence;
  /** Set when the bet is a cash out's hedge: the share of the position it closed and the value taken (rupees). */
  cash_out: { percent: number; value: number } | null;
  volume: number | null;
  odds_type: 'back' | 'lay';
  stake: number;
  matched_stake: number;
  unmatched_stake: number;
  /** SPEC.md section 4: 'match' once fully matched, 'unmatch' while any stake waits. */
  type: 'match' | 'unmatch';
  status: BetStatus;
  potential_win: number;
  potential_loss: number;
  /** Settled P&L (rupees), null while pending. */
  pnl: number | null;
  reference_id: string;
  placed_at: string;
  settled_at: string | null;
}

/** The Bet-as-placed fields a client may send (SPEC.md section 3); server-computed ones are ignored. */
export const BET_REQUIRED_FIELDS = [
  'user_id',
  'event_id',
  'event_name',
  'market_id',
  'market_type',
  'selection',
  'selection_name',
  'odds',
  'stake',
  'bet_type',
] as const;
export const BET_OPTIONAL_FIELDS = [
  'event_type',
  'sportId',
  'odds_type',
  'potential_win',
  'status',
  'result',
  'ip_address',
  'device_info',
  'white_label_id',
  'reference_id',
  'is_live_bet',
  'balance_before',
  'balance_after',
  'settlement_lock',
  'match_id',
  'tournament_id',
  'competition_id',
  'table_id',
  'game_round_id',
  'game_session_id',
  'matchId',
  'isBack',
  'volume',
  'pnl',
  'exposure',
  'currentMarketOdds',
  'type',
  'betOn',
] as const;

const numberOrText = (field: string) => v.union([v.number(), v.string()], `${field} must be a number`);

const isBlank = (x: unknown) => x === undefined || x === null || x === '';
/** The optional fields the engine computes itself: accepted and ignored, but as text still under the text rule. */
const ignored = v.optional(
  v.union([text('field', { max: 500 }), v.number(), v.boolean(), v.null()], 'Unexpected value'),
);
const IGNORED_FIELDS = Object.fromEntries(
  BET_OPTIONAL_FIELDS.filter(
    (f) => !['odds_type', 'isBack', 'volume', 'reference_id', 'table_id', 'game_round_id'].includes(f),
  ).map((f) => [f, ignored]),
) as Record<
  Exclude<
    (typeof BET_OPTIONAL_FIELDS)[number],
    'odds_type' | 'isBack' | 'volume' | 'reference_id' | 'table_id' | 'game_round_id'
  >,
  typeof ignored
>;

/**
 * POST /api/bets: SPEC.md section 5's 'Missing required fields: {list}' first (a blank counts as
 * missing), then unknown fields by name, then each field. Numbers stay as sent (number or text)
 * for the route to read exactly with parseDecimal.
 */
export const PlaceBetBody = v.pipe(
  v.record(v.string(), v.unknown(), 'The bet must be a JSON object'),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const missing = BET_REQUIRED_FIELDS.filter((f) => isBlank(dataset.value[f]));
    if (missing.length > 0) addIssue({ message: `Missing required fields: ${missing.join(', ')}` });
  }),
  v.strictObject({
    user_id: idOrNumber('user_id'),
    event_id: idOrNumber('event_id'),
    event_name: text('event_name', { max: 200 }),
    market_id: idText('market_id'),
    market_type: text('market_type', { min: 1, max: 20 }),
    selection: idOrNumber('selection'),
    selection_name: text('selection_name', { max: 200 }),
    odds: numberOrText('Odds'),
    stake: numberOrText('Stake'),
    bet_type: v.picklist(['sports', 'casino'], 'bet_type must be sports or casino'),
    /** Casino bets (docs/casino.md): the table's code and the round id. */
    table_id: v.optional(idOrNumber('table_id')),
    game_round_id: v.optional(idOrNumber('game_round_id')),
    /** A casino bet on a market that takes card ranks (3 Cards Judgement): the ranks it picks. */
    ranks: v.optional(
      v.pipe(
        v.array(
          v.picklist(RANK_NAMES, 'ranks: each must be a card rank, A, 2 to 10, J, Q or K'),
          'ranks must be a list of card ranks',
        ),
        v.minLength(1, 'ranks: pick at least one card rank'),
        v.maxLength(RANK_NAMES.length, `ranks: at most ${RANK_NAMES.length} card ranks`),
        v.check((ranks) => new Set(ranks).size === ranks.length, 'ranks: pick each card rank once'),
      ),
    ),
    odds_type: v.optional(v.picklist(['back', 'lay'], 'odds_type must be back or lay')),
    isBack: v.optional(v.boolean('isBack must be true or false')),
    volume: v.nullish(numberOrText('Volume')),
    reference_id: v.optional(text('reference_id', { max: 64 })),
    /** Match odds at the turn in play: LAPSE (the default) cancels the unmatched stake, PERSIST keeps it. */
    persistence_type: v.optional(v.picklist(['LAPSE', 'PERSIST'], 'persistence_type must be LAPSE or PERSIST')),
    ...IGNORED_FIELDS,
  }),
);
export type PlaceBetBody = v.InferOutput<typeof PlaceBetBody>;

/** Rupees with at most two decimals, either sign (a cash out's value can be a loss). */
const signedRupees = (n: number) =>
  Number.isFinite(n) && Math.abs(n) < 1e11 && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** POST /api/bets/cash-out (docs/exchange.md "Cash out"). */
export const CashOutBody = v.strictObject({
  market_id: idText('market_id'),
  selection: idOrNumber('selection'),
  /** The share of the position to close; all of it when left out. */
  percent: v.optional(
    v.pipe(
      v.number('percent must be a whole number from 1 to 100'),
      v.check((n) => Number.isInteger(n) && n >= 1 && n <= 100, 'percent must be a whole number from 1 to 100'),
    ),
  ),
  /** The whole position's cash-out value as shown: a value at least as good fills, a worse one is refused. */
  value: v.pipe(
    v.number('value must be the cash out value shown, in rupees'),
    v.check(signedRupees, 'value must be rupees with at most two decimals'),
  ),
  /** How far below `value` the player accepts it if the price moves meanwhile (rupees, 0 when left out). */
  accept_within: v.optional(
    v.pipe(
      v.number('accept_within must be rupees, zero or more'),
      v.check(
        (n) => signedRupees(n) && n >= 0,
        'accept_within must be rupees, zero or more, with at most two decimals',
      ),
    ),
  ),
});
export type CashOutBody = v.InferOutput<typeof CashOutBody>;

/** PUT /api/bets/auto-cash-out: amounts in rupees, to paise; both null clears the rule. */
export const AutoCashOutBody = v.strictObject({
  market_id: idText('market_id'),
  selection: idOrNumber('selection'),
  profit_target: v.nullable(rupees('Profit target')),
  loss_limit: v.nullable(rupees('Loss limit')),
});

/** A standing auto cash-out rule, as listed (rupees). */
export interface AutoCashOutDto {
  market_id: string;
  selection: number;
  profit_target: number | null;
  loss_limit: number | null;
}

export interface CashOutResponse {
  message: string;
  /** The hedge bet, marked cash_out. */
  bet: BetDto;
}

/** POST /api/bets answer. */
export interface PlaceBetResponse {
  message: string;
  bet: BetDto;
  bet_id: string;
  reference_id: string;
}

export interface UserBookRow {
  user: string;
  selections: { selection_name: string; total_stake: number }[];
}

/** GET /api/profit-loss/mine rows: one per settled market; `pnl` before commission (rupees). */
export interface ProfitLossRow {
  event_id: string;
  event_name: string;
  market_id: string;
  market_name: string;
  market_type: MarketType;
  /** The market's profit or loss before commission (rupees). */
  pnl: number;
  /** Commission on the market's net winnings (rupees); pnl - commission is what the wallet got. */
  commission: number;
  settled_at: string;
}

/** GET /api/profit-loss/mine: a page of settled markets and the whole period's sums (rupees). */
export interface ProfitLossPage {
  data: ProfitLossRow[];
  pagination: PageInfo;
  totals: { pnl: number; commission: number; net: number };
}

/** PATCH /api/bets/{id}/status. */
export const BetStatusBody = v.strictObject({ status: v.picklist(['cancelled'], "status must be 'cancelled'") });

/** POST /api/delete-bets (role admin). */
export const DeleteBetsBody = v.strictObject({
  ids: v.pipe(
    v.array(idText('Bet id'), 'ids must be a list of bet ids'),
    v.minLength(1, 'Please select one item'),
    v.maxLength(500, 'At most 500 bets at once'),
  ),
  transaction_password: TransactionPassword,
});

/** POST /api/alluserbetList?page=n: the back office's bet history filter (`status` defaults to pending; deleted=true lists deleted bets). */
export const AllUserBetListBody = v.strictObject({
  market_type: v.optional(text('market_type', { max: 20 })),
  matched_status: v.optional(v.picklist(['matched', 'unmatched'], 'matched_status must be matched or unmatched')),
  odds_type: v.optional(v.picklist(['back', 'lay'], 'odds_type must be back or lay')),
  deleted: v.optional(v.boolean('deleted must be true or false')),
  status: v.optional(v.picklist(['pending', 'settled', 'all'], 'status must be pending, settled or all')),
  event_id: v.optional(idText('event_id')),
  username: v.optional(text('username', { max: 50 })),
  amount_from: optionalRupees('amount_from'),
  amount_to: optionalRupees('amount_to'),
  start_date: dateTimeFilter('start_date'),
  end_date: dateTimeFilter('end_date'),
  limit: v.optional(wholeNumber('limit', 1, 100)),
});

/** GET /api/alluserbetList.csv: the same filter as query strings (deleted=true|false), every row. */
export const AllUserBetListQuery = v.object({
  ...v.omit(AllUserBetListBody, ['deleted', 'limit']).entries,
  deleted: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'deleted must be true or false'),
      v.transform((s) => s === 'true'),
    ),
  ),
});

/** POST /api/get-user-wise-book. */
export const MarketBookBody = v.strictObject({ marketId: idText('marketId') });
/** POST /api/get-fancy-position: the downline's total, or one user's. */
export const FancyPositionBody = v.strictObject({ marketId: idText('marketId'), userId: v.optional(idText('userId')) });
