/**
 * Which feed a process runs, from its settings (README "Feed", docs/feeds.md): the simulator
 * (the demo's default), Betfair historic files, or Betfair's live stream. `npm start` and the
 * distributed engine read the same variables.
 */
import type { Logger } from 'pino';
import type { FeedPort } from '@exch/contracts';
import { betfairFileFeed, type BetfairFileFeedOptions } from './betfair/file-feed.js';
import type { FeedHealthView } from './betfair/health.js';
import type { MarketDataField, MarketFilter } from './betfair/protocol.js';
import { betfairStreamFeed, type BetfairStreamFeedOptions } from './betfair/stream-feed.js';
import { createSimulator, type SimulatorOptions } from './simulator.js';

export type FeedChoice =
  | (SimulatorOptions & { kind?: 'simulator' })
  | (Omit<BetfairFileFeedOptions, 'log' | 'onEnd'> & { kind: 'betfair-file' })
  | (Omit<BetfairStreamFeedOptions, 'log'> & { kind: 'betfair' });

export interface RunningFeed {
  feed: FeedPort;
  /** A Betfair feed's health for /metrics; null for the simulator. */
  health: (() => FeedHealthView) | null;
}

export async function createFeed(choice: FeedChoice, log: Logger): Promise<RunningFeed> {
  switch (choice.kind) {
    case undefined:
    case 'simulator':
      return { feed: createSimulator(choice), health: null };
    case 'betfair-file': {
      const feed = await betfairFileFeed({ ...choice, log });
      return { feed, health: () => feed.health.view() };
    }
    case 'betfair': {
      const feed = await betfairStreamFeed({ ...choice, log });
      return { feed, health: () => feed.health.view() };
    }
  }
}

/** Cricket match odds: Betfair refuses a subscription of more than 200 markets unless the account's limit is raised. */
const DEFAULT_FILTER: MarketFilter = { eventTypeIds: ['4'], marketTypes: ['MATCH_ODDS'] };

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

function required(env: NodeJS.ProcessEnv, name: string): string {
  const v = env[name];
  if (!v) throw new Error(`${name} is required with FEED=${env.FEED}`);
  return v;
}

const optionalNumber = (v: string | undefined): { value: number } | null =>
  v === undefined || v === '' ? null : { value: Number(v) };

/** The feed the environment asks for; null for FEED=off. */
export function feedChoiceFromEnv(env: NodeJS.ProcessEnv): FeedChoice | null {
  const catalogue = env.BETFAIR_CATALOGUE ? { catalogue: env.BETFAIR_CATALOGUE } : {};
  switch (env.FEED ?? 'simulator') {
    case 'off':
      return null;
    case 'simulator':
      return { seed: Number(env.FEED_SEED ?? Date.now() % 1_000_000), tickMs: Number(env.FEED_TICK_MS ?? 1000) };
    case 'betfair-file': {
      const files = list(required(env, 'BETFAIR_FILES'));
      const scoreFiles = list(env.BETFAIR_SCORE_FILES);
      return {
        kind: 'betfair-file',
        files,
        ...(scoreFiles.length > 0 ? { scoreFiles } : {}),
        speed: Number(env.FEED_SPEED ?? 1),
        maxGapMs: Number(env.FEED_MAX_GAP_MS ?? 5000),
        ...catalogue,
      };
    }
    case 'betfair': {
      const port = optionalNumber(env.BETFAIR_STREAM_PORT);
      const conflate = optionalNumber(env.BETFAIR_CONFLATE_MS);
      const heartbeat = optionalNumber(env.BETFAIR_HEARTBEAT_MS);
      const stale = optionalNumber(env.BETFAIR_STALE_MS);
      const scorePort = optionalNumber(env.BETFAIR_SCORE_STREAM_PORT);
      const fields = list(env.BETFAIR_FIELDS) as MarketDataField[];
      return {
        kind: 'betfair',
        appKey: required(env, 'BETFAIR_APP_KEY'),
        sessionToken: required(env, 'BETFAIR_SESSION_TOKEN'),
        marketFilter: env.BETFAIR_MARKET_FILTER
          ? (JSON.parse(env.BETFAIR_MARKET_FILTER) as MarketFilter)
          : DEFAULT_FILTER,
        ...(env.BETFAIR_STREAM_HOST ? { host: env.BETFAIR_STREAM_HOST } : {}),
        ...(port ? { port: port.value } : {}),
        ...(conflate ? { conflateMs: conflate.value } : {}),
        ...(heartbeat ? { heartbeatMs: heartbeat.value } : {}),
        ...(stale ? { staleMs: stale.value } : {}),
        ...(fields.length > 0 ? { fields } : {}),
        ...(env.BETFAIR_SCORE_STREAM_HOST
          ? {
              scoreStream: {
                host: env.BETFAIR_SCORE_STREAM_HOST,
                ...(scorePort ? { port: scorePort.value } : {}),
              },
            }
          : {}),
        ...catalogue,
      };
    }
    default:
      throw new Error(`FEED must be simulator, betfair-file, betfair or off (got ${env.FEED})`);
  }
}
