import { randomUUID } from 'node:crypto';
import { CashOutBody, formatPaise, type CashOutResponse } from '@exch/contracts';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import type { ExchangeDeps } from '../deps.js';
import { placedBetDto } from './placed.js';
import { betIdFor } from './place-route.js';

const rupeesText = (paise: number) => `${paise < 0 ? '-' : ''}₹${formatPaise(Math.abs(paise))}`;

/**
 * POST /api/bets/cash-out: the engine hedges the player's position on the runner at the best price
 * now (docs/exchange.md "Cash out"); the answer is the committed hedge bet.
 */
export function cashOutRoute(deps: ExchangeDeps): void {
  const { commands, directory, limits, route } = deps;
  route(
    {
      method: 'POST',
      url: '/api/bets/cash-out',
      access: 'player',
      tag: 'Player betting',
      summary:
        'Cash out a position on a match-odds or bookmaker runner, whole or a share (header Idempotency-Key optional)',
      rateLimited: 'bet instructions',
      body: CashOutBody,
    },
    async (req, { body }): Promise<CashOutResponse> => {
      const market = await directory.market(body.market_id);
      if (!market) throw new HttpError(404, 'Market not found', 'MARKET_NOT_FOUND');
      const selectionId = Number(body.selection);
      if (!market.runners.some((r) => r.selectionId === selectionId))
        throw new HttpError(400, 'selection must be a runner of the market');
      await limits.betInstruction(req);
      const percent = body.percent ?? 100;
      const { events } = await send(commands, req, {
        type: 'CashOut',
        betId: betIdFor(req, market.market_id),
        marketId: market.market_id,
        selectionId,
        percent,
        value: Math.round(body.value * 100),
        referenceId: randomUUID(),
      });
      const bet = await placedBetDto(directory, market, events);
      const value = Math.round(body.value * 100);
      return {
        message: `Cashed out ${percent === 100 ? '' : `${percent}% for `}${rupeesText(Math.round((value * percent) / 100))}`,
        bet,
      };
    },
  );
}
