/**
 * Names for the stream's markets: the Betting API's listMarketCatalogue results (JSON-RPC, or a
 * file holding an array of them) into the feed port's catalogue (docs/feeds.md, "Mapping").
 * Historic files name their markets in the market definition, which is turned into the same
 * shape when no catalogue entry is given.
 */
import { SPORTS, type Catalogue, type Market, type Match, type Series, type Sport } from '@exch/contracts';
import type { MarketDefinition } from './protocol.js';

/** One listMarketCatalogue result, the projections this feed asks for. */
export interface MarketCatalogue {
  marketId: string;
  marketName: string;
  marketStartTime?: string;
  description?: { marketType?: string; bettingType?: string };
  eventType?: { id: string; name: string };
  competition?: { id: string; name: string };
  event?: { id: string; name: string; countryCode?: string; venue?: string; openDate?: string };
  runners?: {
    selectionId: number;
    runnerName: string;
    handicap?: number;
    sortPriority?: number;
    metadata?: Record<string, string | null>;
  }[];
}

const RACING: ReadonlySet<number> = new Set([7, 4339]);

/** Betfair's event type id is the sport's id; one that is not a positive whole number is no sport. */
function sportOf(eventType: MarketCatalogue['eventType']): Sport | null {
  const id = Number(eventType?.id);
  if (!eventType || !Number.isSafeInteger(id) || id <= 0) return null;
  return { id, name: SPORTS.find((s) => s.id === id)?.name ?? eventType.name };
}

/** The product's own sports in SPORTS order, then any other by id. */
const rank = (id: number): number => {
  const i = SPORTS.findIndex((s) => s.id === id);
  return i === -1 ? SPORTS.length : i;
};

/** What a historic file's definition names an event type it carries only the id of (a catalogue names it). */
export const unnamedEventType = (id: string): string => `Event type ${id}`;

/**
 * A racecard name: the cloth number (horses) or trap (greyhounds) from the runner metadata in
 * front of the name, unless the name already starts with it (greyhound names often do).
 */
function runnerName(r: NonNullable<MarketCatalogue['runners']>[number]): string {
  const number = r.metadata?.CLOTH_NUMBER ?? r.metadata?.TRAP ?? null;
  if (!number || r.runnerName.startsWith(`${number}.`) || r.runnerName.startsWith(`${number} `)) return r.runnerName;
  return `${number}. ${r.runnerName}`;
}

const hhmm = (iso: string) => iso.slice(11, 16);

/**
 * The feed port's catalogue. Ball sports: series = competition, match = event. Racing: series =
 * the meeting (the event), match = one race, every market starting at that time (WIN, PLACE) in it.
 * An event type outside SPORTS (darts, snooker, politics...) is a sport of its own, under the
 * catalogue's name for it, and is listed like a ball sport.
 */
export function toCatalogue(entries: MarketCatalogue[], inPlay: (marketId: string) => boolean): Catalogue {
  const sports = new Map<number, Sport>();
  const series = new Map<string, Series>();
  const matches = new Map<string, Match>();
  const markets: Market[] = [];
  for (const e of entries) {
    const sport = sportOf(e.eventType);
    if (sport === null || !e.event) continue;
    const sportId = sport.id;
    if (!sports.has(sportId)) sports.set(sportId, sport);
    const start = e.marketStartTime ?? e.event.openDate ?? new Date(0).toISOString();
    let seriesId: string;
    let matchId: string;
    let matchName: string;
    if (RACING.has(sportId)) {
      seriesId = `bf-${e.event.id}`;
      series.set(seriesId, { id: seriesId, sportId, name: e.event.name });
      matchId = `bf-${e.event.id}-${hhmm(start).replace(':', '')}`;
      matchName = `${hhmm(start)} ${e.event.venue ?? e.event.name}`;
    } else {
      const comp = e.competition ?? { id: `et${sportId}`, name: sport.name };
      seriesId = `bf-c${comp.id}`;
      series.set(seriesId, { id: seriesId, sportId, name: comp.name });
      matchId = `bf-${e.event.id}`;
      matchName = e.event.name;
    }
    const live = inPlay(e.marketId);
    const known = matches.get(matchId);
    if (!known) {
      const startTime = new Date(RACING.has(sportId) ? start : (e.event.openDate ?? start)).toISOString();
      matches.set(matchId, { id: matchId, seriesId, sportId, name: matchName, startTime, inPlay: live });
    } else if (live) known.inPlay = true;
    const runners = [...(e.runners ?? [])]
      .sort((a, b) => (a.sortPriority ?? 0) - (b.sortPriority ?? 0))
      .map((r) => ({ selectionId: r.selectionId, name: runnerName(r) }));
    markets.push({ marketId: e.marketId, matchId, name: e.marketName, kind: 'match_odds', runners, source: 'betfair' });
  }
  return {
    sports: [...sports.values()].sort((a, b) => rank(a.id) - rank(b.id) || a.id - b.id),
    series: [...series.values()],
    matches: [...matches.values()],
    markets,
  };
}

