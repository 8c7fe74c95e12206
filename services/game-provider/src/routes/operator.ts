import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { LaunchBodySchema, PROVIDER_API, type GamesAnswer, type LaunchBody } from '@exch/contracts';
import { findGame, GAMES } from '../games/catalogue.js';
import type { RoundRunner } from '../rounds/runner.js';
import type { PlayerSessions } from '../sessions.js';
import { answers, CancelAnswer, GameParams, GamesAnswerSchema, LaunchAnswer, RoundParams } from './schemas.js';

export interface OperatorDeps {
  /** The hook that refuses a call not signed with the shared secret (http/signing.ts). */
  signed: preValidationAsyncHookHandler;
  sessions: PlayerSessions;
  /** Known once the server listens. */
  publicUrl: () => string;
  /** The real-money rounds, for the provider's staff to cancel a stuck one. */
  rounds: RoundRunner;
}

/** The operator's calls (QTech's operator API: games, launch addresses), and the provider staff's cancel: all signed. */
export function operatorRoutes(app: FastifyInstance, { signed, sessions, publicUrl, rounds }: OperatorDeps): void {
  /** Opens a player session for the launch and answers the page's address with its token. */
  const launch = (body: LaunchBody, path: string) => ({
    url: `${publicUrl()}${path}?t=${sessions.open(body).token}`,
  });
  app.get(
    PROVIDER_API.games,
    { preValidation: signed, schema: { response: answers(GamesAnswerSchema) } },
    async (): Promise<GamesAnswer> => ({ items: GAMES }),
  );
  app.post<{ Body: LaunchBody }>(
    PROVIDER_API.lobbyUrl,
    { preValidation: signed, schema: { body: LaunchBodySchema, response: answers(LaunchAnswer) } },
    async (req) => launch(req.body, '/lobby'),
  );
  app.post<{ Params: { gameId: string }; Body: LaunchBody }>(
    '/v1/games/:gameId/launch-url',
    { preValidation: signed, schema: { params: GameParams, body: LaunchBodySchema, response: answers(LaunchAnswer) } },
    async (req, reply) => {
      const game = findGame(req.params.gameId);
      if (!game) return reply.status(404).send({ message: 'Game not found' });
      return launch(req.body, `/games/${encodeURIComponent(game.gameId)}`);
    },
  );
  // Signed like the operator's calls: this server has no other back office.
  app.post<{ Params: { roundId: string } }>(
    '/ops/rounds/:roundId/cancel',
    { preValidation: signed, schema: { params: RoundParams, response: answers(CancelAnswer) } },
    async (req, reply) => {
      const round = await rounds.cancel(req.params.roundId);
      if (!round) return reply.status(404).send({ message: 'No open round with this id' });
      return { roundId: round.roundId, status: round.status };
    },
  );
}
