import * as v from 'valibot';
import type { BetDto } from './betting/api.js';
import type { MatchSummary, OddsUpdate, ScoreDto } from './market/api.js';
import type { CasinoTableLive } from './casino/api.js';
import { idOrNumber, text } from './api/text.js';
import type { PendingCounts } from './payments/api.js';
import type { TapeBet } from './risk/api.js';

/** Websocket frames are JSON `{event, data}` with SPEC.md section 7's event names. */
export const ClientMessage = v.variant('event', [
  v.object({ event: v.literal('login'), data: v.object({ token: text('token', { min: 1, max: 2000 }) }) }),
  v.object({ event: v.literal('joinRoom'), data: v.object({ matchId: idOrNumber('matchId') }) }),
  v.object({ event: v.literal('leaveRoom'), data: v.object({ matchId: idOrNumber('matchId') }) }),
  v.object({
    event: v.literal('watch_fancy'),
    data: v.object({ gameId: idOrNumber('gameId'), sportId: v.optional(idOrNumber('sportId')) }),
  }),
  v.object({ event: v.literal('ping'), data: v.optional(v.unknown()) }),
]);
export type ClientMessage = v.InferOutput<typeof ClientMessage>;

export interface ServerMessages {
  loginSuccess: { userId: string; role: string };
  /** Pushed to a user's sockets when their balance or exposure changes (rupees). */
  balance: { balance: number; exposer: number; held: number };
  joined: { matchId: string };
  left: { matchId: string };
  pong: Record<string, never>;
  /** To a match room: the prices and statuses that changed. */
  oddsUpdate: OddsUpdate;
  scoreUpdate: ScoreDto;
  /** To the bettor and to the match room's admins: a bet placed, matched or cancelled (its new state). */
  placedBet: { bet: BetDto };
  betDelete: { betId: string; matchId: string };
  error: { message: string };
  /** The socket's session ended (logout, lock, password change, a reused refresh token): the socket closes next. */
  sessionEnded: { message: string };
  /** To back-office logins: pending deposit and withdrawal requests of their downline, after any changes. */
  paymentRequests: PendingCounts;
  /** To the room casino:{code}: the table's live state at every step of a round (docs/casino.md). */
  casinoTable: CasinoTableLive;
  /** To the bet-tape room's back-office sockets: a downline bet placed, matched, cancelled, deleted or settled (its new state), exchange or casino. */
  tape: TapeBet;
  /** To a watcher's back-office sockets, wherever they are: a watched account's bet changed. */
  watchedBet: TapeBet;
  /** To the lobby room: a listed match's best match-odds prices that changed. */
  lobbyPrices: { matchId: string; runners: MatchSummary['runners'] };
}

/** The room the lobby joins (joinRoom with this id) to have its prices pushed instead of polled. */
export const LOBBY_ROOM = 'lobby';
export type ServerMessage = {
  [K in keyof ServerMessages]: { event: K; data: ServerMessages[K] };
}[keyof ServerMessages];
