import type { MarketSummary } from '@exch/contracts';
import { Dict } from '../dict.js';
import type { MarketState, Settlement } from '../state.js';

/** Written as they are, in this order, at the head of each row. */
const PLAIN = [
  'marketId',
  'matchId',
  'kind',
  'name',
  'fancyType',
  'minStake',
  'maxStake',
  'betDelaySec',
  'commissionBp',
  'status',
  'settledAt',
] as const;
/** What few markets have (set by hand, a feed's definition, a proposed result): written only when present. */
const RARE = ['manual', 'feed', 'proposed'] as const;
/** The same in every archived summary, so not written. */
type Implied = 'archived' | 'betIds' | 'positions';

// A key added to MarketState or Settlement and handled nowhere here fails to compile.
type Unhandled =
  | Exclude<keyof MarketState, (typeof PLAIN)[number] | (typeof RARE)[number] | Implied | 'runners' | 'settlement'>
  | Exclude<keyof Settlement, 'settlementId' | 'void' | 'postings' | 'betIds'>;
type NoneLeft<T extends never> = T;
export type SummaryFields = NoneLeft<Unhandled>;

/**
 * An archived market's summary as a snapshot writes it: the plain values in PLAIN's order, then its
 * runners as an index into the part's table of runner lists (a match's markets share one), its
 * settlement as [settlementId, void] (an archived market's postings and bets are always empty),
 * and its rare fields or 0. Written as objects, the JSON keys were over half of each summary's 430
 * bytes, and summaries are the one part of a snapshot that grows with the history (a market a row).
 */
export type SummaryRow = unknown[];

export interface SummaryTable {
  /** [selectionId, name] of each runner, a list per distinct set of runners. */
  runners: [number, string][][];
  rows: SummaryRow[];
}

export function toSummaries(markets: Iterable<Readonly<MarketState>>): SummaryTable {
  const table: SummaryTable = { runners: [], rows: [] };
  const runnerIndex = new Map<string, number>();
  for (const m of markets) {
    const list = m.runners.map((r): [number, string] => [r.selectionId, r.name]);
    const key = JSON.stringify(list);
    let index = runnerIndex.get(key);
    if (index === undefined) {
      index = table.runners.push(list) - 1;
      runnerIndex.set(key, index);
    }
    const rare = Object.fromEntries(RARE.filter((k) => m[k] !== undefined).map((k) => [k, m[k]]));
    table.rows.push([
      ...PLAIN.map((k) => m[k]),
      index,
      m.settlement && [m.settlement.settlementId, m.settlement.void],
      Object.keys(rare).length > 0 ? rare : 0,
    ]);
  }
  return table;
}

export function fromSummaries(table: SummaryTable): MarketState[] {
  // A list per distinct set of runners, shared by the markets that have it: nothing changes a
  // market's runners in place (a removal replaces the list).
  const lists = table.runners.map((list) => list.map(([selectionId, name]) => ({ selectionId, name })));
  return table.rows.map((row) => {
    const [runners, settlement, rare] = row.slice(PLAIN.length) as [
      number,
      [string, boolean] | null,
      Partial<MarketState> | 0,
    ];
    return summaryOf({
      ...(Object.fromEntries(PLAIN.map((k, i) => [k, row[i]])) as Pick<MarketState, (typeof PLAIN)[number]>),
      runners: lists[runners]!,
      ...(rare === 0 ? {} : rare),
      settlement: settlement && { settlementId: settlement[0], void: settlement[1], postings: [], betIds: [] },
      archived: true,
      betIds: [],
      positions: new Dict(),
    });
  });
}

/**
 * An archived market as the state keeps it, built as one literal so that every summary shares one
 * hidden class: built key by key (Object.fromEntries, then a spread) one took about 860 bytes of
 * heap, as a literal about 360, and summaries are what the state keeps per market for ever.
 */
export function summaryOf(m: Readonly<MarketState>): MarketState {
  const summary: MarketState = {
    marketId: m.marketId,
    matchId: m.matchId,
    kind: m.kind,
    name: m.name,
    fancyType: m.fancyType,
    minStake: m.minStake,
    maxStake: m.maxStake,
    betDelaySec: m.betDelaySec,
    commissionBp: m.commissionBp,
    status: m.status,
    settledAt: m.settledAt,
    runners: m.runners,
    // An archived market's postings and bets come back with a read-back of the log, not from here.
    settlement: m.settlement && {
      settlementId: m.settlement.settlementId,
      void: m.settlement.void,
      postings: [],
      betIds: [],
    },
    archived: true,
    betIds: [],
    positions: new Dict(),
  };
  for (const k of RARE) if (m[k] !== undefined) Object.assign(summary, { [k]: m[k] });
  return summary;
}

/** The summary a MarketRemembered carries: the fields summaryOf keeps, as plain values. */
export function marketSummary(m: Readonly<MarketState>): MarketSummary {
  const { archived: _a, betIds: _b, positions: _p, settlement, ...kept } = summaryOf(m);
  return { ...kept, settlement: settlement && { settlementId: settlement.settlementId, void: settlement.void } };
}

/** A remembered summary as the state keeps it: the same object summaryOf makes of the market it was. */
export function fromMarketSummary(s: MarketSummary): MarketState {
  return summaryOf({
    ...s,
    settlement: s.settlement && { ...s.settlement, postings: [], betIds: [] },
    archived: true,
    betIds: [],
    positions: new Dict(),
  });
}
