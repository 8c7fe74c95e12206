/** JSON Schemas of the casino's shapes (contracts/src/casino/api.ts), for the OpenAPI description. */

type Schema = Record<string, unknown>;

const str: Schema = { type: 'string' };
const num: Schema = { type: 'number' };
const int: Schema = { type: 'integer' };
const bool: Schema = { type: 'boolean' };
const time: Schema = { type: 'string', format: 'date-time' };
const nullable = (s: Schema): Schema => ({ ...s, nullable: true });
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const arr = (items: Schema): Schema => ({ type: 'array', items });
const obj = (properties: Record<string, Schema>, required = Object.keys(properties)): Schema => ({
  type: 'object',
  properties,
  required,
});
const oneOf = (...values: string[]): Schema => ({ type: 'string', enum: values });

const ROUND_STATUS = oneOf('betting', 'closed', 'dealing', 'settled', 'void');
const OUTCOME = oneOf('win', 'lose', 'push', 'half-win', 'half-lose');

const ROUND: Record<string, Schema> = {
  mid: { ...str, description: 'Round id: table prefix + yymmddHHMMSS (IST)' },
  tableCode: str,
  tableName: str,
  status: ROUND_STATUS,
  openedAt: time,
  closesAt: time,
  commitment: { ...str, description: 'SHA-256 of the server seed, published when the round opened' },
  algorithm: str,
  cards: arr(obj({ card: str, to: str })),
  serverSeed: nullable({ ...str, description: 'Revealed with the result' }),
  result: nullable(
    obj({
      code: int,
      winner: str,
      description: str,
      markets: arr(obj({ sid: int, nat: str, outcome: OUTCOME, odds: nullable(num) })),
    }),
  ),
  voidReason: nullable(str),
  settledAt: nullable(time),
};

export const CASINO_SCHEMAS: Record<string, Schema> = {
  CasinoTableDto: obj({
    _id: str,
    game_identifier: str,
    game_name: str,
    name: str,
    game_image: { ...str, description: 'An SVG made by the product, as a data: URL' },
    game_status: oneOf('ACTIVE', 'SUSPENDED'),
    category: int,
    min: num,
    max: num,
    bettingSeconds: int,
    markets: arr(
      obj({
        sid: int,
        nat: str,
        group: str,
        odds: num,
        payTable: nullable(arr(obj({ hand: str, odds: num }))),
        picks: { ...nullable(int), description: 'A bet on it names this many card ranks, sent as ranks' },
      }),
    ),
    round: nullable(obj({ mid: str, status: ROUND_STATUS })),
  }),
  CasinoTableList: obj({ data: arr(ref('CasinoTableDto')) }),
  CasinoRoundDto: obj(ROUND),
  CasinoRoundDetail: obj({
    ...ROUND,
    clientSeed: str,
    nonce: int,
    shoe: { ...arr(str), description: 'The unshuffled shoe, card codes in order' },
  }),
  CasinoResultDto: obj({ mid: str, win: str, code: int }),
  CasinoResultPage: obj({
    data: obj({
      data: obj(
        { res: arr(ref('CasinoResultDto')), total: int, page: int, limit: int, totalPages: int, capped: bool },
        ['res', 'total', 'page', 'limit', 'totalPages'],
      ),
    }),
  }),
  CasinoTableLive: obj({
    table: ref('CasinoTableDto'),
    round: nullable(ref('CasinoRoundDto')),
    results: arr(ref('CasinoResultDto')),
    serverTime: time,
  }),
  CasinoBetDto: obj({
    _id: str,
    user_id: str,
    user_info: obj({ username: str }),
    bet_type: oneOf('casino'),
    market_type: oneOf('CASINO'),
    table_id: str,
    table_name: str,
    game_round_id: str,
    selection: int,
    selection_name: str,
    odds: num,
    odds_type: oneOf('back'),
    stake: num,
    potential_win: num,
    pay_range: nullable({
      ...obj({ odds: arr(num), potential_win: arr(num) }),
      description: "A market that pays by hand: its pay table's lowest and highest odds and the potential win at each",
    }),
    status: oneOf('pending', 'won', 'lost', 'void'),
    outcome: nullable(OUTCOME),
    pnl: nullable(num),
    result: nullable(str),
    reference_id: str,
    placed_at: time,
    settled_at: nullable(time),
  }),
  CasinoBetPage: obj({ data: arr(ref('CasinoBetDto')), pagination: ref('Pagination') }),
  CasinoPlaceBetResponse: obj({ message: str, bet: ref('CasinoBetDto'), bet_id: str, reference_id: str }),
  CasinoPosition: obj({
    round: nullable(ref('CasinoRoundDto')),
    markets: arr(obj({ sid: int, nat: str, bets: int, stake: num, houseIfWins: num, houseIfLoses: num })),
    bets: arr(ref('CasinoBetDto')),
  }),
  CasinoTableEnvelope: obj({ message: str, data: ref('CasinoTableDto') }),
  CasinoGameReport: obj({
    data: arr(obj({ date: str, table_id: str, table_name: str, bets: int, turnover: num, house_profit: num })),
  }),
};
