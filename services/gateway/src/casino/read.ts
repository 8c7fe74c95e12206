import {
  casinoTableImage,
  CASINO_MARKET_TYPE,
  paiseToRupees,
  type CasinoBetDto,
  type CasinoCard,
  type CasinoMarketInfo,
  type CasinoOutcome,
  type CasinoResultDto,
  type CasinoRoundDto,
  type CasinoRoundStatus,
  type CasinoTableDto,
  type CasinoTableLive,
  type SqlClient,
} from '@exch/contracts';
import { HttpError } from '../http/errors.js';

/** The casino read models (services/projector/src/casino) as the routes answer them. */

export interface TableRow {
  table_code: string;
  name: string;
  category: number;
  min_stake: string;
  max_stake: string;
  betting_seconds: number;
  markets: CasinoMarketInfo[];
  suspended: boolean;
  current_mid: string | null;
  /** The round under way's status (joined). */
  round_status: CasinoRoundStatus | null;
}

export interface RoundRow {
  mid: string;
  table_code: string;
  table_name: string;
  commitment: string;
  algorithm: string;
  opened_at: Date | string;
  closes_at: Date | string;
  status: CasinoRoundStatus;
  cards: CasinoCard[];
  server_seed: string | null;
  result: {
    code: number;
    winner: string;
    description: string;
    markets: { sid: number; outcome: CasinoOutcome; odds?: number }[];
  } | null;
  void_reason: string | null;
  settled_at: Date | string | null;
  markets: CasinoMarketInfo[];
}

export interface BetRow {
  bet_id: string;
  user_id: string;
  username: string;
  table_code: string;
  table_name: string;
  mid: string;
  sid: number;
  selection_name: string;
  odds: number;
  /** The market's pay table (hundredths) when it pays by hand, else null. */
  pay_table: { hand: string; odds: number }[] | null;
  stake: string;
  status: CasinoBetDto['status'];
  outcome: CasinoOutcome | null;
  pnl: string | null;
  winner: string | null;
  reference_id: string;
  placed_at: Date | string;
  settled_at: Date | string | null;
}

export const TABLE_SELECT = `select t.table_code, t.name, t.category, t.min_stake, t.max_stake, t.betting_seconds, t.markets, t.suspended, t.current_mid, r.status as round_status
  from rm_casino_tables t left join rm_casino_rounds r on r.mid = t.current_mid`;

export const ROUND_SELECT = `select r.mid, r.table_code, t.name as table_name, r.commitment, r.algorithm, r.opened_at, r.closes_at, r.status, r.cards, r.server_seed, r.result,
    r.void_reason, r.settled_at, t.markets
  from rm_casino_rounds r join rm_casino_tables t on t.table_code = r.table_code`;

/** `b` bets, `u` users, `t` tables, `r` rounds: free for where clauses. */
export const BET_SELECT = `select b.bet_id, b.user_id, u.username, b.table_code, t.name as table_name, b.mid, b.sid, b.selection_name, b.odds,
    (select m->'payTable' from jsonb_array_elements(t.markets) m where (m->>'sid')::int = b.sid) as pay_table, b.stake, b.status, b.outcome,
    b.pnl, r.winner, b.reference_id, b.placed_at, b.settled_at
  from rm_casino_bets b join rm_users u on u.user_id = b.user_id join rm_casino_tables t on t.table_code = b.table_code left join rm_casino_rounds r on r.mid = b.mid`;

const iso = (d: Date | string): string => new Date(d).toISOString();
const decimal = (hundredths: number): number => hundredths / 100;

export function toTableDto(r: TableRow): CasinoTableDto {
  return {
    _id: r.table_code,
    game_identifier: r.table_code,
    game_name: r.name,
    name: r.name,
    game_image: casinoTableImage(r.table_code, r.name),
    game_status: r.suspended ? 'SUSPENDED' : 'ACTIVE',
    category: r.category,
    min: paiseToRupees(Number(r.min_stake)),
    max: paiseToRupees(Number(r.max_stake)),
    bettingSeconds: r.betting_seconds,
    markets: r.markets.map((m) => ({
      sid: m.sid,
      nat: m.name,
      group: m.group,
      odds: decimal(m.odds),
      payTable: m.payTable?.map((p) => ({ hand: p.hand, odds: decimal(p.odds) })) ?? null,
      picks: m.picks ?? null,
    })),
    round: r.current_mid && r.round_status ? { mid: r.current_mid, status: r.round_status } : null,
  };
}

