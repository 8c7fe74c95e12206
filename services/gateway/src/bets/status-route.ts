import { BetStatusBody, type BetDto } from '@exch/contracts';
import { assertPrivilege } from '../accounts/permissions.js';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import { params } from '../http/route.js';
import type { ExchangeDeps } from '../markets/deps.js';
import { betsById } from './dto.js';
import { downlineCte } from './scope.js';

export const INVALID_BET = 'Invalid bet data. Unable to delete.';
const invalidBet = () => new HttpError(404, INVALID_BET, 'BET_NOT_FOUND');

/**
 * PATCH /api/bets/{id}/status {status: 'cancelled'}: a player takes the unmatched remainder of its
 * own bet off the book; a back-office login deletes a pending bet of its downline. A bet the caller
 * may not touch answers like an unknown one, so nothing leaks.
 */
export function betStatusRoute({ sql, commands, route }: ExchangeDeps): void {
  route({
    method: 'PATCH', url: '/api/bets/:id/status', access: 'any', tag: 'Player betting', params: params('id'), body: BetStatusBody,
    summary: 'Player: cancel the unmatched remainder; back office: delete a pending downline bet',
  }, async (req, { params: p }): Promise<{ message: string; bet: BetDto }> => {
    const actor = req.auth!.sub;
    const betId = p.id;
    if (req.auth!.ctx === 'player') {
      const { rows } = await sql.query(`select 1 from rm_bets where bet_id = $1 and user_id = $2`, [betId, actor]);
      if (rows.length === 0) throw invalidBet();
      await send(commands, req, { type: 'CancelBet', betId });
      const [bet] = await betsById(sql, [betId]);
      return { message: 'Unmatched stake cancelled', bet: bet! };
    }
    assertPrivilege(req, 'delete-bets');
    const { rows } = await sql.query(`${downlineCte(2)} select 1 from rm_bets b where b.bet_id = $1 and b.user_id in (select user_id from downline)`, [betId, actor]);
    if (rows.length === 0) throw invalidBet();
    await send(commands, req, { type: 'DeleteBets', betIds: [betId] });
    const [bet] = await betsById(sql, [betId]);
    return { message: 'Bet deleted', bet: bet! };
  });
}
