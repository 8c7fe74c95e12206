import {
  EngineUnavailableError,
  type CommandBus,
  type CommandEnvelope,
  type ExecuteResult,
  type SqlClient,
} from '@exch/contracts';
import { findLeader } from './engine-leader.js';
import { SIGNATURE_WINDOW_MS, signCommand } from './engine-signature.js';

export interface ClientLog {
  warn(obj: object, msg?: string): void;
}

/**
 * The gateway's way to the engine in distributed mode: it looks the leader up in PostgreSQL and
 * posts the command there. When the leader is gone or answers that it no longer leads, it looks
 * again and retries with the same command id, which the engine answers only once (an id it has
 * already journalled gets the first answer), so a failover neither loses nor doubles a command.
 * Each attempt is signed afresh for the leader it goes to (engine-signature.ts): the engine takes a
 * signature once, and a retry is a new request for the same command id.
 */
export class EngineClient implements CommandBus {
  private leader: { epoch: number; url: string } | null = null;

  constructor(
    private readonly sql: SqlClient,
    private readonly secret: string,
    private readonly log: ClientLog,
    private readonly patienceMs = 20_000,
  ) {}

  async execute(envelope: CommandEnvelope): Promise<ExecuteResult> {
    const deadline = Date.now() + this.patienceMs;
    const body = JSON.stringify(envelope);
    for (let attempt = 0; ; attempt++) {
      const leader = this.leader ?? (this.leader = await findLeader(this.sql));
      if (leader) {
        const { epoch, url } = leader;
        try {
          const headers = { 'content-type': 'application/json', ...signCommand(this.secret, epoch, body) };
          const res = await fetch(`${url}/commands`, {
            method: 'POST',
            body,
            headers,
            signal: AbortSignal.timeout(15_000),
          });
          if (res.ok) return (await res.json()) as ExecuteResult;
          if (res.status === 401)
            throw new Error(
              `the engine refused this gateway's signature (${await res.text()}): is ENGINE_SECRET the same on every engine and gateway, and are their clocks within ${SIGNATURE_WINDOW_MS / 1000} s?`,
            );
          if (res.status !== 503) throw new Error(`engine answered ${res.status}: ${await res.text()}`);
        } catch (err) {
          if (!isUnreachable(err)) throw err;
        }
        if (attempt === 0)
          this.log.warn(
            { url, epoch, commandId: envelope.commandId },
            'engine leader unreachable; looking for the new one',
          );
        this.leader = null;
      }
      if (Date.now() > deadline) throw new EngineUnavailableError();
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** Connection refused or reset, or a timeout: the leader may have died; anything else is a bug to surface. */
function isUnreachable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (
    err.name === 'TimeoutError' ||
    err.name === 'AbortError' ||
    err.message === 'fetch failed' ||
    err instanceof TypeError
  );
}
