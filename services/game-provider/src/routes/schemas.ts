import * as v from 'valibot';
import { idText, text } from '@exch/contracts';

/**
 * The provider's route schemas: requests as valibot schemas under the text rule (checked by
 * http/validate.ts), answers as JSON schemas (fastify serializes by them). The operator's launch
 * body is the port's own (LaunchBodySchema in contracts).
 */

export const GameParams = v.object({ gameId: idText('gameId') });
export const RoundParams = v.object({ roundId: idText('roundId') });
export const AssetParams = v.object({ file: idText('file') });
/** A page's launch token; without one (or an unknown one) the page says the session ended. */
export const PageQuery = v.object({ t: v.optional(text('t', { max: 200 })) });

/**
 * A round's bet: an object of these fields only (none, or JSON null, is an empty one); each game's
 * rules (games/rules.ts) check the values it reads and say what is wrong in the player's words.
 */
export const RoundBody = v.nullish(
  v.pipe(
    // A JSON array passes as an object to valibot: refused here in the player's words, not as "Unknown field: 0".
    v.custom<object>((x) => typeof x === 'object' && x !== null && !Array.isArray(x), 'The bet must be a JSON object'),
    v.strictObject({ stake: v.optional(v.unknown()), target: v.optional(v.unknown()), bets: v.optional(v.unknown()) }),
  ),
  {},
);

const string = { type: 'string' } as const;
const integer = { type: 'integer' } as const;
const object = (properties: Record<string, unknown>, optional: string[] = []) => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  additionalProperties: false,
});

/** Every refusal: its message, and a code where the player's page tells cases apart. */
const ErrorAnswer = object({ message: string, code: string }, ['code']);
const refusals = { '4xx': ErrorAnswer };

export const GamesAnswerSchema = object({
  items: {
    type: 'array',
    items: object({
      gameId: string,
      name: string,
      category: string,
      subCategory: string,
      description: string,
      rtpBp: integer,
    }),
  },
});
export const LaunchAnswer = object({ url: string });
export const SessionAnswer = object({
  player: string,
  currency: string,
  mode: string,
  balance: { type: ['integer', 'null'] },
  games: { type: 'array', items: object({ gameId: string, name: string }) },
});
export const RoundAnswer = object({
  roundId: string,
  stake: integer,
  /** Each game's own outcome (roulette's number, the slot's window, the rocket's flight). */
  outcome: { type: 'object', additionalProperties: true },
  win: integer,
  balance: { type: ['integer', 'null'] },
  winPending: { type: 'boolean' },
});
export const CancelAnswer = object({ roundId: string, status: string });
export const HealthAnswer = object({ status: string, openRounds: integer });

/** A JSON route's answers: its 200, and the refusals. */
export const answers = (ok: Record<string, unknown>) => ({ 200: ok, ...refusals });
/** A page's answers: HTML (not serialized by schema), and a JSON refusal. */
export const pageAnswers = refusals;
