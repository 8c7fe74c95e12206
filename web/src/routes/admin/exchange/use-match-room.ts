import type { ServerMessages } from '@exch/contracts';
import { useLiveEvent, useMatchRoom as useRoom } from '../../../live/use-live';

export interface MatchRoomHandlers {
  oddsUpdate?: (data: ServerMessages['oddsUpdate']) => void;
  placedBet?: (data: ServerMessages['placedBet']) => void;
  betDelete?: (data: ServerMessages['betDelete']) => void;
  /** After every (re)join: whatever was pushed while disconnected is fetched again. */
  joined?: () => void;
}

/**
 * The back office's view of one match room (SPEC.md section 7) on the admin context's shared
 * socket: oddsUpdate, placedBet and betDelete of this match go to the page.
 */
export function useMatchRoom(matchId: string, handlers: MatchRoomHandlers): void {
  useRoom('admin', matchId);
  useLiveEvent('admin', 'joined', (d) => d.matchId === matchId && handlers.joined?.());
  useLiveEvent('admin', 'oddsUpdate', (d) => d.matchId === matchId && handlers.oddsUpdate?.(d));
  useLiveEvent('admin', 'placedBet', (d) => d.bet.event_id === matchId && handlers.placedBet?.(d));
  useLiveEvent('admin', 'betDelete', (d) => d.matchId === matchId && handlers.betDelete?.(d));
}
