/** JSON Schemas of the exchange's shapes (contracts/src/api/betting.ts), for the OpenAPI description. */
import { CASINO_SCHEMAS } from '../casino/schemas.js';
import { PAYMENT_SCHEMAS } from '../payments/schemas.js';

type Schema = Record<string, unknown>;

const str: Schema = { type: 'string' };
const num: Schema = { type: 'number' };
const int: Schema = { type: 'integer' };
const bool: Schema = { type: 'boolean' };
const nullable = (s: Schema): Schema => ({ ...s, nullable: true });
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const arr = (items: Schema): Schema => ({ type: 'array', items });
const obj = (properties: Record<string, Schema>, required = Object.keys(properties)): Schema => ({ type: 'object', properties, required });
const oneOf = (...values: string[]): Schema => ({ type: 'string', enum: values });

const MARKET_TYPE = oneOf('MATCH_ODDS', 'Bookmaker', 'FANCY');
const LIVE_STATUS = oneOf('ACTIVE', 'SUSPENDED', 'Ball Running', 'CLOSED', 'SETTLED');

export const SCHEMAS: Record<string, Schema> = {
  Error: obj({ statusCode: int, error: str, message: str, code: str }, ['statusCode', 'error', 'message']),
  Message: obj({ message: str }),
  SportDto: obj({ id: int, name: str }),
  PriceDto: obj({ otype: oneOf('back', 'lay'), odds: { ...num, description: 'Match odds: decimal odds; bookmaker: rate; fancy: run line' }, size: { ...num, description: 'Match odds: rupees available; fancy: the rate; bookmaker: 0' }, tno: int }),
  SectionDto: obj({ sid: int, nat: str, sno: int, gstatus: LIVE_STATUS, odds: arr(ref('PriceDto')) }),
  MarketDto: obj({
    marketId: str, matchId: str, marketName: str, kind: oneOf('match_odds', 'bookmaker', 'fancy'), marketType: MARKET_TYPE, oddsType: oneOf('berFair', 'bookMaker', 'Fancy'),
    fancyType: nullable(str), min: num, max: num, status: oneOf('ACTIVE', 'SUSPENDED', 'CLOSED', 'SETTLED'), betDelaySec: int, commissionBp: int,
    manual: { ...bool, description: 'Bookmaker or fancy priced by hand: section shows the house prices, the feed is ignored' }, section: arr(ref('SectionDto')),
    result: nullable(obj({ selectionId: int, runs: int, void: bool }, [])),
  }),
  MatchSummary: obj({
    matchId: str, sportId: int, sportName: str, seriesId: str, seriesName: str, name: str, startTime: { ...str, format: 'date-time' }, inPlay: bool,
    runners: arr(obj({ selectionId: int, name: str, back: nullable(num), lay: nullable(num), status: LIVE_STATUS })),
  }),
  ScoreDto: obj({ matchId: str, innings: int, battingTeam: str, runs: int, wickets: int, overs: str }),
  MatchDetail: obj({ match: ref('MatchSummary'), markets: arr(ref('MarketDto')), score: nullable(ref('ScoreDto')) }),
  ActiveSport: obj({ sportId: int, name: str, matches: arr(ref('MatchSummary')) }),
  BetDto: obj({
    _id: str, user_id: str, user_info: obj({ username: str }), event_id: str, event_name: str, sportId: int, market_id: str, market_name: str, market_type: MARKET_TYPE, gtype: MARKET_TYPE,
    selection: nullable(int), selection_name: str, odds: num, volume: nullable(int), odds_type: oneOf('back', 'lay'), stake: num, matched_stake: num, unmatched_stake: num,
    type: oneOf('match', 'unmatch'), status: oneOf('pending', 'won', 'lost', 'void', 'cancelled', 'deleted'), potential_win: num, potential_loss: num, pnl: nullable(num),
    reference_id: str, placed_at: { ...str, format: 'date-time' }, settled_at: nullable({ ...str, format: 'date-time' }),
  }),
  Pagination: obj({ page: int, limit: int, total: int, totalPages: int }),
  BetPage: obj({ data: arr(ref('BetDto')), pagination: ref('Pagination') }),
  ProfitLossRow: obj({ event_id: str, event_name: str, market_id: str, market_name: str, market_type: MARKET_TYPE, pnl: num, commission: num, settled_at: str }),
  PlaceBetResponse: obj({ message: str, bet: ref('BetDto'), bet_id: str, reference_id: str }),
  StatementRow: obj({
    _id: str, date: { ...str, format: 'date-time' }, description: str, kind: str, credit: num, debit: num, balance: { ...num, description: 'The wallet after this row' }, remark: str,
    cause: obj({ type: str, position: { ...int, description: 'Log position of the transfer, mint, settlement or revoke' } }),
  }),
  AsOfStatement: obj({
    userId: str, username: str, at: { ...str, format: 'date-time' }, balance: { ...num, description: 'Rupees: every posting to the wallet stamped at or before at' }, held: { ...num, description: 'Rupees held for pending withdrawals at that moment' },
    entries: arr(ref('StatementRow')), pagination: ref('Pagination'),
  }),
  ButtonValue: obj({ label: str, value: int }),
  BettingButtons: obj({ sportsButtons: arr(ref('ButtonValue')), casinoButtons: arr(ref('ButtonValue')) }),
  MarketLockTarget: obj({ event_id: str, market_type: nullable(MARKET_TYPE), market_id: nullable(str) }),
  UserBookRow: obj({ user: str, selections: arr(obj({ selection_name: str, total_stake: num })) }),
  RoleDto: obj({ slug: str, name: str }),
  UserDto: obj({
    _id: str, username: str, fullName: str, role: ref('RoleDto'), balance: obj({ balance: num, exposer: num, held: { ...num, description: 'Pending withdrawals, already out of the balance' } }), creditRefrences: num, exposureLimit: num, white_label_id: str,
    parentId: nullable(str), mustChangePassword: bool, hasTransactionPassword: bool, totpEnabled: bool, permissions: nullable(arr(str)), betLocked: bool,
  }),
  AuthResponse: obj({ token: str, refreshToken: str, role: str, user: ref('UserDto') }),
  ClientRow: obj({
    _id: str, username: str, fullName: str, role: ref('RoleDto'), parentId: nullable(str), creditReference: num, exposureLimit: num, balance: num, exposure: num,
    availableBalance: num, clientPnl: num, accountLocked: bool, betLocked: bool, downlineCount: int, createdAt: { ...str, format: 'date-time' },
    share: nullable({ ...num, description: 'Partnership share, percent; null for a player' }),
  }),
  ClientEnvelope: obj({ message: str, user: ref('ClientRow') }, ['user']),
  DownlineResponse: obj({ users: arr(ref('ClientRow')), total: int, page: int, limit: int, parent: obj({ _id: str, username: str, role: ref('RoleDto') }), breadcrumb: arr(obj({ _id: str, username: str })) }),
  StatementPage: obj({ data: arr(ref('StatementRow')), pagination: ref('Pagination') }),
  MarketEnvelope: obj({ message: str, data: ref('MarketDto') }),
  ...PAYMENT_SCHEMAS,
  ...CASINO_SCHEMAS,
};
