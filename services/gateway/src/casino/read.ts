import {
  casinoTableImage,
  CASINO_MARKET_TYPE,
  paiseToRupees,
  type CasinoBetDto,
  type CasinoResultDto,
  type CasinoRoundDto,
  type CasinoTableDto,
  type CasinoTableLive,
  type SqlClient,
} from '@exch/contracts';
import {
  casinoTable,
  casinoTables,
  lastResults,
  lastRound,
  type CasinoBetRow,
  type CasinoResultRow,
  type CasinoRoundRow,
  type CasinoTableRow,
} from '@exch/projector/read';
import { HttpError } from '../http/errors.js';

// The casino read models (services/projector/src/casino) as the routes answer them.

const iso = (d: Date | string): string => new Date(d).toISOString();
const decimal = (hundredths: number): number => hundredths / 100;

export function toTableDto(r: CasinoTableRow): CasinoTableDto {
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

export function toRoundDto(r: CasinoRoundRow): CasinoRoundDto {
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
export function payRange(payTable: CasinoBetRow['pay_table']): [number, number] | null {
  if (!payTable || payTable.length === 0) return null;
  const odds = payTable.map((p) => p.odds);
  return [Math.min(...odds), Math.max(...odds)];
}

export function toBetDto(r: CasinoBetRow): CasinoBetDto {
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

/** A table, or 404. */
export async function findTable(sql: SqlClient, code: string): Promise<CasinoTableRow> {
  const table = await casinoTable(sql, code);
  if (!table) throw new HttpError(404, 'Table not found', 'TABLE_NOT_FOUND');
  return table;
}

export async function listTables(sql: SqlClient, category?: number): Promise<CasinoTableDto[]> {
  return (await casinoTables(sql, category)).map(toTableDto);
}

/** Finished rounds' results, newest first. */
export const resultOf = (r: CasinoResultRow): CasinoResultDto => ({
  mid: r.mid,
  win: r.status === 'void' ? 'Void' : (r.winner ?? ''),
  code: r.code ?? 0,
});

/** The table, its round under way (else the last one, its result still on screen) and its last ten results. */
export function tableLive(sql: SqlClient, code: string): Promise<CasinoTableLive> {
  // One snapshot: read across a read-model commit, the table named a round still dealing beside the
  // same round already settled.
  return sql.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read');
    const table = await findTable(tx, code);
    const round = await lastRound(tx, code);
    const results = await lastResults(tx, code);
    return {
      table: toTableDto(table),
      round: round && toRoundDto(round),
      results: results.map(resultOf),
      serverTime: new Date().toISOString(),
    };
  });
}
