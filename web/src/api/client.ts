import { formatReadToken, mergeReadTokens, parseReadToken, READ_AFTER_HEADER, type ReadToken } from '@exch/contracts';
import type { AuthContextName } from '../auth/auth-context';
import { clearCredentials, readCredentials, saveTokens } from '../auth/credentials';
import { ApiRequestError, readErrorBody } from './api-error';

/** What the app does when a call loses the session, hits maintenance, or fails with a message to show. */
export interface ApiHooks {
  onSessionLost(ctx: AuthContextName): void;
  onMaintenance(): void;
  /** The server refuses everything but the forced password change until it is made. */
  onPasswordChangeRequired(ctx: AuthContextName): void;
  onError(message: string): void;
}

let hooks: ApiHooks | null = null;

export const installApiHooks = (next: ApiHooks): void => {
  hooks = next;
};

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Whose stored bearer token to send; null for calls made before logging in. */
  auth: AuthContextName | null;
  /** Show the server's message as a toast (SPEC.md section 8). Login forms show it inline and the profile poll only logs. */
  toast?: boolean;
  /**
   * Sent as Idempotency-Key: the server answers a retry with the same key with the first answer,
   * so a command repeated after a lost reply is not carried out twice (DESIGN.md rule 6).
   */
  idempotencyKey?: string;
  /** The answer is a file (a payment screenshot), not JSON. */
  blob?: boolean;
}

/** "?a=1&b=x" of the parameters that have a value, or "" when none has. */
export const queryString = (params: Record<string, string | number | boolean | undefined | null>): string => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
};

/** SPEC.md section 9: API timeout 50 s. */
const TIMEOUT_MS = 50_000;
/** SPEC.md section 8: this message is never shown. */
const SILENT_MESSAGE = 'No auth token';
/** Answered to every call but the password change while it is owed; the app moves to that page instead of toasting. */
const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED';

/** Calls `/api{path}` and returns the JSON answer, or throws ApiRequestError. */
export async function apiRequest<T>(path: string, options: RequestOptions): Promise<T> {
  try {
    return await send<T>(path, options, true);
  } catch (e) {
    if (
      e instanceof ApiRequestError &&
      options.toast !== false &&
      !e.maintenance &&
      e.message !== SILENT_MESSAGE &&
      e.code !== PASSWORD_CHANGE_REQUIRED
    ) {
      hooks?.onError(e.message);
    }
    throw e;
  }
}

async function send<T>(path: string, options: RequestOptions, mayRefresh: boolean): Promise<T> {
  const { auth } = options;
  const token = auth === null ? null : readCredentials(auth).token;
  const response = await fetchJson(path, options.method ?? 'GET', options.body, token, options.idempotencyKey);
  if (response.ok)
    return (response.status === 204 ? undefined : options.blob ? await response.blob() : await response.json()) as T;

  const body = await readErrorBody(response);
  if (body.maintenance) {
    if (auth !== null) clearCredentials(auth);
    hooks?.onMaintenance();
  } else if (response.status === 401 && auth !== null) {
    // Another call may have refreshed the token while this one was in flight.
    const current = readCredentials(auth).token;
    if (mayRefresh && current !== null && current !== token) return send(path, options, false);
    if (mayRefresh && (await refreshTokens(auth))) return send(path, options, false);
    clearCredentials(auth);
    hooks?.onSessionLost(auth);
  } else if (response.status === 403 && body.code === PASSWORD_CHANGE_REQUIRED && auth !== null) {
    hooks?.onPasswordChangeRequired(auth);
  }
  throw new ApiRequestError(body);
}

/**
 * Read-your-writes: a command's answer names what it wrote (X-Read-After), and every later call
 * sends the newest such token back, so the server answers it once its lists include the write.
 */
let readAfter: ReadToken | null = null;

function rememberWrites(response: Response): void {
  const header = response.headers.get(READ_AFTER_HEADER);
  const token = header === null ? null : parseReadToken(header);
  if (token) readAfter = readAfter ? mergeReadTokens(readAfter, token) : token;
}

async function fetchJson(
  path: string,
  method: string,
  body: unknown,
  token: string | null,
  idempotencyKey?: string,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (readAfter) headers[READ_AFTER_HEADER] = formatReadToken(readAfter);
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
  // A FormData body (a multipart upload) sets its own type with the boundary.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  try {
    const response = await fetch(`/api${path}`, {
      method,
      headers,
      credentials: 'include',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
    });
    rememberWrites(response);
    return response;
  } catch (e) {
    const timedOut = e instanceof DOMException && e.name === 'TimeoutError';
    throw new ApiRequestError({
      statusCode: 0,
      error: 'Network Error',
      message: timedOut
        ? 'The server took too long to answer, please try again'
        : 'Could not reach the server, please check your connection',
    });
  }
}

/** One refresh per context at a time; concurrent 401s wait for the same attempt. */
const refreshing = new Map<AuthContextName, Promise<boolean>>();

function refreshTokens(ctx: AuthContextName): Promise<boolean> {
  let attempt = refreshing.get(ctx);
  if (attempt === undefined) {
    attempt = requestNewTokens(ctx).finally(() => refreshing.delete(ctx));
    refreshing.set(ctx, attempt);
  }
  return attempt;
}

async function requestNewTokens(ctx: AuthContextName): Promise<boolean> {
  const { refreshToken } = readCredentials(ctx);
  if (refreshToken === null) return false;
  try {
    const response = await fetchJson('/refresh-token', 'POST', { refreshToken }, null);
    if (!response.ok) return false;
    const next = (await response.json()) as { token: string; refreshToken: string };
    saveTokens(ctx, next.token, next.refreshToken);
    return true;
  } catch {
    return false;
  }
}
