import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FeedHealthView } from '@exch/feeds';

/** One registry per process, with Node's default metrics and the process's role as a label. */
export function processRegistry(role: string, instance: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ role, instance });
  collectDefaultMetrics({ register: registry });
  return registry;
}

export const counter = (registry: Registry, name: string, help: string, labelNames: string[] = []) =>
  new Counter({ name, help, labelNames, registers: [registry] });

export const gauge = (
  registry: Registry,
  name: string,
  help: string,
  collect: (g: Gauge) => void | Promise<void>,
  labelNames: string[] = [],
) =>
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      return collect(this);
    },
  });

export const histogram = (registry: Registry, name: string, help: string, buckets: number[]) =>
  new Histogram({ name, help, buckets, registers: [registry] });

/** A Betfair feed's health (docs/feeds.md, "Health"): how busy the stream is, how late, how often it reconnected. */
export function feedGauges(registry: Registry, health: () => FeedHealthView): void {
  const gauges: [name: string, help: string, value: (h: FeedHealthView) => number | null][] = [
    [
      'feed_messages_per_second',
      'Market change messages per second over the last 10 s, heartbeats included',
      (h) => h.messagesPerSecond,
    ],
    ['feed_messages_total', 'Market change messages received', (h) => h.messages],
    ['feed_lag_ms', "Now less the last message's publish time (pt)", (h) => h.lagMs],
    ['feed_reconnects_total', 'Reconnections of the stream', (h) => h.reconnects],
    ['feed_stale', '1 while the stream is stale and its markets suspended', (h) => (h.stale ? 1 : 0)],
  ];
  for (const [name, help, value] of gauges)
    gauge(registry, name, help, (g) => {
      const v = value(health());
      if (v !== null) g.set(v);
    });
  // One series while stale, labelled with why (feed_stale stays as it is for the dashboards that read it).
  gauge(
    registry,
    'feed_stale_reason',
    '1, labelled with the reason and its text, while the feed is stale and its markets suspended',
    (g) => {
      g.reset();
      const why = health().staleReason;
      if (why) g.set({ reason: why.reason, text: why.text }, 1);
    },
    ['reason', 'text'],
  );
}

export type Route = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/** Writes a JSON answer. */
export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * The HTTP endpoint of a process without the gateway: GET /metrics (Prometheus text format),
 * GET /health, and whatever `routes` answer (the engine's command endpoint).
 */
export function serveHttp(
  { port, host }: { port: number; host: string },
  registry: Registry,
  health: () => object | Promise<object>,
  routes: Route[] = [],
): Promise<Server> {
  const server = createServer((req, res) => {
    void (async () => {
      try {
        if (req.method === 'GET' && req.url === '/metrics') {
          res.writeHead(200, { 'content-type': registry.contentType }).end(await registry.metrics());
          return;
        }
        if (req.method === 'GET' && req.url === '/health') return json(res, 200, await health());
        for (const route of routes) if (await route(req, res)) return;
        json(res, 404, { message: 'Not found' });
      } catch (err) {
        json(res, 500, { message: (err as Error).message });
      }
    })();
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
