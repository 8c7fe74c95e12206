import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { OperatorWallet } from '@exch/contracts';
import { GAMES } from '../games/catalogue.js';
import type { Rng } from '../games/rng.js';
import { RULES } from '../games/rules.js';
import { PlayError, type RoundRunner } from '../rounds/runner.js';
import { WalletRefused } from '../rounds/wallet-client.js';
import type { PlayerSession, PlayerSessions } from '../sessions.js';
import { answers, GameParams, RoundAnswer, RoundBody, SessionAnswer } from './schemas.js';

const SESSION_HEADER = 'x-session-token';

export interface PlayDeps {
  sessions: PlayerSessions;
  /** Rounds for real money against the operator's wallet, and for play money. */
  real: RoundRunner;
  demo: RoundRunner;
  walletOf: (s: PlayerSession) => OperatorWallet;
  rng: Rng;
}

/** The player's calls from the frame, with the launch token in a header: the session, and rounds. */
export function playRoutes(app: FastifyInstance, { sessions, real, demo, walletOf, rng }: PlayDeps): void {
  const players = new WeakMap<FastifyRequest, PlayerSession>();
  /** Finds the caller's session before its input is validated: a caller without one learns nothing about the input rules. */
  const identify = async (req: FastifyRequest): Promise<void> => {
    const token = req.headers[SESSION_HEADER];
    const session = sessions.find(typeof token === 'string' ? token : undefined);
    if (!session)
      throw Object.assign(new Error('This game session has ended: open the game again from the casino'), {
        statusCode: 401,
      });
    players.set(req, session);
  };
  const player = (req: FastifyRequest): PlayerSession => players.get(req)!;
  const busy = new Set<string>();

  app.get('/api/session', { preValidation: identify, schema: { response: answers(SessionAnswer) } }, async (req) => {
    const s = player(req);
    let balance: number | null = null;
    try {
      balance = (await walletOf(s).session(s.playerId, s.walletSessionId, 'lobby')).balance;
    } catch (err) {
      if (err instanceof WalletRefused)
        throw Object.assign(new Error(err.message), { statusCode: err.status === 'ACCOUNT_BLOCKED' ? 403 : 401 });
    }
    return {
      player: s.displayName,
      currency: s.currency,
      mode: s.mode,
      balance,
      games: GAMES.map(({ gameId, name }) => ({ gameId, name })),
    };
  });
  app.post<{ Params: { gameId: string }; Body: v.InferOutput<typeof RoundBody> }>(
    '/api/rounds/:gameId',
    { preValidation: identify, schema: { params: GameParams, body: RoundBody, response: answers(RoundAnswer) } },
    async (req, reply) => {
      const s = player(req);
      const rules = RULES[req.params.gameId];
      if (!rules) return reply.status(404).send({ message: 'Game not found' });
      const read = rules.read(req.body);
      if ('error' in read) return reply.status(400).send({ message: read.error });
      // One round at a time per player: a double click does not stake twice.
      if (busy.has(s.playerId)) return reply.status(409).send({ message: 'Your last round is still being played' });
      busy.add(s.playerId);
      try {
        const result = await (s.mode === 'demo' ? demo : real).play({
          gameId: req.params.gameId,
          playerId: s.playerId,
          walletSessionId: s.walletSessionId,
          stake: read.stake,
          bet: read.bet,
          decide: () => rules.decide(read.bet, read.stake, rng),
        });
        return {
          roundId: result.round.roundId,
          stake: read.stake,
          outcome: result.outcome,
          win: result.win,
          balance: result.balance,
          winPending: result.winPending,
        };
      } catch (err) {
        if (err instanceof PlayError) return reply.status(err.status).send({ message: err.message, code: err.code });
        throw err;
      } finally {
        busy.delete(s.playerId);
      }
    },
  );
}
