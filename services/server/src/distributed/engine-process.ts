import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { EngineUnavailableError, type CommandEnvelope } from '@exch/contracts';
import { Engine } from '@exch/engine';
import { openPostgresStore } from '@exch/eventstore';
import { createFeed, type FeedChoice } from '@exch/feeds';
import { connectKafka, ensureTopics, OrderedProducer } from '@exch/kafka';
import { Dealer, type DealerSettings } from '../casino/dealer.js';
import { connectFeed } from '../feed.js';
import { seedDemo } from '../seed.js';
import { announceLeader, migrateLeaderTable } from './engine-leader.js';
import { CommandVerifier } from './engine-signature.js';
import { publishFeed } from './feed-topic.js';
import { TradedFeed } from '../traded-feed.js';
import { counter, feedGauges, gauge, histogram, json, processRegistry, serveHttp, type Route } from '../metrics.js';
import { Probe, statusOf } from '../health/probe.js';
import { kafkaProbe } from '../health/kafka.js';
import { FEED_TOPIC_SPEC, kafkaSettings, type DistributedSettings } from './settings.js';
import { engineWindows } from '../engine-settings.js';

const BODY_LIMIT = 256 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > BODY_LIMIT) reject(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
    req.on('error', reject);
  });
}

export interface EngineProcessOptions {
  /** The feed (docs/feeds.md) runs on the leader only (its prices reach gateways through Kafka). */
  feed: FeedChoice | null;
  /** FEED_SETTLE_DELAY_MS (feed.ts); null: an admin confirms each feed result. */
  feedSettleDelayMs: number | null;
  seedDemo: boolean;
  /** ENGINE_SECRET: only requests signed with it are decided. */
  secret: string;
  /** The casino's dealer, on the leader only (docs/casino.md); null: none. */
  casino?: DealerSettings | null;
}

/**
 * An engine instance: a standby until it wins PostgreSQL's advisory lock, then the leader. It
 * announces its command endpoint in `engine_leader` only once it has loaded the log and quoted the
 * feed, so gateways never reach a leader that is still catching up. Resolves with the reason it stopped leading.
 */
