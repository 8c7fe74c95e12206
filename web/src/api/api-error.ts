import type { ApiError } from '@exch/contracts';

/** A failed call: the server's `{statusCode, error, message, code?}` body, or statusCode 0 when the server was not reached. */
export class ApiRequestError extends Error implements ApiError {
  readonly statusCode: number;
  readonly error: string;
  readonly code: string | undefined;
  /** The server is under maintenance: the caller has been logged out and sent to /maintenance. */
  readonly maintenance: boolean;

  constructor(body: ApiError & { maintenance?: boolean }) {
    super(body.message);
    this.name = 'ApiRequestError';
    this.statusCode = body.statusCode;
    this.error = body.error;
    this.code = body.code;
    this.maintenance = body.maintenance === true;
  }
}

/** Reads an error answer; a body that is not the JSON error shape still gives a readable message. */
export async function readErrorBody(response: Response): Promise<ApiError & { maintenance?: boolean }> {
  const fallback = {
    statusCode: response.status,
    error: response.statusText,
    message: `Request failed (${response.status})`,
  };
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return fallback;
    const { message, error, code, maintenance } = body as Record<string, unknown>;
    return {
      statusCode: response.status,
      error: typeof error === 'string' ? error : fallback.error,
      message: typeof message === 'string' && message !== '' ? message : fallback.message,
      ...(typeof code === 'string' ? { code } : {}),
      ...(maintenance === true ? { maintenance: true } : {}),
    };
  } catch {
    return fallback;
  }
}
