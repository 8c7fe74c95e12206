/**
 * The Exchange Stream API's messages (Betfair's ESASwaggerSchema), only the parts this feed reads
 * or sends. The same `mcm` lines are what Betfair's historic data files hold, one JSON per line.
 * Prices are decimal odds and sizes GBP as Betfair sends them; to-feed.ts converts them.
 */

/** [price, size]: a full-depth ladder entry (atb, atl, trd); size 0 removes the price. */
export type PriceVol = [price: number, size: number];
/** [level, price, size]: a positional ladder entry (batb, batl, bdatb, bdatl), level 0 the best; size 0 empties the level. */
export type LevelPriceVol = [level: number, price: number, size: number];

export type RunnerStatus = 'ACTIVE' | 'REMOVED' | 'WINNER' | 'LOSER' | 'PLACED' | 'HIDDEN' | 'REMOVED_VACANT';
export type MarketStatus = 'INACTIVE' | 'OPEN' | 'SUSPENDED' | 'CLOSED';

export interface RunnerDefinition {
  id: number;
  hc?: number;
  status: RunnerStatus;
  sortPriority?: number;
  /** Percent; on a removed runner the reduction applied to the other runners' matched prices. */
  adjustmentFactor?: number;
  removalDate?: string;
  /** Historic files carry the runner's name; the live stream does not. */
  name?: string;
}

export interface MarketDefinition {
  status: MarketStatus;
  inPlay?: boolean;
  betDelay?: number;
  numberOfWinners?: number;
  eventTypeId?: string;
  eventId?: string;
  marketType?: string;
  marketTime?: string;
  openDate?: string;
  countryCode?: string;
  venue?: string;
  version?: number;
  runners: RunnerDefinition[];
  /** Historic files only: the event's and the market's names. */
  eventName?: string;
  name?: string;
}

export interface RunnerChange {
  id: number;
  hc?: number;
  atb?: PriceVol[];
  atl?: PriceVol[];
  batb?: LevelPriceVol[];
  batl?: LevelPriceVol[];
  bdatb?: LevelPriceVol[];
  bdatl?: LevelPriceVol[];
  trd?: PriceVol[];
  ltp?: number;
  tv?: number;
}

export interface MarketChange {
  id: string;
  /** The whole market follows: replace what the cache holds. */
  img?: boolean;
  marketDefinition?: MarketDefinition;
  rc?: RunnerChange[];
  tv?: number;
  /** Conflated: several changes were merged into this one (the consumer was slow or asked for conflation). */
  con?: boolean;
}

export type ChangeType = 'SUB_IMAGE' | 'RESUB_DELTA' | 'HEARTBEAT';
export type SegmentType = 'SEG_START' | 'SEG' | 'SEG_END';

export interface MarketChangeMessage {
  op: 'mcm';
  id?: number;
  clk?: string;
  initialClk?: string;
  /** Publish time, ms since the epoch. */
  pt: number;
  /** Absent on an ordinary delta. */
  ct?: ChangeType;
  segmentType?: SegmentType;
  conflateMs?: number;
  heartbeatMs?: number;
  /** Absent while the stream is healthy; 503 while Betfair's stream runs late (its prices may be old). */
  status?: number;
  mc?: MarketChange[];
}

/** One innings of a cricket match as the score stream states it. */
export interface InningsStats {
  inningsNum: number;
  battingTeam?: string;
  bowlingTeam?: string;
  inningsRuns?: number;
  /** Overs as shown: "12.5" = 12 overs and 5 balls. */
  inningsOvers?: string;
  inningsWickets?: number;
}

/** The two batsmen in (`bat1…`, `bat2…`); `bat1Strike` 1 while batsman 1 is on strike. */
export interface BattingTeamStats {
  teamName?: string;
  bat1Name?: string;
  bat1Runs?: number;
  bat1Balls?: number;
  bat1Fours?: number;
  bat1Sixes?: number;
  bat1Strike?: number;
  bat2Name?: string;
  bat2Runs?: number;
  bat2Balls?: number;
  bat2Fours?: number;
  bat2Sixes?: number;
  bat2Strike?: number;
}

/** The two bowlers on (`bowl1…`, `bowl2…`), their overs as shown ("3.2"). */
export interface BowlingTeamStats {
  teamName?: string;
  bowl1Name?: string;
  bowl1Overs?: string;
  bowl1Runs?: number;
  bowl1Maidens?: number;
  bowl1Wickets?: number;
  bowl2Name?: string;
  bowl2Overs?: string;
  bowl2Runs?: number;
  bowl2Maidens?: number;
  bowl2Wickets?: number;
}

/** A match's stats on the score stream; a change that carries them carries them whole. */
export interface MatchStats {
  currentInnings?: number;
  inningsStats?: InningsStats[];
  battingTeamStats?: BattingTeamStats;
  bowlingTeamStats?: BowlingTeamStats;
  /** The toss in words; "NA" before it is known. */
  tossResult?: string;
  /** The winning team, "NA" until there is one. */
  winner?: string;
  scoreboardStatus?: string;
}

