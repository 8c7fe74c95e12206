import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  MARKET_TYPE_OF,
  PlaceBetBody,
  type BetPlaced,
  type CasinoPlaceBetResponse,
  type PlaceBetResponse,
} from '@exch/contracts';
import { placeCasinoBet } from '../casino/place.js';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import type { ExchangeDeps } from '../markets/deps.js';
import { toBetDto } from './dto.js';
import { parsePlaceBet } from './place-body.js';

/**
 * A retry with the same Idempotency-Key names the same bet, so its answer is the first one. The id
 * is scoped to the market (a casino round): a key used again after its market left the engine's
 * state (docs/exchange.md "Archived markets") names a bet on a closed market, refused as such,
 * never a second bet under an id the log already holds.
 */
function betIdFor(req: FastifyRequest, marketId: string): string {
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string') return randomUUID();
  const h = createHash('sha256').update(`bet:${req.auth!.sub}:${marketId}:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * POST /api/bets: the market and the names come from the gateway's directory (no query), and the
 * answer from the engine's committed BetPlaced (no read back): fills, unmatched stake, the time.
 */
export function placeBetRoute(deps: ExchangeDeps): void {
  const { commands, directory, route } = deps;
  route(
    {
      method: 'POST',
      url: '/api/bets',
      access: 'player',
      tag: 'Player betting',
      summary: 'Place a bet, sports or casino by bet_type (header Idempotency-Key optional)',
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
      const placed = events.find((e) => e.type === 'BetPlaced');
      if (!placed) throw new HttpError(503, 'The bet was placed but its answer was lost; see My Bets');
      const d = placed.data as BetPlaced;
      const [match, user] = await Promise.all([directory.match(market.match_id), directory.user(d.userId)]);
      const bet = toBetDto({
        bet_id: d.betId,
        user_id: d.userId,
        username: user?.username ?? '',
        match_id: d.matchId,
        event_name: match?.name ?? null,
        sport_id: market.sport_id,
        market_id: d.marketId,
        market_name: market.name,
        kind: d.kind,
        selection_id: d.selectionId,
        selection_name: d.selectionName,
        side: d.side,
        odds: d.odds,
        volume: d.volume,
        stake: String(d.stake),
        unmatched: String(d.unmatched),
        cancelled: '0',
        fills: d.fills,
        persistence: d.persistence ?? 'LAPSE',
        status: 'pending',
        pnl: null,
        reference_id: d.referenceId,
        placed_at: placed.at,
        settled_at: null,
      });
      return {
        message: `Bet placed successfully! on Event: ${input.eventId}`,
        bet,
        bet_id: bet._id,
        reference_id: bet.reference_id,
      };
    },
  );
}
