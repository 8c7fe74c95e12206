/** A stream feed on a test server (esa-server.ts), and what the stream tests read of its updates. */
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import type { ExchangeRunnerUpdate, FeedUpdate, MarketStateUpdate } from '@exch/contracts';
import { betfairStreamFeed } from '../../src/index.js';
import type { StatusMessage } from '../../src/betfair/protocol.js';
import type { EsaServer } from './esa-server.js';

const log = pino({ level: 'silent' });
export const M = '1.500000001';
const runners = (winner?: number) =>
  [11, 12].map((id) => ({
    id,
    sortPriority: id - 10,
    status: winner ? (id === winner ? 'WINNER' : 'LOSER') : 'ACTIVE',
  }));
export const definition = (status: string, winner?: number) => ({
  status,
  inPlay: false,
  betDelay: 0,
  numberOfWinners: 1,
  eventTypeId: '1',
  eventId: '900',
  marketType: 'MATCH_ODDS',
  marketTime: '2026-11-26T20:00:00.000Z',
  runners: runners(winner),
});

/** The first image of market M, open, with these runner changes (Betfair's `rc`). */
export const image = (clk: string, rc: object[] = [{ id: 11, bdatb: [[0, 2, 10]] }]) => ({
  op: 'mcm',
  id: 2,
  pt: Date.now(),
  ct: 'SUB_IMAGE',
  initialClk: 'i',
  clk,
  mc: [{ id: M, img: true, marketDefinition: definition('OPEN'), rc }],
});

export async function feedOn(
  server: EsaServer,
  extra: {
    staleMs?: number;
    heartbeatMs?: number;
    appKey?: string;
    onFatal?: (s: StatusMessage) => void;
    scores?: EsaServer;
  } = {},
) {
  const updates: FeedUpdate[] = [];
  const feed = await betfairStreamFeed({
    host: '127.0.0.1',
    port: server.port,
    appKey: extra.appKey ?? 'app-key',
    sessionToken: 'session-token',
    marketFilter: { eventTypeIds: ['1'], marketTypes: ['MATCH_ODDS'] },
    conflateMs: 200,
    heartbeatMs: extra.heartbeatMs ?? 500,
    staleMs: extra.staleMs ?? 5000,
    reconnectMs: 20,
    tls: { ca: extra.scores ? [server.ca, extra.scores.ca] : server.ca },
    bettingApiUrl: null,
    log,
    ...(extra.onFatal ? { onFatal: extra.onFatal } : {}),
    ...(extra.scores ? { scoreStream: { host: '127.0.0.1', port: extra.scores.port } } : {}),
  });
  feed.subscribe((u) => updates.push(u));
  feed.start();
  return { feed, updates };
}

/** Waits for `check`, up to a ceiling no loaded machine reaches. */
export async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (check()) return;
    await sleep(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const exchange = (us: FeedUpdate[], id: number) =>
  us.filter((u): u is ExchangeRunnerUpdate => u.type === 'exchange' && u.selectionId === id);
export const markets = (us: FeedUpdate[]) => us.filter((u): u is MarketStateUpdate => u.type === 'market');
