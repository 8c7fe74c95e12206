import * as v from 'valibot';
import { FEED_STATUSES, type CricketScoreUpdate, type FancyType, type MarketKind } from './feed.js';
import type { MarketStatus } from './feed.js';
import { percentBp, rupees } from '../api/amount.js';
import { idOrNumber, idText, text } from '../api/text.js';
import { wholeNumber } from '../api/numbers.js';
import { TransactionPassword } from '../api/passwords.js';
import { listWords, winnersOf } from './result.js';

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
  /** Why the feed holds the market suspended (it went silent, was refused, its replay ended); null while it speaks. */
  feedStale: string | null;
  /** The feed's in-play delay in seconds (0 without one); a bet in play waits the larger of this and `betDelaySec`. */
  feedBetDelaySec: number;
  /** Winners it pays: 1, or several for a place market. */
  numberOfWinners: number;
  /** Non-runners with their reduction factor in hundredths of a percent. */
  removed: { selectionId: number; adjustmentFactorBp: number }[];
  /** Winners the feed proposed on closing it, until settled: an admin may confirm them. */
  proposed: number[] | null;
}

/** A cricket match's live score as the match page shows it: the feed's score (`CricketScoreUpdate`) as it is. */
export type ScoreDto = Omit<CricketScoreUpdate, 'type'>;

/** A declared result as people read it: the winner, every placed runner ("A and B"), the runs, or Void; '-' before one. */
export function resultText(result: MarketDto['result'], nameOf: (selectionId: number) => string | undefined): string {
  if (result === null) return '-';
  if (result.void) return 'Void';
  if (result.runs !== undefined) return `${result.runs} runs`;
  return listWords(winnersOf(result).map((id) => nameOf(id) ?? `Selection ${id}`));
}

/** The lobby's word on a match some of whose markets are settled: how many are still open, and what the settled ones declared. */
export interface MatchMarketsState {
  open: number;
  settled: { name: string; result: string }[];
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
  /** The lobby's: set once any market of the match is settled (GET /api/sports/active). */
  markets?: MatchMarketsState;
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
  transaction_password: TransactionPassword,
});

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

/**
 * POST /api/admin/markets/{marketId}/result: the winner of a runner market (selectionId), every
 * placed runner of a market paying several (selectionIds), or the runs of a fancy.
 */
export const MarketResultBody = v.pipe(
  v.strictObject({
    selectionId: v.optional(wholeNumber('selectionId', 0, Number.MAX_SAFE_INTEGER)),
    selectionIds: v.optional(
      v.pipe(
        v.array(wholeNumber('selectionIds', 0, Number.MAX_SAFE_INTEGER), 'selectionIds must be a list of runners'),
        v.minLength(1, 'selectionIds must name at least one runner'),
        v.maxLength(100, 'selectionIds must name at most 100 runners'),
      ),
    ),
    runs: v.optional(wholeNumber('runs', 0, 10_000)),
    /** Declaring moves many players' money: confirmed with the transaction password. */
    transaction_password: TransactionPassword,
  }),
  v.check(
    (b) => [b.selectionId, b.selectionIds, b.runs].filter((x) => x !== undefined).length === 1,
    'Give the winner (selectionId), the placed runners (selectionIds) or the runs, one of them',
  ),
);

/** PUT /api/messages. */
export const NewsMessageBody = v.strictObject({ text: text('The message', { max: 500 }) });

/** Event management's settled view lists this many markets, the latest declared first: a year of results is not one page. */
export const SETTLED_MARKETS_SHOWN = 500;