/** A market type as words, for a definition that names no market: MATCH_ODDS reads "Match Odds". */
const marketTypeName = (type: string): string =>
  type
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** A historic file's market definition as a catalogue entry (the live stream's definitions carry no names). */
export function entryFromDefinition(marketId: string, def: MarketDefinition): MarketCatalogue | null {
  if (!def.eventId || !def.eventTypeId) return null;
  const start = def.marketTime ?? def.openDate;
  return {
    marketId,
    marketName: def.name ?? (def.marketType ? marketTypeName(def.marketType) : marketId),
    ...(start ? { marketStartTime: start } : {}),
    eventType: { id: def.eventTypeId, name: unnamedEventType(def.eventTypeId) },
    event: {
      id: def.eventId,
      name: def.eventName ?? def.eventId,
      ...(def.countryCode ? { countryCode: def.countryCode } : {}),
      ...(def.venue ? { venue: def.venue } : {}),
      ...(def.openDate ? { openDate: def.openDate } : {}),
    },
    runners: def.runners.map((r) => ({
      selectionId: r.id,
      runnerName: r.name ?? String(r.id),
      ...(r.sortPriority !== undefined ? { sortPriority: r.sortPriority } : {}),
    })),
  };
}

export const BETTING_API_URL = 'https://api.betfair.com/exchange/betting/json-rpc/v1';

/** Betfair allows at most this many markets per listMarketCatalogue call with runner metadata. */
const MARKETS_PER_CALL = 100;

/** listMarketCatalogue over JSON-RPC for the given markets, in calls of at most 100; its entries as answered (usableEntries checks them). */
export async function listMarketCatalogue(opts: {
  appKey: string;
  sessionToken: string;
  marketIds: string[];
  url?: string;
}): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let i = 0; i < opts.marketIds.length; i += MARKETS_PER_CALL) {
    const res = await fetch(opts.url ?? BETTING_API_URL, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'X-Application': opts.appKey,
        'X-Authentication': opts.sessionToken,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        method: 'SportsAPING/v1.0/listMarketCatalogue',
        params: {
          filter: { marketIds: opts.marketIds.slice(i, i + MARKETS_PER_CALL) },
          marketProjection: [
            'COMPETITION',
            'EVENT',
            'EVENT_TYPE',
            'MARKET_START_TIME',
            'MARKET_DESCRIPTION',
            'RUNNER_DESCRIPTION',
            'RUNNER_METADATA',
          ],
          maxResults: MARKETS_PER_CALL,
        },
        id: 1,
      }),
    });
    const body = (await res.json()) as { result?: unknown; error?: unknown };
    if (!res.ok || !Array.isArray(body.result))
      throw new Error(`listMarketCatalogue failed: ${res.status} ${JSON.stringify(body.error)}`);
    out.push(...body.result);
  }
  return out;
}
