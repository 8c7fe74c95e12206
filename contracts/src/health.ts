/**
 * What GET /health answers on every process (docs/distributed.md, "Health"): within a second,
 * whatever the database or the broker is doing, since each probe has a deadline under a second.
 * HTTP 200 in both states: a process that answers is serving (a gateway takes bets while the broker
 * is away), and a load balancer must not take every gateway out for what none of them can mend.
 */
export interface HealthStatus {
  /** `ok`: every probe answered in time; `degraded`: one did not or failed, and `reasons` say which. */
  status: 'ok' | 'degraded';
  /** One line per probe that missed: `kafka: no answer in 500 ms`, `postgres: connect ECONNREFUSED ...`. */
  reasons: string[];
}

/** A read model's progress: `checkpoint` the events of the log it holds, `lag` the events after them (never negative). */
export interface ProjectionProgress {
  name: string;
  checkpoint: number;
  head: number;
  lag: number;
}

/** A gateway's and the embedded server's /health: how far the read side is behind the log. */
export interface ReadSideHealth extends HealthStatus {
  /** The log's head (its last event's position); null when the database did not answer in time. */
  head: number | null;
  /** Distributed mode: the relay's last acknowledged position and the events after it; null embedded, or before a relay ran. */
  relay: { position: number; lag: number } | null;
  /** Empty when the database did not answer in time. */
  projections: ProjectionProgress[];
}
