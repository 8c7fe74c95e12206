import { AutoCashOutBody, idText, paiseToRupees, type AutoCashOutDto } from '@exch/contracts';
import { autoCashOutRules } from '@exch/projector/read';
import * as v from 'valibot';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import type { ExchangeDeps } from '../deps.js';

const EventQuery = v.strictObject({ event_id: idText('event_id') });

/** Auto cash-out rules (docs/exchange.md "Cash out"): set or cleared through the engine, listed from the bets read model. */
export function autoCashOutRoutes({ commands, directory, limits, route, sql }: ExchangeDeps): void {
  route(
    {
      method: 'PUT',
      url: '/api/bets/auto-cash-out',
      access: 'player',
      tag: 'Player betting',
      summary: 'Set (or with both amounts null clear) the auto cash out of a position on a match-odds runner',
      rateLimited: 'bet instructions',
      body: AutoCashOutBody,
    },
    async (req, { body }): Promise<{ message: string; data: AutoCashOutDto }> => {
      const market = await directory.market(body.market_id);
      if (!market) throw new HttpError(404, 'Market not found', 'MARKET_NOT_FOUND');
      const selection = Number(body.selection);
      if (!market.runners.some((r) => r.selectionId === selection))
        throw new HttpError(400, 'selection must be a runner of the market');
      await limits.betInstruction(req);
      await send(commands, req, {
        type: 'SetAutoCashOut',
        marketId: market.market_id,
        selectionId: selection,
        profitTarget: body.profit_target,
        lossLimit: body.loss_limit,
      });
      const cleared = body.profit_target === null && body.loss_limit === null;
      return {
        message: cleared ? 'Auto cash out cleared' : 'Auto cash out set',
        data: {
          market_id: market.market_id,
          selection,
          profit_target: body.profit_target === null ? null : paiseToRupees(body.profit_target),
          loss_limit: body.loss_limit === null ? null : paiseToRupees(body.loss_limit),
        },
      };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/bets/auto-cash-out',
      access: 'player',
      tag: 'Player betting',
      summary: "The player's standing auto cash-out rules on a match",
      query: EventQuery,
    },
    async (req, { query }): Promise<{ data: AutoCashOutDto[] }> => {
      const rows = await autoCashOutRules(sql, req.auth!.sub, query.event_id);
      return {
        data: rows.map((r) => ({
          market_id: r.market_id,
          selection: r.selection_id,
          profit_target: r.profit_target === null ? null : paiseToRupees(Number(r.profit_target)),
          loss_limit: r.loss_limit === null ? null : paiseToRupees(Number(r.loss_limit)),
        })),
      };
    },
  );
}