/** A side as the score stream names it: the team and its runner in the match-odds market. */
export interface CricketTeam {
  name?: string;
  selectionId?: number;
}

/**
 * One match's change on the cricket score stream (`ccm`); a part left out has not changed. Also
 * carried, not read: the squads (`homeTeam.players`) and `incidentListWrapper` (the last balls).
 */
export interface CricketChange {
  eventId: string;
  marketId?: string;
  /** The teams with their match-odds runners' selection ids: names a market's definitions often lack. */
  homeTeam?: CricketTeam;
  awayTeam?: CricketTeam;
  fixtureInfo?: {
    fixtureStatus?: string;
    eventStatus?: string;
    maxOvers?: number;
    eventDescription?: string;
    expectedStartTime?: number;
  };
  matchStats?: MatchStats;
}

export interface CricketChangeMessage {
  op: 'ccm';
  id?: number;
  clk?: string;
  initialClk?: string;
  pt: number;
  ct?: ChangeType;
  cc?: CricketChange[];
}

/** A message the feed applies: market changes, or the cricket score stream's changes. */
export type ChangeMessage = MarketChangeMessage | CricketChangeMessage;

export interface ConnectionMessage {
  op: 'connection';
  connectionId: string;
}

export type StatusErrorCode =
  | 'NO_APP_KEY'
  | 'INVALID_APP_KEY'
  | 'NO_SESSION'
  | 'INVALID_SESSION_INFORMATION'
  | 'NOT_AUTHORIZED'
  | 'INVALID_INPUT'
  | 'INVALID_CLOCK'
  | 'UNEXPECTED_ERROR'
  | 'TIMEOUT'
  | 'SUBSCRIPTION_LIMIT_EXCEEDED'
  | 'INVALID_REQUEST'
  | 'CONNECTION_FAILED'
  | 'MAX_CONNECTION_LIMIT_EXCEEDED'
  | 'TOO_MANY_REQUESTS';

export interface StatusMessage {
  op: 'status';
  id?: number;
  statusCode: 'SUCCESS' | 'FAILURE';
  errorCode?: StatusErrorCode;
  errorMessage?: string;
  connectionClosed?: boolean;
  connectionId?: string;
  connectionsAvailable?: number;
}

export type ResponseMessage = ConnectionMessage | StatusMessage | MarketChangeMessage | CricketChangeMessage;

/** The Betting API's market filter as the stream takes it (all optional, and-ed together). */
export interface MarketFilter {
  marketIds?: string[];
  eventTypeIds?: string[];
  eventIds?: string[];
  marketTypes?: string[];
  countryCodes?: string[];
  bettingTypes?: string[];
  venues?: string[];
  turnInPlayEnabled?: boolean;
  bspMarket?: boolean;
}

export type MarketDataField =
  | 'EX_BEST_OFFERS_DISP'
  | 'EX_BEST_OFFERS'
  | 'EX_ALL_OFFERS'
  | 'EX_TRADED'
  | 'EX_TRADED_VOL'
  | 'EX_LTP'
  | 'EX_MARKET_DEF';

export interface AuthenticationRequest {
  op: 'authentication';
  id: number;
  appKey: string;
  session: string;
}

export interface MarketSubscriptionRequest {
  op: 'marketSubscription';
  id: number;
  marketFilter: MarketFilter;
  marketDataFilter: { fields: MarketDataField[]; ladderLevels?: number };
  segmentationEnabled: boolean;
  heartbeatMs: number;
  conflateMs?: number;
  initialClk?: string;
  clk?: string;
}

/** The cricket score stream's subscription (Betfair's sports data stream). */
export interface CricketSubscriptionRequest {
  op: 'cricketSubscription';
  id: number;
  initialClk?: string;
  clk?: string;
}

export interface HeartbeatRequest {
  op: 'heartbeat';
  id: number;
}

export type RequestMessage =
  | AuthenticationRequest
  | MarketSubscriptionRequest
  | CricketSubscriptionRequest
  | HeartbeatRequest;

/** Errors after which reconnecting cannot help: wrong credentials, a refused filter, no subscription left. */
export const FATAL_ERRORS: ReadonlySet<StatusErrorCode> = new Set([
  'NO_APP_KEY',
  'INVALID_APP_KEY',
  'NO_SESSION',
  'INVALID_SESSION_INFORMATION',
  'NOT_AUTHORIZED',
  'INVALID_INPUT',
  'INVALID_REQUEST',
  'SUBSCRIPTION_LIMIT_EXCEEDED',
]);

/** The stream's framing: one JSON message per line, lines ended by CRLF. */
export function encode(message: RequestMessage): string {
  return `${JSON.stringify(message)}\r\n`;
}

/** Splits a byte stream into lines, holding back a partial last line until the rest arrives. */
export class LineSplitter {
  private rest = '';

  push(chunk: string): string[] {
    const parts = (this.rest + chunk).split('\n');
    this.rest = parts.pop()!;
    return parts.map((l) => l.replace(/\r$/, '')).filter((l) => l.length > 0);
  }
}
