/**
 * A local Exchange Stream API for tests: a real TLS server on 127.0.0.1 with a certificate made by
 * openssl for the test, speaking the protocol's CRLF JSON. The test scripts what each
 * subscription gets; the server records every request.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server, type TLSSocket } from 'node:tls';

export interface EsaConnection {
  send(message: object): void;
  /** Ends the connection without a word, as a network failure would. */
  drop(): void;
}

export interface Subscription {
  connection: EsaConnection;
  request: {
    op: string;
    initialClk?: string;
    clk?: string;
    conflateMs?: number;
    heartbeatMs: number;
    marketFilter: object;
  };
}

export interface EsaServer {
  port: number;
  /** The test certificate, for the client's `ca`. */
  ca: string;
  connections: number;
  requests: { op: string }[];
  /** From now on every login is refused with INVALID_SESSION_INFORMATION, as when the session token expired. */
  expireSession(): void;
  /** Resolves with the next subscription (already made ones first). */
  nextSubscription(): Promise<Subscription>;
  close(): Promise<void>;
}

function certificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'esa-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startEsaServer(
  credentials = { appKey: 'app-key', session: 'session-token' },
): Promise<EsaServer> {
  const { key, cert } = certificate();
  const sockets = new Set<TLSSocket>();
  const subscriptions: Subscription[] = [];
  const waiting: ((s: Subscription) => void)[] = [];
  let sessionValid = true;
  const state: EsaServer = {
    port: 0,
    ca: cert,
    connections: 0,
    requests: [],
    expireSession: () => {
      sessionValid = false;
    },
    nextSubscription: () =>
      new Promise((resolve) => {
        const made = subscriptions.shift();
        if (made) resolve(made);
        else waiting.push(resolve);
      }),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer({ key, cert }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    state.connections++;
    const connection: EsaConnection = {
      send: (m) => void socket.write(`${JSON.stringify(m)}\r\n`),
      drop: () => socket.destroy(),
    };
    connection.send({ op: 'connection', connectionId: `conn-${state.connections}` });
    let rest = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\r\n');
      rest = lines.pop()!;
      for (const line of lines) {
        const req = JSON.parse(line) as { op: string; id: number; appKey?: string; session?: string };
        state.requests.push(req);
        if (req.op === 'authentication') {
          if (sessionValid && req.appKey === credentials.appKey && req.session === credentials.session) {
            connection.send({ op: 'status', id: req.id, statusCode: 'SUCCESS', connectionClosed: false });
          } else {
            connection.send({
              op: 'status',
              id: req.id,
              statusCode: 'FAILURE',
              errorCode: 'INVALID_SESSION_INFORMATION',
              errorMessage: 'Session token is invalid',
              connectionClosed: true,
            });
            socket.end();
          }
        } else if (req.op === 'heartbeat') {
          connection.send({ op: 'status', id: req.id, statusCode: 'SUCCESS', connectionClosed: false });
        } else if (req.op === 'marketSubscription' || req.op === 'cricketSubscription') {
          connection.send({ op: 'status', id: req.id, statusCode: 'SUCCESS', connectionClosed: false });
          const s = { connection, request: req as unknown as Subscription['request'] };
          const waiter = waiting.shift();
          if (waiter) waiter(s);
          else subscriptions.push(s);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  return state;
}
