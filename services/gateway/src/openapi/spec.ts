import { SCHEMAS } from './schemas.js';

type Auth = 'any' | 'player' | 'admin' | 'market-admin';

interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  tag: string;
  summary: string;
  auth: Auth;
  query?: string[];
  body?: Record<string, unknown> | string;
  answer: Record<string, unknown> | string;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const list = (name: string) => ({ type: 'object', properties: { data: { type: 'array', items: ref(name) } } });
const free = (description: string) => ({ type: 'object', description });

const AUTH_NOTE: Record<Auth, string> = {
  any: 'Any signed-in user.',
  player: 'Player tokens only (role user).',
  admin: 'Back-office tokens; lists and actions cover the caller\'s downline only.',
  'market-admin': 'Back-office tokens of role admin or super admin.',
};

/** The exchange's calls as docs/exchange-api.md lists them. */
const OPERATIONS: Operation[] = [
  { method: 'get', path: '/api/sports/whitelabel/allowed', tag: 'Discovery', summary: 'Sports offered', auth: 'any', answer: { type: 'object', properties: { sports: { type: 'array', items: ref('SportDto') } } } },
  { method: 'get', path: '/api/sports/active', tag: 'Discovery', summary: 'Open matches per sport with best match-odds prices', auth: 'any', answer: list('ActiveSport') },
  { method: 'get', path: '/api/matches/{matchId}', tag: 'Discovery', summary: 'A match with every market, live prices, statuses and the score', auth: 'any', answer: 'MatchDetail' },
  { method: 'get', path: '/api/messages', tag: 'Discovery', summary: 'The news line', auth: 'any', answer: free('{ data: { text } }') },
  { method: 'post', path: '/api/bets', tag: 'Player betting', summary: 'Place a bet (header Idempotency-Key optional)', auth: 'player', body: 'PlaceBetBody', answer: 'PlaceBetResponse' },
  { method: 'get', path: '/api/my_bets', tag: 'Player betting', summary: 'Pending bets, matched and unmatched', auth: 'player', query: ['eventId'], answer: list('BetDto') },
  { method: 'get', path: '/api/recent/bets', tag: 'Player betting', summary: 'The player\'s bets on a match, newest first', auth: 'player', query: ['eventId', 'marketId'], answer: list('BetDto') },
  { method: 'get', path: '/api/bets/mine', tag: 'Player betting', summary: 'Bet history', auth: 'player', query: ['status', 'from', 'to', 'page', 'limit'], answer: 'BetPage' },
  { method: 'get', path: '/api/profit-loss/mine', tag: 'Player betting', summary: 'Settled markets with P&L and commission', auth: 'player', query: ['from', 'to', 'page', 'limit'], answer: free('Paginated<ProfitLossRow>') },
  { method: 'patch', path: '/api/bets/{id}/status', tag: 'Player betting', summary: 'Player: cancel the unmatched remainder; back office: delete a pending downline bet', auth: 'any', body: free('{ status: "cancelled" }'), answer: free('{ message, bet: BetDto }') },
  { method: 'get', path: '/api/betting-buttons/{userId}', tag: 'Player betting', summary: 'Quick-stake buttons (defaults until saved)', auth: 'any', answer: free('{ data: BettingButtons }') },
  { method: 'put', path: '/api/betting-buttons', tag: 'Player betting', summary: 'Save quick-stake buttons', auth: 'player', body: 'BettingButtons', answer: free('{ message, data: BettingButtons }') },
  { method: 'get', path: '/api/bets/event/{matchId}/categorized', tag: 'Back office', summary: 'Downline bets on a match by market type', auth: 'admin', query: ['matched_status', 'market_types', 'odds_type', 'status', 'username', 'startDate', 'endDate', 'min_stake', 'max_stake'], answer: free('{ data: { markets: Record<MarketType, BetDto[]> } }') },
  { method: 'post', path: '/api/alluserbetList', tag: 'Back office', summary: 'Downline bet history', auth: 'admin', query: ['page'], body: free('{ market_type?, matched_status?, odds_type?, deleted?, status?, event_id?, username?, amount_from?, amount_to?, start_date?, end_date?, limit? }'), answer: 'BetPage' },
  { method: 'post', path: '/api/delete-bets', tag: 'Back office', summary: 'Delete pending downline bets (role admin)', auth: 'admin', body: free('{ ids: string[], transaction_password }'), answer: free('{ message, deleted }') },
  { method: 'get', path: '/api/users/downline-with-locks', tag: 'Back office', summary: 'Downline players with their bet lock on a target', auth: 'admin', query: ['event_id', 'market_type', 'market_id'], answer: free('{ data: { users: { userId, username, role, is_locked }[] } }') },
  { method: 'put', path: '/api/market-locks/{matchId}', tag: 'Back office', summary: 'Lock or unlock betting for downline users', auth: 'admin', body: free('{ userId: string | string[], is_locked, lock_target: MarketLockTarget, transaction_password }'), answer: 'Message' },
  { method: 'get', path: '/api/market-locks/user-book/{marketId}', tag: 'Back office', summary: 'Stakes per downline user and selection', auth: 'admin', answer: free('{ data: { users: UserBookRow[] } } or { message: "No Result Found", ... }') },
  { method: 'post', path: '/api/get-user-wise-book', tag: 'Back office', summary: 'Each downline user\'s P&L on every runner', auth: 'admin', body: free('{ marketId }'), answer: free('{ markets: [{ marketId, runners, users: { username, book }[] }] }') },
  { method: 'post', path: '/api/get-fancy-position', tag: 'Back office', summary: 'Run position of a fancy (downline total or one user)', auth: 'admin', body: free('{ marketId, userId? }'), answer: free('{ data: { completeBookList: { run, value }[] } }') },
  { method: 'get', path: '/api/report/selection_analysis', tag: 'Back office', summary: 'Pending stakes per event, market and selection', auth: 'admin', query: ['search'], answer: free('{ eventAnalysis: [...] }') },
  { method: 'get', path: '/api/bet/downline/profit-loss', tag: 'Back office', summary: 'Settled P&L of each direct downline branch', auth: 'admin', query: ['page', 'limit', 'reportType', 'search'], answer: free('{ users, total }') },
  { method: 'get', path: '/api/admin/users/{userId}/as-of', tag: 'Back office', summary: 'A wallet at a past moment (id or username; own account or downline, privilege account-statement): the balance then and the statement up to then, newest first; at is ISO 8601 with a time zone', auth: 'admin', query: ['at', 'page', 'limit'], answer: 'AsOfStatement' },
  { method: 'get', path: '/api/admin/sports', tag: 'Market management', summary: 'Sports with match counts', auth: 'market-admin', answer: free('{ data: { id, name, matches }[] }') },
  { method: 'get', path: '/api/admin/series/{sportId}', tag: 'Market management', summary: 'Series of a sport', auth: 'market-admin', answer: free('{ data: { seriesId, name, matches }[] }') },
  { method: 'get', path: '/api/admin/matches/{sportId}', tag: 'Market management', summary: 'Matches of a sport', auth: 'market-admin', query: ['status'], answer: list('MatchSummary') },
  { method: 'get', path: '/api/admin/markets/{matchId}', tag: 'Market management', summary: 'Markets of a match', auth: 'market-admin', query: ['kind'], answer: list('MarketDto') },
  { method: 'put', path: '/api/admin/markets/{marketId}/settings', tag: 'Market management', summary: 'Stake limits, bet delay, commission', auth: 'market-admin', body: free('{ min, max, betDelaySec, commissionPercent }'), answer: free('{ message, data: MarketDto }') },
  { method: 'put', path: '/api/admin/markets/{marketId}/status', tag: 'Market management', summary: 'Suspend, close or reopen a market', auth: 'market-admin', body: free('{ status: ACTIVE | SUSPENDED | CLOSED }'), answer: free('{ message, data: MarketDto }') },
  { method: 'put', path: '/api/admin/markets/{marketId}/house-price', tag: 'Market management', summary: 'Price a bookmaker runner or a fancy by hand (the market then ignores the feed)', auth: 'market-admin', body: free('{ selectionId, back, lay, status? } for a bookmaker runner, or { noLine, noRate, yesLine, yesRate, status? } for a fancy; status ACTIVE (default) | SUSPENDED | Ball Running'), answer: free('{ message, data: MarketDto }') },
  { method: 'delete', path: '/api/admin/markets/{marketId}/house-price', tag: 'Market management', summary: 'Clear the house prices: the market follows the feed again', auth: 'market-admin', answer: free('{ message, data: MarketDto }') },
  { method: 'post', path: '/api/admin/markets/{marketId}/result', tag: 'Market management', summary: 'Declare the result and settle', auth: 'market-admin', body: free('{ selectionId } or { runs }'), answer: 'Message' },
  { method: 'post', path: '/api/admin/markets/{marketId}/void', tag: 'Market management', summary: 'Void the market', auth: 'market-admin', answer: 'Message' },
  { method: 'post', path: '/api/admin/markets/{marketId}/revoke', tag: 'Market management', summary: 'Revoke the declared result', auth: 'market-admin', answer: 'Message' },
  { method: 'get', path: '/api/admin/event-management', tag: 'Market management', summary: 'Open or settled markets with bet counts', auth: 'market-admin', query: ['status'], answer: free('{ data: (MarketDto & { matchName, sportId, betCount })[] }') },
  { method: 'put', path: '/api/messages', tag: 'Market management', summary: 'Set the news line', auth: 'market-admin', body: free('{ text }'), answer: 'Message' },
];

const schemaOf = (s: Record<string, unknown> | string) => (typeof s === 'string' ? ref(s) : s);

function operation(op: Operation): Record<string, unknown> {
  const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  const query = (op.query ?? []).map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } }));
  return {
    tags: [op.tag],
    summary: op.summary,
    description: AUTH_NOTE[op.auth],
    security: [{ bearer: [] }],
    parameters: [...pathParams, ...query],
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(op.body) } } } } : {}),
    responses: {
      200: { description: 'OK', content: { 'application/json': { schema: schemaOf(op.answer) } } },
      default: { description: 'A refusal: 4xx for anything a client can send', content: { 'application/json': { schema: ref('Error') } } },
    },
  };
}

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operation(op);
  return {
    openapi: '3.0.3',
    info: {
      title: 'Exchange API: sports exchange',
      version: '1',
      description: 'Amounts are rupees as JSON numbers; match odds decimal odds, bookmaker odds the rate, fancy odds the run line with its rate in volume. Websocket /ws: see docs/exchange-api.md.',
    },
    paths,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, schemas: SCHEMAS },
  };
}
