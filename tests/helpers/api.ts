import { formatReadToken, mergeReadTokens, parseReadToken, READ_AFTER_HEADER, type ReadToken } from '@exch/contracts';
import type { TestServer } from './server.js';

export interface Res {
  status: number;
  body: any;
}

/**
 * A JSON call against a test server, with an optional bearer token or a raw body. Like the web
 * client, it keeps the newest X-Read-After a command answered with and sends it with every later
 * call, so a read right after a command sees it.
 */
export function caller(server: TestServer) {
  let readAfter: ReadToken | null = null;
  async function call(method: string, path: string, body?: unknown, token?: string, raw?: string): Promise<Res> {
    const headers: Record<string, string> = {};
    if (body !== undefined || raw !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    if (readAfter) headers[READ_AFTER_HEADER] = formatReadToken(readAfter);
    const r = await fetch(server.url + path, {
      method,
      headers,
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const written = parseReadToken(r.headers.get(READ_AFTER_HEADER) ?? '');
    if (written) readAfter = readAfter ? mergeReadTokens(readAfter, written) : written;
    const text = await r.text();
    return { status: r.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
  }
  const login = (username: string, admin = false, password = 'Demo@123', otp?: string) =>
    call('POST', admin ? '/api/login-admin' : '/api/auth/login', { username, password, ...(otp ? { otp } : {}) });
  /** Logs in and returns the access token, failing loudly if the login did not work. */
  const tokenOf = async (username: string, admin = true, password = 'Demo@123'): Promise<string> => {
    const r = await login(username, admin, password);
    if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.token;
  };
  return { call, login, tokenOf };
}
