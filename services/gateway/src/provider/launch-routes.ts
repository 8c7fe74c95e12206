import { GameIdParams, GameLobbyBody, type GameLaunchAnswer, type IntlCatalogueDto } from '@exch/contracts';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.js';
import { needProvider, type ProviderDeps } from './deps.js';

const TAG = 'International casino';
const LAUNCH = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        url: { type: 'string', description: 'Open it in a frame' },
        walletSessionId: { type: 'string' },
        provider: { type: 'string' },
        gameId: { type: 'string', nullable: true },
        gameName: { type: 'string' },
      },
      required: ['url', 'walletSessionId', 'provider', 'gameId', 'gameName'],
    },
  },
  required: ['data'],
};
const CATALOGUE = {
  type: 'object',
  properties: {
    providers: {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
    },
    categories: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, subCategories: { type: 'array', items: { type: 'string' } } },
      },
    },
    games: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          gameId: { type: 'string' },
          name: { type: 'string' },
          category: { type: 'string' },
          subCategory: { type: 'string' },
          description: { type: 'string' },
          provider: { type: 'string' },
          providerName: { type: 'string' },
          rtp: { type: 'number' },
        },
      },
    },
  },
  required: ['providers', 'categories', 'games'],
};

/** The player's side: the game list for the tiles, and launch addresses for the lobby or one game (SPEC.md sections 2 and 7). */
export function launchRoutes(deps: ProviderDeps): void {
  const { route, directory, walletSessions } = deps;

  /** The provider's address for this player's frame: their own login, a wallet session of it, and the provider's launch call. */
  async function launch(
    req: FastifyRequest,
    body: GameLobbyBody,
    game: { gameId: string; name: string } | null,
  ): Promise<GameLaunchAnswer> {
    const { port, catalogue } = needProvider(deps);
    // The game names statements will use: at hand before the first stake (kept a minute, refreshed here).
    await catalogue.games().catch(() => {});
    const auth = req.auth!;
    const me = await directory.user(auth.sub);
    if (!me || (body.playerId !== me.userId && body.playerId.toLowerCase() !== me.username.toLowerCase()))
      throw new HttpError(403, 'playerId must be your own', 'FORBIDDEN');
    if (body.accessToken !== undefined && `Bearer ${body.accessToken}` !== req.headers.authorization)
      throw new HttpError(403, 'accessToken must be the token of this request', 'FORBIDDEN');
    const walletSessionId = await walletSessions.forLogin(port.id, me.userId, auth.sid, body.walletSessionId);
    if (walletSessionId === null)
      throw new HttpError(400, 'walletSessionId is not a wallet session of this login', 'INVALID_WALLET_SESSION');
    let url: string;
    try {
      ({ url } = await port.launch({
        playerId: me.userId,
        displayName: me.username,
        currency: body.currency,
        country: body.country,
        lang: body.lang,
        mode: body.mode,
        device: body.device,
        walletSessionId,
        gameId: game?.gameId ?? null,
      }));
    } catch (err) {
      req.log.warn({ err }, 'provider launch failed');
      throw new HttpError(503, 'The game provider is not answering, please try again', 'PROVIDER_UNAVAILABLE');
    }
    return {
      data: {
        url,
        walletSessionId,
        provider: port.id,
        gameId: game?.gameId ?? null,
        gameName: game?.name ?? `${port.name} lobby`,
      },
    };
  }

  route(
    {
      method: 'GET',
      url: '/api/casino-int/games',
      access: 'player',
      tag: TAG,
      summary: 'Games of the international casino with their categories and sub-categories',
      answer: CATALOGUE,
    },
    async (): Promise<IntlCatalogueDto> => needProvider(deps).catalogue.dto(),
  );

  route(
    {
      method: 'POST',
      url: '/api/qt/game-lobby',
      access: 'player',
      tag: TAG,
      summary: "Launch the provider's game lobby for the caller: data.url for a frame",
      body: GameLobbyBody,
      answer: LAUNCH,
    },
    async (req, { body }) => launch(req, body, null),
  );

  route(
    {
      method: 'POST',
      url: '/api/qt/games/:gameId/launch',
      access: 'player',
      tag: TAG,
      summary: 'Launch one game for the caller: data.url for the full-screen frame',
      params: GameIdParams,
      body: GameLobbyBody,
      answer: LAUNCH,
    },
    async (req, { params, body }) => {
      const game = (await needProvider(deps).catalogue.games()).find((g) => g.gameId === params.gameId);
      if (!game) throw new HttpError(404, 'Game not found', 'GAME_NOT_FOUND');
      return launch(req, body, { gameId: game.gameId, name: game.name });
    },
  );
}
