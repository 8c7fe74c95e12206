import type { BetDto, BetPlaced, CommittedEvent } from '@exch/contracts';
import type { Directory } from '../directory/directory.js';
import { HttpError } from '../http/errors.js';
import type { MarketRow } from '@exch/projector/read';
import { toBetDto } from './dto.js';

/** A bet command's answer from the engine's committed BetPlaced (no read back): fills, unmatched stake, the time. */
export async function placedBetDto(
  directory: Directory,
  market: MarketRow,
  events: readonly CommittedEvent[],
): Promise<BetDto> {
  const placed = events.find((e) => e.type === 'BetPlaced');
  if (!placed) throw new HttpError(503, 'The bet was placed but its answer was lost; see My Bets');
  const d = placed.data as BetPlaced;
  const [match, user] = await Promise.all([directory.match(market.match_id), directory.user(d.userId)]);
  return toBetDto({
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
    cash_out: d.cashOut ?? null,
    status: 'pending',
    pnl: null,
    reference_id: d.referenceId,
    placed_at: placed.at,
    settled_at: null,
  });
}
