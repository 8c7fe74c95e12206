import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { MARKET_TYPE_OF, PlaceBetBody, type CasinoPlaceBetResponse, type PlaceBetResponse } from '@exch/contracts';
import { placeCasinoBet } from '../casino/place.js';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import type { ExchangeDeps } from '../deps.js';
import { placedBetDto } from './placed.js';
import { parsePlaceBet } from './place-body.js';

/**
 * A retry with the same Idempotency-Key names the same bet, so its answer is the first one. The id
 * is scoped to the market (a casino round): a key used again after its market left the engine's
 * state (docs/exchange.md "Archived markets") names a bet on a closed market, refused as such,
 * never a second bet under an id the log already holds.
 */
export function betIdFor(req: FastifyRequest, marketId: string): string {
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string') return randomUUID();
  const h = createHash('sha256').update(`bet:${req.auth!.sub}:${marketId}:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * POST /api/bets: the market and the names come from the gateway's directory (no query), and the
 * answer from the engine's committed BetPlaced (no read back): fills, unmatched stake, the time. A
 * bet instruction is spent when the bet goes to the engine (docs/rate-limits.md).
 */
export function placeBetRoute(deps: ExchangeDeps): void {
  const { commands, directory, limits, route } = deps;
  route(
    {
      method: 'POST',
      url: '/api/bets',
      access: 'player',
      tag: 'Player betting',
      summary: 'Place a bet, sports or casino by bet_type (header Idempotency-Key optional)',
      rateLimited: 'bet instructions',
      body: PlaceBetBody,
      answer: {
        oneOf: [
          { $ref: '#/components/schemas/PlaceBetResponse' },
          { $ref: '#/components/schemas/CasinoPlaceBetResponse' },
        ],
      },
    },
    async (req, { body }): Promise<PlaceBetResponse | CasinoPlaceBetResponse> => {
      if (body.bet_type === 'casino')
        return placeCasinoBet(deps, req, body, betIdFor(req, body.market_id), body.reference_id ?? randomUUID());
      const input = parsePlaceBet(body, req.auth!.sub);
      const market = await directory.market(input.marketId);
      if (!market) throw new HttpError(404, 'Market not found', 'MARKET_NOT_FOUND');
      if (market.kind !== input.kind)
        throw new HttpError(400, `market_type does not match the market: it is ${MARKET_TYPE_OF[market.kind]}`);
      if (market.match_id !== input.eventId) throw new HttpError(400, 'event_id does not match the market');
      const betId = betIdFor(req, input.marketId);
      // Spent only now: what the gateway refuses on its own (malformed, another's user_id, no such market) costs nothing.
      await limits.betInstruction(req);
      const { events } = await send(commands, req, {
        type: 'PlaceBet',
        betId,
        marketId: input.marketId,
        selectionId: input.selectionId,
        side: input.side,
        odds: input.odds,
        volume: input.volume,
        stake: input.stake,
        referenceId: input.referenceId ?? randomUUID(),
        persistence: input.persistence,
      });
      const bet = await placedBetDto(directory, market, events);
      return {
        message: `Bet placed successfully! on Event: ${input.eventId}`,
        bet,
        bet_id: bet._id,
        reference_id: bet.reference_id,
      };
    },
  );
}
