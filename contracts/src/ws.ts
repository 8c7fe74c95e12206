import * as v from 'valibot';

/** Websocket frames are JSON `{event, data}` with SPEC.md section 7's event names. */
export const ClientMessage = v.variant('event', [
  v.object({ event: v.literal('login'), data: v.object({ token: v.string() }) }),
  v.object({ event: v.literal('joinRoom'), data: v.object({ matchId: v.union([v.string(), v.number()]) }) }),
  v.object({ event: v.literal('leaveRoom'), data: v.object({ matchId: v.union([v.string(), v.number()]) }) }),
  v.object({ event: v.literal('ping'), data: v.optional(v.unknown()) }),
]);
export type ClientMessage = v.InferOutput<typeof ClientMessage>;

export interface ServerMessages {
  loginSuccess: { userId: string; role: string };
  /** Pushed to a user's sockets when their balance or exposure changes (rupees). */
  balance: { balance: number; exposer: number };
  joined: { matchId: string };
  left: { matchId: string };
  pong: Record<string, never>;
  error: { message: string };
}
export type ServerMessage = { [K in keyof ServerMessages]: { event: K; data: ServerMessages[K] } }[keyof ServerMessages];
