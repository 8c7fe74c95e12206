import type { HealthStatus } from '@exch/contracts';

/** Each probe's deadline: every /health answers within a second, probes running side by side. */
export const PROBE_DEADLINE_MS = 500;

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

const LATE = Symbol('late');

/**
 * One dependency asked a question (a SQL query, a metadata request to the broker) with a deadline:
 * a miss answers `{name}: no answer in {deadline} ms` rather than waiting. A question still out is
 * not asked again: later checks wait on the same one (each with its own deadline), so a database or
 * broker that hangs gets one question from /health, not one per request.
 */
export class Probe<T> {
  private out: Promise<T> | null = null;

  constructor(
    readonly name: string,
    private readonly ask: () => Promise<T>,
    private readonly deadlineMs = PROBE_DEADLINE_MS,
  ) {}

  async check(): Promise<Checked<T>> {
    const asking = (this.out ??= this.ask().finally(() => {
      this.out = null;
    }));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<typeof LATE>((resolve) => {
      timer = setTimeout(() => resolve(LATE), this.deadlineMs);
    });
    try {
      const answer = await Promise.race([asking, late]);
      if (answer === LATE) return { ok: false, reason: `${this.name}: no answer in ${this.deadlineMs} ms` };
      return { ok: true, value: answer };
    } catch (err) {
      return { ok: false, reason: `${this.name}: ${err instanceof Error ? err.message : String(err)}` };
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The verdict of some checks: degraded with each miss's reason, or ok. */
export function statusOf(...checks: Checked<unknown>[]): HealthStatus {
  const reasons = checks.flatMap((c) => (c.ok ? [] : [c.reason]));
  return { status: reasons.length > 0 ? 'degraded' : 'ok', reasons };
}
