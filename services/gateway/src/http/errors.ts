import type { FastifyError, FastifyInstance } from 'fastify';
import { EngineUnavailableError, type Refusal } from '@exch/contracts';

/** A failure a client caused or must see; the handler turns it into `{statusCode, error, message, code}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly extra?: Record<string, unknown>,
    /** Headers the answer carries (a 429's Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

const REASON: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

const REFUSAL_STATUS: Record<string, number> = {
  FORBIDDEN: 403,
  USERNAME_TAKEN: 409,
  DUPLICATE_ID: 409,
  BET_NOT_FOUND: 404,
  MARKET_NOT_FOUND: 404,
  MATCH_NOT_FOUND: 404,
  REQUEST_NOT_FOUND: 404,
  ACCOUNT_NOT_FOUND: 404,
  NOT_IN_DOWNLINE: 404,
  UTR_TAKEN: 409,
  REQUEST_DECIDED: 409,
  AWAITING_ADMIN: 409,
  ACCOUNT_EXISTS: 409,
  LOCK_SET_ABOVE: 403,
};

export const refusalError = (r: Refusal): HttpError => new HttpError(REFUSAL_STATUS[r.code] ?? 400, r.message, r.code);

/** No 500 for anything a client can send: every client error keeps its 4xx and a readable message. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError | Error, req, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.statusCode).send({
        statusCode: err.statusCode,
        error: REASON[err.statusCode] ?? 'Error',
        message: err.message,
        code: err.code,
        ...err.extra,
      });
    }
    if (err instanceof EngineUnavailableError) {
      return reply.status(503).send({ statusCode: 503, error: REASON[503], message: err.message, code: err.code });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const message =
        (err as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'Malformed JSON in request body'
          : err.message;
      return reply.status(status).send({
        statusCode: status,
        error: REASON[status] ?? 'Bad Request',
        message,
        code: (err as FastifyError).code,
      });
    }
    req.log.error({ err }, 'request failed');
    return reply
      .status(500)
      .send({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side' });
  });
}
