import { EngineUnavailableError, type CommandBus, type CommandEnvelope, type ExecuteResult, type SqlClient } from '@exch/contracts';
import { findLeader } from './engine-leader.js';

export interface ClientLog {
  warn(obj: object, msg?: string): void;
}

/**
 * The gateway's way to the engine in distributed mode: it looks the leader up in PostgreSQL and
 * posts the command there. When the leader is gone or answers that it no longer leads, it looks
 * again and retries with the same command id, which the engine answers only once (an id it has
 * already journalled gets the first answer), so a failover neither loses nor doubles a command.
 */
export class EngineClient implements CommandBus {
  private url: string | null = null;

  constructor(
    private readonly sql: SqlClient,
    private readonly log: ClientLog,
    private readonly patienceMs = 20_000,
  ) {}

  async execute(envelope: CommandEnvelope): Promise<ExecuteResult> {
    const deadline = Date.now() + this.patienceMs;
    const body = JSON.stringify(envelope);
    for (let attempt = 0; ; attempt++) {
      const url = this.url ?? (this.url = (await findLeader(this.sql))?.url ?? null);
      if (url) {
        try {
          const res = await fetch(`${url}/commands`, { method: 'POST', body, headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(15_000) });
          if (res.ok) return (await res.json()) as ExecuteResult;
          if (res.status !== 503) throw new Error(`engine answered ${res.status}: ${await res.text()}`);
        } catch (err) {
          if (!isUnreachable(err)) throw err;
        }
        if (attempt === 0) this.log.warn({ url, commandId: envelope.commandId }, 'engine leader unreachable; looking for the new one');
        this.url = null;
      }
      if (Date.now() > deadline) throw new EngineUnavailableError();
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** Connection refused or reset, or a timeout: the leader may have died; anything else is a bug to surface. */
function isUnreachable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return err.name === 'TimeoutError' || err.name === 'AbortError' || err.message === 'fetch failed' || err instanceof TypeError;
}
