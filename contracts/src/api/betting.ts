import * as v from 'valibot';
import { RANK_NAMES } from '../casino/cards.js';
import { FEED_STATUSES, type FancyType, type MarketKind } from '../market/feed.js';
import type { ButtonValue, MarketStatus, Persistence } from '../betting/events.js';
import { optionalRupees, percentBp, rupees } from './amount.js';
import { dateTimeFilter } from './dates.js';
import { idOrNumber, idText, text } from './text.js';

/**
 * The exchange's REST and websocket shapes (SPEC.md sections 3 and 7). Amounts are rupees as JSON
 * numbers (converted from integer paise at the edge); match odds are decimal odds (1.85), bookmaker
 * odds the rate (85 pays 0.85 per rupee), fancy odds the run line with the rate in `volume`.
 */

/** SPEC.md section 3 enumerations: bet on, and the odds type that goes with it. */
export const MARKET_TYPE_OF: Record<MarketKind, 'MATCH_ODDS' | 'Bookmaker' | 'FANCY'> = {
  match_odds: 'MATCH_ODDS',
  bookmaker: 'Bookmaker',
  fancy: 'FANCY',
};
export const ODDS_TYPE_OF: Record<MarketKind, 'berFair' | 'bookMaker' | 'Fancy'> = {
  match_odds: 'berFair',
  bookmaker: 'bookMaker',
  fancy: 'Fancy',
};
export type MarketType = (typeof MARKET_TYPE_OF)[MarketKind];
export const kindOfMarketType = (t: string): MarketKind | null =>
  (Object.entries(MARKET_TYPE_OF).find(([, v]) => v.toLowerCase() === t.toLowerCase())?.[0] as
    | MarketKind
    | undefined) ?? null;

/** A runner's or fancy's live status: the feed's, or the market's when an admin suspended or closed it. */
/** REMOVED: a non-runner (docs/exchange.md), shown with no prices. */
export type LiveStatus = 'ACTIVE' | 'SUSPENDED' | 'Ball Running' | 'CLOSED' | 'SETTLED' | 'REMOVED';

export interface PriceDto {
  otype: 'back' | 'lay';
  /** Match odds: decimal odds; bookmaker: rate; fancy: run line. */
  odds: number;
  /** Match odds: rupees available; fancy: the rate; bookmaker: 0. */
  size: number;
  /** Level, 0 = best. */
  tno: number;
}

/** One runner (or the one line of a fancy) as SPEC.md's Market.section entry. */
export interface SectionDto {
  /** Selection id; for a fancy, 0. */
  sid: number;
  /** Runner name (nation). */
  nat: string;
  sno: number;
  gstatus: LiveStatus;
  /** Up to 3 back (best first) then up to 3 lay (best first). */
  odds: PriceDto[];
}

export interface MarketDto {
  marketId: string;
  matchId: string;
  marketName: string;
  kind: MarketKind;
  marketType: MarketType;
  oddsType: 'berFair' | 'bookMaker' | 'Fancy';
  fancyType: FancyType | null;
  /** Rupees. */
  min: number;
  max: number;
  /** Admin-set status of the whole market. */
  status: MarketStatus | 'SETTLED';
  betDelaySec: number;
  commissionBp: number;
  /** Bookmaker or fancy priced by hand by an admin: `section` shows the house's prices and the feed is ignored. */
  manual: boolean;
  section: SectionDto[];
  /** Declared result once settled: winner's selection id (every winner's in selectionIds when it pays several), or runs for a fancy; 'void' when voided. */
  result: { selectionId?: number; selectionIds?: number[]; runs?: number; void?: boolean } | null;
  /** Where its prices and state come from: a real exchange feed, the built-in simulator, or the house by hand. */
  source: 'feed' | 'simulator' | 'manual';
  /** The feed's own status of the market (a feed that sends market definitions); null otherwise. */
  feedStatus: 'OPEN' | 'SUSPENDED' | 'CLOSED' | null;
  /** The feed's in-play delay in seconds (0 without one); a bet in play waits the larger of this and `betDelaySec`. */
  feedBetDelaySec: number;
  /** Winners it pays: 1, or several for a place market. */
  numberOfWinners: number;
  /** Non-runners with their reduction factor in hundredths of a percent. */
  removed: { selectionId: number; adjustmentFactorBp: number }[];
  /** Winners the feed proposed on closing it, until settled: an admin may confirm them. */
  proposed: number[] | null;
}

