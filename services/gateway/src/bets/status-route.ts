import { BetStatusBody, type BetDto } from '@exch/contracts';
import { assertRoutePrivilege } from '../accounts/permissions.js';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import { params } from '../http/route.js';
import type { ExchangeDeps } from '../deps.js';
import { toBetDto } from './dto.js';
import { betAfter, betById } from '@exch/projector/read';

export const INVALID_BET = 'Invalid bet data. Unable to delete.';
const invalidBet = () => new HttpError(404, INVALID_BET, 'BET_NOT_FOUND');

/**
 * PATCH /api/bets/{id}/status {status: 'cancelled'}: a player takes the unmatched remainder of its
 * own bet off the book; a back-office login deletes a pending bet of its downline. A bet the caller
 * may not touch answers like an unknown one, so nothing leaks.
 */
export function betStatusRoute({ sql, commands, limits, route }: ExchangeDeps): void {
  route(
    {
      method: 'PATCH',
      url: '/api/bets/:id/status',
      access: 'any',
      backOffice: 'delete-bets',
      tag: 'Player betting',
      params: params('id'),
      body: BetStatusBody,
      summary: 'Player: cancel the unmatched remainder; back office: delete a pending downline bet',
      rateLimited: 'bet instructions',
    },
    async (req, { params: p }): Promise<{ message: string; bet: BetDto }> => {
      const actor = req.auth!.sub;
      const betId = p.id;
      // The answer is the bet as read before, with the committed cancel or delete applied.
      if (req.auth!.ctx === 'player') {
        const row = await betById(sql, betId, { userId: actor });
        if (!row) throw invalidBet();
        await limits.betInstruction(req);
        const { events } = await send(commands, req, { type: 'CancelBet', betId });
        return { message: 'Unmatched stake cancelled', bet: toBetDto(betAfter(row, events)) };
      }
      assertRoutePrivilege(req);
      const row = await betById(sql, betId, { downlineOf: actor });
      if (!row) throw invalidBet();
      await limits.betInstruction(req);
      const { events } = await send(commands, req, { type: 'DeleteBets', betIds: [betId] });
      return { message: 'Bet deleted', bet: toBetDto(betAfter(row, events)) };
    },
  );
}
