import type { FastifyInstance, FastifyReply } from 'fastify';
import { findGame, GAMES } from '../games/catalogue.js';
import type { Assets } from '../http/assets.js';
import { expiredPage, gamePage, lobbyPage } from '../http/pages.js';
import type { PlayerSessions } from '../sessions.js';
import { AssetParams, GameParams, PageQuery, pageAnswers } from './schemas.js';

/** The pages the player's frame opens (with the launch token in `t`) and their scripts and styles. */
export function pageRoutes(app: FastifyInstance, sessions: PlayerSessions, assets: Assets): void {
  const html = (reply: FastifyReply, body: string) => reply.type('text/html; charset=utf-8').send(body);
  app.get<{ Querystring: { t?: string } }>(
    '/lobby',
    { schema: { querystring: PageQuery, response: pageAnswers } },
    async (req, reply) => html(reply, sessions.find(req.query.t) ? lobbyPage(GAMES) : expiredPage()),
  );
  app.get<{ Params: { gameId: string }; Querystring: { t?: string } }>(
    '/games/:gameId',
    { schema: { params: GameParams, querystring: PageQuery, response: pageAnswers } },
    async (req, reply) => {
      const game = findGame(req.params.gameId);
      if (!game) return reply.status(404).type('text/html; charset=utf-8').send(expiredPage());
      return html(reply, sessions.find(req.query.t) ? gamePage(game) : expiredPage());
    },
  );
  app.get<{ Params: { file: string } }>(
    '/assets/:file',
    { schema: { params: AssetParams, response: pageAnswers } },
    async (req, reply) => {
      const asset = assets.get(req.params.file);
      if (!asset) return reply.status(404).send({ message: 'Not found' });
      return reply.type(asset.type).send(asset.body);
    },
  );
}