export async function runEngineProcess(
  settings: DistributedSettings,
  log: Logger,
  opts: EngineProcessOptions,
): Promise<{ halted: Promise<string>; close(): Promise<void> }> {
  const store = await openPostgresStore({ connectionString: settings.databaseUrl });
  await migrateLeaderTable(store.sql);
  const registry = processRegistry('engine', settings.instance);
  let engine: Engine | null = null;
  const commitSeconds = histogram(
    registry,
    'engine_commit_seconds',
    'Journal commit latency per engine turn',
    [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  );
  const committed = counter(registry, 'engine_events_committed_total', 'Events journalled by this engine');
  const commands = counter(registry, 'engine_commands_total', 'Commands answered, by outcome', ['outcome']);
  gauge(
    registry,
    'engine_queue_depth',
    'Commands and feed updates waiting for the next turn',
    (g) => void g.set(engine?.queueDepth ?? 0),
  );
  gauge(registry, 'engine_leader', '1 while this instance leads', (g) => void g.set(engine?.running ? 1 : 0));
  // A standby's state follows the log while it waits: how far it has loaded is how soon it can take over.
  let loaded = 0;
  const position = () => engine?.headPosition ?? loaded;
  gauge(
    registry,
    'engine_log_position',
    'Last log position this engine has applied (a standby: loaded so far)',
    (g) => void g.set(position()),
  );
  const head = new Probe('postgres', () => store.head());
  /** The broker the leader publishes its feed to, once it does. */
  let broker: ReturnType<typeof kafkaProbe> | null = null;

  const verifier = new CommandVerifier(opts.secret);
  const commandRoute: Route = async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/commands') return false;
    let body: string;
    try {
      body = await readBody(req);
    } catch (err) {
      return (json(res, 400, { message: (err as Error).message }), true);
    }
    // Checked before anything is decided: a caller without the secret changes nothing.
    const verdict = verifier.verify(req.headers, body);
    if (!verdict.ok) {
      commands.inc({ outcome: 'unauthorized' });
      log.warn(
        { reason: verdict.reason, from: req.socket.remoteAddress },
        'command refused unread: not a fresh request signed with ENGINE_SECRET',
      );
      return (json(res, 401, { message: verdict.reason }), true);
    }
    // Signed for another leader's epoch: the gateway looks the leader up again.
    if (!engine?.running || engine.epoch !== verdict.epoch)
      return (json(res, 503, { message: 'not the leader' }), true);
    let envelope: CommandEnvelope;
    try {
      envelope = JSON.parse(body) as CommandEnvelope;
    } catch (err) {
      return (json(res, 400, { message: (err as Error).message }), true);
    }
    try {
      const result = await engine.execute(envelope);
      commands.inc({ outcome: result.ok ? 'accepted' : 'refused' });
      json(res, 200, result);
    } catch (err) {
      if (!(err instanceof EngineUnavailableError)) throw err;
      commands.inc({ outcome: 'unavailable' });
      json(res, 503, { message: err.message });
    }
    return true;
  };
  const server = await serveHttp(
    { port: settings.port, host: settings.bindHost },
    registry,
    async () => {
      const [read, ...others] = await Promise.all([head.check(), ...(broker ? [broker.probe.check()] : [])]);
      return {
        role: engine?.running ? 'leader' : 'standby',
        epoch: engine?.epoch ?? null,
        instance: settings.instance,
        position: position(),
        head: read.ok ? read.value : null,
        ...statusOf(read, ...others),
      };
    },
    [commandRoute],
  );
  log.info({ port: settings.port }, 'engine standing by for leadership');

  let traded: TradedFeed | null = null;
  engine = await Engine.start({
    store,
    log,
    ...engineWindows(),
    feedSettleDelayMs: opts.feedSettleDelayMs,
    onCommit: (ms, events) => {
      commitSeconds.observe(ms / 1000);
      committed.inc(events);
    },
    onPrices: (ladders) => traded?.traded(ladders),
    onLoaded: (at) => void (loaded = at),
  });
  const leader = engine;

  if (opts.seedDemo && (await seedDemo(leader, (u) => leader.view.usernames[u.toLowerCase()], store.sql)))
    log.info('demo accounts seeded');

  let stopFeed = async () => {};
  if (opts.feed) {
    const kafka = connectKafka(kafkaSettings(settings, log));
    await ensureTopics(kafka, [FEED_TOPIC_SPEC]);
    const producer = await OrderedProducer.open(kafka);
    const feedBroker = kafkaProbe(kafkaSettings(settings, log));
    broker = feedBroker;
    const { feed, health } = await createFeed(opts.feed, log.child({ part: 'feed' }));
    if (health) feedGauges(registry, health);
    // Gateways show the leader's traded ladders (the feed less what was taken, plus resting orders).
    traded = new TradedFeed(feed, (marketId, selectionId) => leader.tradedPrices(marketId, selectionId));
    const unpublish = publishFeed(traded, producer, log);
    const disconnect = await connectFeed(feed, leader, leader, log.child({ part: 'feed' }), {
      settleDelayMs: opts.feedSettleDelayMs,
    });
    stopFeed = async () => {
      disconnect();
      unpublish();
      await producer.close();
      await feedBroker.close();
    };
  }

  // Only the leader deals: a new leader's dealer finishes or voids what the old one left (docs/casino.md).
  const dealer = opts.casino
    ? new Dealer({ bus: leader, view: () => leader.view, log: log.child({ part: 'dealer' }) }, opts.casino)
    : null;
  await dealer?.start();

  // Announced last: gateways reach a new leader only once it has the log and the feed's prices
  // (before, a failover answered bets with 'Prices are not available yet' for a moment).
  await announceLeader(store.sql, leader.epoch, `http://${settings.advertisedHost}:${settings.port}`);
  log.info(
    { epoch: leader.epoch, url: `http://${settings.advertisedHost}:${settings.port}` },
    'engine leading; command endpoint announced',
  );

  return {
    halted: leader.halted,
    async close() {
      dealer?.stop();
      await stopFeed();
      await leader.stop();
      server.close();
      await store.close();
    },
  };
}
