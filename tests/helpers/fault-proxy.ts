/**
 * A man in the middle for the fault tests: an HTTP proxy between the game provider and the
 * operator's wallet that does, call by call, what a bad network does: answer late, lose the answer
 * after the operator acted, or hold a call back and let it through later.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';

export type Fault =
  | { kind: 'pass' }
  /** Forwarded at once; the answer comes back `ms` later (after the caller gave up, if it is patient for less). */
  | { kind: 'late-answer'; ms: number }
  /** Forwarded, acted on, and the answer lost: the caller's connection is cut. */
  | { kind: 'lose-answer' }
  /** Not forwarded until `release` resolves (the caller may be gone by then: it is forwarded anyway). */
  | { kind: 'hold'; release: Promise<void> };

export interface Call {
  method: string;
  url: string;
  body: string;
  /** The parsed body (null for none). */
  json: Record<string, unknown> | null;
}

const FORWARDED = ['content-type', 'x-provider-timestamp', 'x-provider-signature', 'wallet-session'];
// Unref'd: a late answer still pending when the tests end (they use a minute) must not keep the process alive.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

export class FaultProxy {
  /** Decides each call's fault; every call passes by default. */
  rule: (call: Call) => Fault = () => ({ kind: 'pass' });
  readonly calls: (Call & { fault: Fault['kind']; status: number | null })[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(target: string, port = 0): Promise<FaultProxy> {
    let proxy!: FaultProxy;
    const server = createServer((req, res) => {
      void proxy.handle(target, req).then(
        (answer) => {
          if (answer === null) return;
          res.writeHead(answer.status, { 'content-type': answer.type });
          res.end(answer.body);
        },
        () => res.destroy(),
      );
    });
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
    const address = server.address() as { port: number };
    proxy = new FaultProxy(server, `http://127.0.0.1:${address.port}`);
    return proxy;
  }

  private async handle(
    target: string,
    req: IncomingMessage,
  ): Promise<{ status: number; type: string; body: string } | null> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const call: Call = {
      method: req.method!,
      url: req.url!,
      body,
      json: body ? (JSON.parse(body) as Record<string, unknown>) : null,
    };
    const fault = this.rule(call);
    const entry = { ...call, fault: fault.kind, status: null as number | null };
    this.calls.push(entry);
    if (fault.kind === 'hold') await fault.release;
    const headers: Record<string, string> = {};
    for (const h of FORWARDED) if (typeof req.headers[h] === 'string') headers[h] = req.headers[h] as string;
    const res = await fetch(target + call.url, { method: call.method, headers, body: body === '' ? undefined : body });
    const answer = {
      status: res.status,
      type: res.headers.get('content-type') ?? 'application/json',
      body: await res.text(),
    };
    entry.status = answer.status;
    if (fault.kind === 'lose-answer') {
      req.socket.destroy();
      return null;
    }
    if (fault.kind === 'late-answer') await sleep(fault.ms);
    return answer;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}