export function toRoundDto(r: RoundRow): CasinoRoundDto {
  const names = new Map(r.markets.map((m) => [m.sid, m.name]));
  return {
    mid: r.mid,
    tableCode: r.table_code,
    tableName: r.table_name,
    status: r.status,
    openedAt: iso(r.opened_at),
    closesAt: iso(r.closes_at),
    commitment: r.commitment,
    algorithm: r.algorithm,
    cards: r.cards,
    serverSeed: r.server_seed,
    result: r.result && {
      code: r.result.code,
      winner: r.result.winner,
      description: r.result.description,
      markets: r.result.markets.map((m) => ({
        sid: m.sid,
        nat: names.get(m.sid) ?? `Market ${m.sid}`,
        outcome: m.outcome,
        odds: m.odds === undefined ? null : decimal(m.odds),
      })),
    },
    voidReason: r.void_reason,
    settledAt: r.settled_at === null ? null : iso(r.settled_at),
  };
}

/** The lowest and highest odds (hundredths) of a hand-paid market's pay table; null for a market with one price. */
export function payRange(payTable: BetRow['pay_table']): [number, number] | null {
  if (!payTable || payTable.length === 0) return null;
  const odds = payTable.map((p) => p.odds);
  return [Math.min(...odds), Math.max(...odds)];
}

export function toBetDto(r: BetRow): CasinoBetDto {
  const stake = Number(r.stake);
  // Profit rounds down (DESIGN.md rule 1).
  const win = (odds: number) => paiseToRupees(Math.floor(((odds - 100) * stake) / 100));
  const range = payRange(r.pay_table);
  return {
    _id: r.bet_id,
    user_id: r.user_id,
    user_info: { username: r.username },
    bet_type: 'casino',
    market_type: CASINO_MARKET_TYPE,
    table_id: r.table_code,
    table_name: r.table_name,
    game_round_id: r.mid,
    selection: r.sid,
    selection_name: r.selection_name,
    odds: decimal(r.odds),
    odds_type: 'back',
    stake: paiseToRupees(stake),
    potential_win: win(r.odds),
    pay_range: range && { odds: [decimal(range[0]), decimal(range[1])], potential_win: [win(range[0]), win(range[1])] },
    status: r.status,
    outcome: r.outcome,
    pnl: r.pnl === null ? null : paiseToRupees(Number(r.pnl)),
    result: r.status === 'pending' ? null : (r.winner ?? (r.status === 'void' ? 'Void' : null)),
    reference_id: r.reference_id,
    placed_at: iso(r.placed_at),
    settled_at: r.settled_at === null ? null : iso(r.settled_at),
  };
}

export async function findTable(sql: SqlClient, code: string): Promise<TableRow> {
  const { rows } = await sql.query<TableRow>(`${TABLE_SELECT} where t.table_code = $1`, [code]);
  if (!rows[0]) throw new HttpError(404, 'Table not found', 'TABLE_NOT_FOUND');
  return rows[0];
}

export async function listTables(sql: SqlClient, category?: number): Promise<CasinoTableDto[]> {
  const params: unknown[] = [];
  const where = category === undefined ? '' : `where t.category = $${params.push(category)}`;
  const { rows } = await sql.query<TableRow>(`${TABLE_SELECT} ${where} order by t.category, t.name`, params);
  return rows.map(toTableDto);
}

/** Finished rounds' results, newest first. */
export const resultOf = (r: {
  mid: string;
  winner: string | null;
  status: string;
  code: number | null;
}): CasinoResultDto => ({
  mid: r.mid,
  win: r.status === 'void' ? 'Void' : (r.winner ?? ''),
  code: r.code ?? 0,
});

export const RESULT_SELECT = `select r.mid, r.winner, r.status, (r.result->>'code')::int as code from rm_casino_rounds r`;
export const FINISHED = `r.status in ('settled', 'void')`;

/** The table, its round under way (else the last one, its result still on screen) and its last ten results. */
export async function tableLive(sql: SqlClient, code: string): Promise<CasinoTableLive> {
  const table = await findTable(sql, code);
  const { rows: rounds } = await sql.query<RoundRow>(
    `${ROUND_SELECT} where r.table_code = $1 order by r.opened_at desc, r.mid desc limit 1`,
    [code],
  );
  const { rows: results } = await sql.query<{
    mid: string;
    winner: string | null;
    status: string;
    code: number | null;
  }>(`${RESULT_SELECT} where r.table_code = $1 and ${FINISHED} order by r.opened_at desc, r.mid desc limit 10`, [code]);
  return {
    table: toTableDto(table),
    round: rounds[0] ? toRoundDto(rounds[0]) : null,
    results: results.map(resultOf),
    serverTime: new Date().toISOString(),
  };
}
