/**
 * Names from the stream (docs/feeds.md, "Names"): a market's names follow its latest definition that
 * carries them, and a catalogue entry, when given, still wins.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import t from 'tap';
import { BetfairFeed, betfairFileFeed, type MarketCatalogue } from '../../src/index.js';
import type { MarketChangeMessage, MarketDefinition } from '../../src/betfair/protocol.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const WIN = '1.200000001';
const log = pino({ level: 'silent' });

/** The win market's definition as its file gives it, named, and as Betfair's real files first give it: ids only. */
const named = JSON.parse((await readFile(fixture(WIN), 'utf8')).split('\n')[0]!).mc[0]
  .marketDefinition as MarketDefinition;
const { eventName: _e, venue: _v, name: _n, ...bare } = named;
const unnamed: MarketDefinition = { ...bare, runners: named.runners.map(({ name: _r, ...r }) => r) };

const message = (clk: number, def: MarketDefinition): MarketChangeMessage => ({
  op: 'mcm',
  clk: String(clk),
  pt: 1_795_690_000_000 + clk,
  mc: [{ id: WIN, marketDefinition: def }],
});

const namesOf = (feed: BetfairFeed) => {
  const c = feed.catalogue();
  return {
    series: c.series.map((s) => s.name),
    matches: c.matches.map((m) => m.name),
    markets: c.markets.map((m) => [m.name, ...m.runners.map((r) => r.name)]),
  };
};

t.test('a replay whose first definitions name nothing is named from its later ones before it starts', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'bf-names-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const file = join(dir, WIN);
  await writeFile(
    file,
    [message(1, unnamed), message(2, { ...named, status: 'SUSPENDED' })].map((m) => JSON.stringify(m)).join('\n'),
  );
  const feed = await betfairFileFeed({ files: [file], speed: 0 });
  t.same(namesOf(feed), {
    series: ['Ascot 26th Nov'],
    matches: ['14:30 Ascot'],
    markets: [['2m Hcap', 'Red Rum', 'Arkle', 'Shergar']],
  });
});

t.test('a feed follows each definition that carries names; one that carries none changes nothing', async (t) => {
  const feed = new BetfairFeed({ source: { start: () => {}, stop: () => {} }, log });
  feed.message(message(1, unnamed));
  t.same(
    namesOf(feed),
    {
      series: ['30000001'],
      matches: ['14:30 30000001'],
      markets: [['Win', '101', '102', '103']],
    },
    'ids while nothing names them',
  );
  feed.message(message(2, { ...unnamed, runners: named.runners.slice(0, 2).concat(unnamed.runners[2]!) }));
  t.same(namesOf(feed).markets, [['Win', 'Red Rum', 'Arkle', '103']], 'each runner as soon as a definition names it');
  feed.message(message(3, named));
  feed.message(message(4, { ...unnamed, status: 'SUSPENDED' }));
  t.same(
    namesOf(feed),
    {
      series: ['Ascot 26th Nov'],
      matches: ['14:30 Ascot'],
      markets: [['2m Hcap', 'Red Rum', 'Arkle', 'Shergar']],
    },
    'named, and kept by a later definition that names nothing',
  );
});

t.test('a catalogue entry wins over any definition', async (t) => {
  const catalogue = JSON.parse(await readFile(fixture('catalogue.json'), 'utf8')) as MarketCatalogue[];
  const feed = new BetfairFeed({
    source: { start: () => {}, stop: () => {} },
    catalogue: catalogue.filter((e) => e.marketId === WIN),
    log,
  });
  feed.message(
    message(1, { ...named, name: 'Another name', runners: named.runners.map((r) => ({ ...r, name: 'X' })) }),
  );
  t.same(namesOf(feed).markets, [['2m Hcap', '1. Red Rum', '2. Arkle', '3. Shergar']]);
});

t.test('a cricket market whose definitions name nothing is named by the score stream’s teams', async (t) => {
  const MO = '1.300000009';
  const def: MarketDefinition = {
    eventId: '30000009',
    eventTypeId: '4',
    marketType: 'MATCH_ODDS',
    status: 'OPEN',
    inPlay: false,
    marketTime: '2026-12-08T14:00:00.000Z',
    runners: [
      { id: 228749, status: 'ACTIVE', sortPriority: 1 },
      { id: 2857977, status: 'ACTIVE', sortPriority: 2 },
    ],
  } as MarketDefinition;
  const teams = {
    op: 'ccm' as const,
    pt: 1_795_690_000_100,
    cc: [
      {
        eventId: '30000009',
        marketId: MO,
        homeTeam: { name: 'Netherlands', selectionId: 228749 },
        awayTeam: { name: 'Papua New Guinea', selectionId: 2857977 },
      },
    ],
  };
  const mcm: MarketChangeMessage = {
    op: 'mcm',
    clk: '1',
    pt: 1_795_690_000_000,
    mc: [{ id: MO, marketDefinition: def }],
  };
  const named = {
    matches: ['Netherlands v Papua New Guinea'],
    markets: [['Match Odds', 'Netherlands', 'Papua New Guinea']],
  };

  const live = new BetfairFeed({ source: { start: () => {}, stop: () => {} }, log });
  live.message(mcm);
  t.same(namesOf(live).markets, [['Match Odds', '228749', '2857977']], 'ids only, before the score stream speaks');
  live.message(teams);
  t.match(namesOf(live), named, 'live: named once the teams arrive');

  const dir = await mkdtemp(join(tmpdir(), 'bf-names-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await writeFile(join(dir, MO), JSON.stringify(mcm));
  await writeFile(join(dir, 'score'), JSON.stringify(teams));
  const replay = await betfairFileFeed({ files: [join(dir, MO)], scoreFiles: [join(dir, 'score')], speed: 0 });
  t.match(namesOf(replay), named, 'a replay: named before it starts');
});