export interface ScoreDto {
  matchId: string;
  innings: number;
  battingTeam: string;
  runs: number;
  wickets: number;
  overs: string;
}

export interface MatchSummary {
  matchId: string;
  sportId: number;
  sportName: string;
  seriesId: string;
  seriesName: string;
  name: string;
  /** ISO 8601. */
  startTime: string;
  inPlay: boolean;
  /** Match odds best prices for the lobby: per runner best back and best lay (decimal odds, null when none). */
  runners: { selectionId: number; name: string; back: number | null; lay: number | null; status: LiveStatus }[];
}

/** GET /api/matches/{matchId}. */
export interface MatchDetail {
  match: MatchSummary;
  markets: MarketDto[];
  score: ScoreDto | null;
}

/** GET /api/sports/whitelabel/allowed: `{ sports }`. */
export interface SportDto {
  id: number;
  name: string;
}

/** GET /api/sports/active: `{ data }`, one entry per sport with its listed matches (in play first, then by start). */
export interface ActiveSport {
  sportId: number;
  name: string;
  matches: MatchSummary[];
}

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

export interface Paginated<T> {
  data: T[];
  pagination: PageInfo;
}

/**
 * A page's place in its list. A list whose count could grow with the history (no period asked)
 * counts at most a cap of rows: then `capped` is set and `total` is that cap, "at least this many".
 */
