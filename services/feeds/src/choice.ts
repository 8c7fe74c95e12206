/**
 * Which feed a process runs, from its settings (README "Feed", docs/feeds.md): the simulator
 * (the demo's default), Betfair historic files, or Betfair's live stream. `npm start` and the
 * distributed engine read the same variables.
 */
import type { Logger } from 'pino';
import type { FeedPort } from '@exch/contracts';
import { FeedInputError } from './input-error.js';
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
  if (!v) throw new FeedInputError(`${name} is required with FEED=${env.FEED}`);
  return v;
}

const optionalNumber = (v: string | undefined): { value: number } | null =>
  v === undefined || v === '' ? null : { value: Number(v) };

/** A whole number of milliseconds within the bounds the stream accepts (its schema's), or a clear error. */
function boundedMs(env: NodeJS.ProcessEnv, name: string, min: number, max: number): { value: number } | null {
  const n = optionalNumber(env[name]);
  if (n && !(Number.isInteger(n.value) && n.value >= min && n.value <= max))
    throw new FeedInputError(`${name} must be a whole number of milliseconds from ${min} to ${max}`);
  return n;
}

const DATA_FIELDS: readonly MarketDataField[] = [
  'EX_BEST_OFFERS_DISP',
  'EX_BEST_OFFERS',
  'EX_ALL_OFFERS',
  'EX_TRADED',
  'EX_TRADED_VOL',
  'EX_LTP',
  'EX_MARKET_DEF',
];

function dataFields(v: string | undefined): MarketDataField[] {
  const fields = list(v);
  const unknown = fields.filter((f) => !DATA_FIELDS.some((d) => d === f));
  if (unknown.length > 0)
    throw new FeedInputError(`BETFAIR_FIELDS: unknown field ${unknown.join(', ')} (known: ${DATA_FIELDS.join(', ')})`);
  return fields as MarketDataField[];
}

/** A number of at least 0 (speed, a gap), or a clear error naming the setting. */
function atLeastZero(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const n = optionalNumber(env[name]);
  if (n && !(n.value >= 0)) throw new FeedInputError(`${name} must be a number of at least 0 (got ${env[name]})`);
  return n?.value ?? fallback;
}

function marketFilter(v: string | undefined): MarketFilter {
  if (!v) return DEFAULT_FILTER;
  try {
    return JSON.parse(v) as MarketFilter;
  } catch (err) {
    throw new FeedInputError(`BETFAIR_MARKET_FILTER is not JSON (${(err as Error).message})`);
  }
}

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
        speed: atLeastZero(env, 'FEED_SPEED', 1),
        maxGapMs: atLeastZero(env, 'FEED_MAX_GAP_MS', 5000),
        ...catalogue,
      };
    }
    case 'betfair': {
      const port = optionalNumber(env.BETFAIR_STREAM_PORT);
      // The stream's own bounds: the server would otherwise change them and loop the new value back.
      const conflate = boundedMs(env, 'BETFAIR_CONFLATE_MS', 0, 120_000);
      const heartbeat = boundedMs(env, 'BETFAIR_HEARTBEAT_MS', 500, 30_000);
      const stale = optionalNumber(env.BETFAIR_STALE_MS);
      const scorePort = optionalNumber(env.BETFAIR_SCORE_STREAM_PORT);
      const fields = dataFields(env.BETFAIR_FIELDS);
      return {
        kind: 'betfair',
        appKey: required(env, 'BETFAIR_APP_KEY'),
        sessionToken: required(env, 'BETFAIR_SESSION_TOKEN'),
        marketFilter: marketFilter(env.BETFAIR_MARKET_FILTER),
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
      throw new FeedInputError(`FEED must be simulator, betfair-file, betfair or off (got ${env.FEED})`);
  }
}
