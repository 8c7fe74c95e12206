import { randomUUID } from 'node:crypto';
import { CashOutBody, formatInr, type BetPlaced, type CashOutResponse } from '@exch/contracts';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import type { ExchangeDeps } from '../deps.js';
import { placedBetDto } from './placed.js';
import { betIdFor } from './place-route.js';

/** The answer's words: what the share cashed out now pays, from the engine's hedge (docs/exchange.md "Cash out"). */
export function cashedOutText(percent: number, runner: string, taken: { ifWins: number; ifLoses: number }): string {
  const share = percent === 100 ? 'Cashed out' : `Cashed out ${percent}%`;
  const pays =
    taken.ifWins === taken.ifLoses
      ? ` for ${formatInr(taken.ifWins)} whichever way ${runner} goes`
      : `: ${formatInr(taken.ifWins)} if ${runner} wins, ${formatInr(taken.ifLoses)} if it loses`;
  return `${share}${pays}${percent === 100 ? '' : `; the other ${100 - percent}% stays on`}`;
}

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
        ...(body.accept_within ? { tolerance: Math.round(body.accept_within * 100) } : {}),
        referenceId: randomUUID(),
      });
      const bet = await placedBetDto(directory, market, events);
      // The engine journals what the share taken pays (an answer from a log older than that: the percent alone).
      const taken = (events.find((e) => e.type === 'BetPlaced')?.data as BetPlaced | undefined)?.cashOut?.taken;
      return {
        message: taken ? cashedOutText(percent, bet.selection_name, taken) : `Cashed out ${percent}%`,
        bet,
      };
    },
  );
}
