import { EngineUnavailableError, type CommandEnvelope, type ExecuteResult } from '@exch/contracts';
import type { Pending } from './queue.js';

/** Bets waiting out their in-play delay, by command id; a retry meanwhile joins the first and shares its answer. */
export class DelayTimers {
  private readonly waiting = new Map<string, Pending[]>();

  /** Holds the command for `ms`, then hands it back marked as delayed, to be decided again against the prices of then. */
  start(p: Pending, ms: number, due: (p: Pending) => void): void {
    this.waiting.set(p.envelope.commandId, []);
    const command = { ...p.envelope.command, delayed: true } as CommandEnvelope['command'];
    setTimeout(() => due({ ...p, envelope: { ...p.envelope, command } }), ms).unref();
  }

  /** A retry of a command being delayed waits for its answer; false when none is. */
  join(p: Pending): boolean {
    const joined = this.waiting.get(p.envelope.commandId);
    if (joined) joined.push(p);
    return joined !== undefined;
  }

  /** The delayed command was answered: its retries get the same answer, as duplicates when accepted. */
  resolve(commandId: string, r: ExecuteResult): void {
    for (const w of this.waiting.get(commandId) ?? []) w.resolve(r.ok ? { ...r, duplicate: true } : r);
    this.waiting.delete(commandId);
  }

  reject(commandId: string, err: Error): void {
    for (const w of this.waiting.get(commandId) ?? []) w.reject(err);
    this.waiting.delete(commandId);
  }

  /** The engine stopped: every retry waiting is refused. */
  rejectAll(): void {
    for (const waiters of this.waiting.values()) for (const p of waiters) p.reject(new EngineUnavailableError());
    this.waiting.clear();
  }
}
