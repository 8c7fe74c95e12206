import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { MARKET_TYPE_OF, PlaceBetBody, type PlaceBetResponse } from '@exch/contracts';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import type { ExchangeDeps } from '../markets/deps.js';
import { findMarket } from '../markets/read.js';
import { betsById } from './dto.js';
import { parsePlaceBet } from './place-body.js';

/** A retry with the same Idempotency-Key names the same bet, so its answer can be read back. */
function betIdFor(req: FastifyRequest): string {
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string') return randomUUID();
  const h = createHash('sha256').update(`bet:${req.auth!.sub}:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export function placeBetRoute({ sql, commands, route }: ExchangeDeps): void {
  route({ method: 'POST', url: '/api/bets', access: 'player', tag: 'Player betting', summary: 'Place a bet (header Idempotency-Key optional)', body: PlaceBetBody, answer: 'PlaceBetResponse' }, async (req, { body }): Promise<PlaceBetResponse> => {
    const input = parsePlaceBet(body, req.auth!.sub);
    const market = await findMarket(sql, input.marketId);
    if (market.kind !== input.kind) throw new HttpError(400, `market_type does not match the market: it is ${MARKET_TYPE_OF[market.kind]}`);
    if (market.match_id !== input.eventId) throw new HttpError(400, 'event_id does not match the market');
    const betId = betIdFor(req);
    await send(commands, req, {
      type: 'PlaceBet', betId, marketId: input.marketId, selectionId: input.selectionId, side: input.side, odds: input.odds, volume: input.volume,
      stake: input.stake, referenceId: input.referenceId ?? randomUUID(),
    });
    const [bet] = await betsById(sql, [betId]);
    if (!bet) throw new HttpError(503, 'The bet was placed but cannot be read yet; see My Bets');
    return { message: `Bet placed successfully! on Event: ${input.eventId}`, bet, bet_id: bet._id, reference_id: bet.reference_id };
  });
}