export interface PageInfo {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  capped?: true;
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
  /** The whole position's cash-out value as shown: if it has moved, nothing is placed. */
  value: v.pipe(
    v.number('value must be the cash out value shown, in rupees'),
    v.check(signedRupees, 'value must be rupees with at most two decimals'),
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

export interface BettingButtons {
  sportsButtons: ButtonValue[];
  casinoButtons: ButtonValue[];
  /** The bet slip's "Keep in play" to start with: PERSIST when true, LAPSE when false (the default). */
  keepInPlay: boolean;
}

export const DEFAULT_SPORTS_BUTTONS: ButtonValue[] = [100, 500, 1000, 5000, 10000, 25000, 50000, 100000].map(
  (value) => ({ label: value >= 1000 ? `${value / 1000}k` : String(value), value }),
);
export const DEFAULT_CASINO_BUTTONS: ButtonValue[] = [100, 200, 500, 1000, 2000, 5000].map((value) => ({
  label: value >= 1000 ? `${value / 1000}k` : String(value),
  value,
}));

const buttons = (field: string) =>
  v.pipe(
    v.array(
      v.strictObject({
        label: v.pipe(text(`${field}: label`, { max: 10 }), v.minLength(1, `${field}: every button needs a label`)),
        value: v.pipe(
          v.number(`${field}: values must be numbers`),
          v.integer(`${field}: values must be whole rupees`),
          v.minValue(1, `${field}: values must be at least 1`),
          v.maxValue(10_000_000, `${field}: values are at most 1,00,00,000`),
        ),
      }),
    ),
    v.minLength(1, `${field}: at least one button`),
    v.maxLength(12, `${field}: at most 12 buttons`),
  );
export const BettingButtonsBody = v.strictObject({
  sportsButtons: buttons('Sports buttons'),
  casinoButtons: buttons('Casino buttons'),
  /** Left out: the saved choice stays. */
  keepInPlay: v.optional(v.boolean('keepInPlay must be true or false')),
});

/** Websocket pushes of the exchange (added to ServerMessages). */
export interface OddsUpdate {
  matchId: string;
  /** Only the runners and fancies that changed since the last push. */
  markets: { marketId: string; section: SectionDto[] }[];
}

export interface MarketLockTarget {
  event_id: string;
  market_type: MarketType | null;
  market_id: string | null;
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
  pnl: number;
  commission: number;
  settled_at: string;
}

export const TransactionPasswordField = text('Transaction password', { min: 1, max: 100, trim: false });
const wholeNumber = (field: string, min: number, max: number) =>
  v.pipe(
    v.number(`${field} must be a number`),
    v.integer(`${field} must be a whole number`),
    v.check((n) => !Object.is(n, -0), `${field} must be a whole number`),
    v.minValue(min, `${field} must be at least ${min}`),
    v.maxValue(max, `${field} is at most ${max}`),
  );

/** PATCH /api/bets/{id}/status. */
export const BetStatusBody = v.strictObject({ status: v.picklist(['cancelled'], "status must be 'cancelled'") });

/** POST /api/delete-bets (role admin). */
export const DeleteBetsBody = v.strictObject({
  ids: v.pipe(
    v.array(idText('Bet id'), 'ids must be a list of bet ids'),
    v.minLength(1, 'Please select one item'),
    v.maxLength(500, 'At most 500 bets at once'),
  ),
  transaction_password: TransactionPasswordField,
});

/** PUT /api/market-locks/{matchId}. */
export const MarketLockBody = v.strictObject({
  userId: v.union(
    [
      idText('userId'),
      v.pipe(
        v.array(idText('userId')),
        v.minLength(1, 'Choose at least one user'),
        v.maxLength(1000, 'At most 1000 users at once'),
      ),
    ],
    'userId must be a user id or a list of them',
  ),
  is_locked: v.boolean('is_locked must be true or false'),
  lock_target: v.strictObject(
    {
      event_id: idOrNumber('lock_target.event_id'),
      market_type: v.nullish(text('market_type', { max: 20 })),
      market_id: v.nullish(idText('market_id')),
    },
    'lock_target must say the event (and optionally market_type, market_id)',
  ),
  transaction_password: TransactionPasswordField,
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

/** PUT /api/admin/markets/{marketId}/settings: stakes in rupees, commission in percent (2 decimals at most). */
export const MarketSettingsBody = v.strictObject({
  min: rupees('Min stake'),
  max: rupees('Max stake'),
  betDelaySec: wholeNumber('betDelaySec', 0, 30),
  /** Percent with at most 2 decimals, to basis points exactly: 2.5 -> 250. */
  commissionPercent: percentBp('commissionPercent', 'commissionPercent must be 0 to 100 with at most 2 decimals'),
});

export const MarketStatusBody = v.strictObject({
  status: v.picklist(['ACTIVE', 'SUSPENDED', 'CLOSED'], 'Status must be ACTIVE, SUSPENDED or CLOSED'),
});

/**
 * PUT /api/admin/markets/{marketId}/house-price: a bookmaker runner's `{ selectionId, back, lay }`
 * or a fancy's `{ noLine, noRate, yesLine, yesRate }`, with an optional status (ACTIVE when left out).
 * Which fields a market needs is checked against its kind by the route.
 */
export const HousePriceBody = v.strictObject({
  selectionId: v.optional(wholeNumber('selectionId', 0, Number.MAX_SAFE_INTEGER)),
  back: v.optional(wholeNumber('back', 1, 1_000)),
  lay: v.optional(wholeNumber('lay', 1, 1_000)),
  noLine: v.optional(wholeNumber('noLine', 0, 10_000)),
  noRate: v.optional(wholeNumber('noRate', 1, 1_000)),
  yesLine: v.optional(wholeNumber('yesLine', 0, 10_000)),
  yesRate: v.optional(wholeNumber('yesRate', 1, 1_000)),
  status: v.optional(v.picklist(FEED_STATUSES, 'status must be ACTIVE, SUSPENDED or Ball Running')),
});

/** POST /api/admin/markets/{marketId}/result: the winner of a runner market, or the runs of a fancy. */
export const MarketResultBody = v.pipe(
  v.strictObject({
    selectionId: v.optional(wholeNumber('selectionId', 0, Number.MAX_SAFE_INTEGER)),
    runs: v.optional(wholeNumber('runs', 0, 10_000)),
    /** Declaring moves many players' money: confirmed with the transaction password. */
    transaction_password: TransactionPasswordField,
  }),
  v.check(
    (b) => (b.selectionId === undefined) !== (b.runs === undefined),
    'Give the winner (selectionId) or the runs, not both',
  ),
);

/** POST /api/admin/markets/{marketId}/void and /revoke: they move many players' money too. */
export const TransactionPasswordBody = v.strictObject({ transaction_password: TransactionPasswordField });

/** PUT /api/messages. */
export const NewsMessageBody = v.strictObject({ text: text('The message', { max: 500 }) });
