import type { FastifyRequest } from 'fastify';
import {
  CASINO_MARKET_TYPE,
  parseDecimal,
  parseRank,
  parseRupees,
  type CasinoBetPlaced,
  type CasinoPlaceBetResponse,
  type PlaceBetBody,
} from '@exch/contracts';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import type { ExchangeDeps } from '../deps.js';
import { findTable, toBetDto } from './read.js';

/**
 * POST /api/bets with bet_type casino (SPEC.md section 3): table_id and game_round_id name the
 * table and the round; event_id and market_id, required of every bet, must say the same. The
 * selection is the market's sid, the odds the table's (decimal), back only; a market that takes
 * card ranks (3 Cards Judgement) has them in `ranks`. The answer is built from
 * the committed CasinoBetPlaced and the table read before the command.
 */
export async function placeCasinoBet(
  { sql, commands, directory, limits }: ExchangeDeps,
  req: FastifyRequest,
  b: PlaceBetBody,
  betId: string,
  referenceId: string,
): Promise<CasinoPlaceBetResponse> {
  const missing = (['table_id', 'game_round_id'] as const).filter((f) => b[f] === undefined);
  if (missing.length > 0) throw new HttpError(400, `Missing required fields: ${missing.join(', ')}`);
  const tableCode = b.table_id!;
  const mid = b.game_round_id!;
  if (b.user_id !== req.auth!.sub) throw new HttpError(403, 'You can only place bets for yourself', 'FORBIDDEN');
  if (b.market_type.toUpperCase() !== CASINO_MARKET_TYPE)
    throw new HttpError(400, `market_type of a casino bet is ${CASINO_MARKET_TYPE}`);
  if (b.event_id !== tableCode) throw new HttpError(400, 'event_id must be the table (table_id)');
  if (b.market_id !== mid) throw new HttpError(400, 'market_id must be the round (game_round_id)');
  if ((b.odds_type ?? 'back') !== 'back' || b.isBack === false)
    throw new HttpError(400, 'Casino bets are back bets only');
  if (!/^\d{1,4}$/.test(b.selection)) throw new HttpError(400, 'selection must be the sid of a market of the table');
  const odds = parseDecimal(b.odds, 'Odds', { decimals: 2, max: 100_000, allowZero: false });
  if ('error' in odds) throw new HttpError(400, odds.error);
  const stake = parseRupees(b.stake, 'Stake', false);
  if ('error' in stake) throw new HttpError(400, stake.error);
  const table = await findTable(sql, tableCode);
  await limits.betInstruction(req);
  const { events } = await send(commands, req, {
    type: 'PlaceCasinoBet',
    betId,
    tableCode: table.table_code,
    mid,
    sid: Number(b.selection),
    // The engine checks that they fit the market: how many, each once.
    ...(b.ranks && { ranks: b.ranks.map((r) => parseRank(r)!) }),
    odds: odds.value,
    stake: stake.paise,
    referenceId,
  });
  const placed = events.find((e) => e.type === 'CasinoBetPlaced');
  if (!placed) throw new HttpError(503, 'The bet was placed but its answer was lost; see My Bet');
  const d = placed.data as CasinoBetPlaced;
  const user = await directory.user(d.userId);
  const bet = toBetDto({
    bet_id: d.betId,
    user_id: d.userId,
    username: user?.username ?? '',
    table_code: d.tableCode,
    table_name: table.name,
    mid: d.mid,
    sid: d.sid,
    selection_name: d.selectionName,
    odds: d.odds,
    pay_table: table.markets.find((m) => m.sid === d.sid)?.payTable ?? null,
    stake: String(d.stake),
    status: 'pending',
    outcome: null,
    pnl: null,
    winner: null,
    reference_id: d.referenceId,
    placed_at: placed.at,
    settled_at: null,
  });
  return {
    message: `Bet placed successfully! on Event: ${tableCode}`,
    bet,
    bet_id: bet._id,
    reference_id: bet.reference_id,
  };
}
