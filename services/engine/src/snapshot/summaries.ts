import type { MarketState, Settlement } from '../state.js';

type Runners = MarketState['runners'];

/**
 * An archived market's summary as a snapshot writes it: a row of values in a fixed order, its
 * runners an index into the part's table of runner lists (a match's markets share one), and
 * nothing that every archived market has alike (no bets, no postings). Written as objects, the
 * JSON keys were over half of each summary's 430 bytes, and summaries are the one part of a
 * snapshot that grows with the history (a market a row, forever).
 */
export type SummaryRow = [
  marketId: string,
  matchId: string,
  kind: MarketState['kind'],
  name: string,
  fancyType: MarketState['fancyType'],
  runners: number,
  minStake: MarketState['minStake'],
  maxStake: MarketState['maxStake'],
  betDelaySec: number,
  commissionBp: number,
  status: MarketState['status'],
  settlement: [settlementId: string, void: boolean] | null,
  settledAt: string | null,
  /** What few markets have (set by hand, a feed's definition, a proposed result); 0 when none. */
  rare: Pick<MarketState, 'manual' | 'feed' | 'proposed'> | 0,
];

export interface SummaryTable {
  /** [selectionId, name] of each runner, a list per distinct set of runners. */
  runners: [number, string][][];
  rows: SummaryRow[];
}

/** Every key of a type handled: a key added to MarketState and not to the row fails to compile. */
const none = (_rest: Record<string, never>): void => {};

function settlementOf(s: Settlement | null): SummaryRow[11] {
  if (!s) return null;
  const { settlementId, void: isVoid, postings: _postings, betIds: _betIds, ...rest } = s;
  none(rest);
  return [settlementId, isVoid];
}

export function toSummaries(markets: Iterable<Readonly<MarketState>>): SummaryTable {
  const table: SummaryTable = { runners: [], rows: [] };
  const runnerIndex = new Map<string, number>();
  for (const m of markets) {
    const {
      marketId,
      matchId,
      kind,
      name,
      fancyType,
      runners,
      minStake,
      maxStake,
      betDelaySec,
      commissionBp,
      status,
      manual,
      feed,
      proposed,
      settlement,
      settledAt,
      archived: _archived,
      betIds: _betIds,
      betsByUser: _byUser,
      ...rest
    } = m;
    none(rest);
    const list = runners.map((r): [number, string] => [r.selectionId, r.name]);
    const key = JSON.stringify(list);
    let index = runnerIndex.get(key);
    if (index === undefined) {
      index = table.runners.push(list) - 1;
      runnerIndex.set(key, index);
    }
    const rare = {
      ...(manual !== undefined && { manual }),
      ...(feed !== undefined && { feed }),
      ...(proposed !== undefined && { proposed }),
    };
    table.rows.push([
      marketId,
      matchId,
      kind,
      name,
      fancyType,
      index,
      minStake,
      maxStake,
      betDelaySec,
      commissionBp,
      status,
      settlementOf(settlement),
      settledAt,
      Object.keys(rare).length > 0 ? rare : 0,
    ]);
  }
  return table;
}

export function fromSummaries(table: SummaryTable): MarketState[] {
  const runnerLists: Runners[] = table.runners.map((list) =>
    list.map(([selectionId, name]) => ({ selectionId, name })),
  );
  return table.rows.map(
    ([
      marketId,
      matchId,
      kind,
      name,
      fancyType,
      runners,
      minStake,
      maxStake,
      betDelaySec,
      commissionBp,
      status,
      settlement,
      settledAt,
      rare,
    ]) => ({
      marketId,
      matchId,
      kind,
      name,
      fancyType,
      runners: runnerLists[runners]!.map((r) => ({ ...r })),
      minStake,
      maxStake,
      betDelaySec,
      commissionBp,
      status,
      ...(rare === 0 ? {} : rare),
      settlement: settlement && { settlementId: settlement[0], void: settlement[1], postings: [], betIds: [] },
      settledAt,
      archived: true,
      betIds: [],
      betsByUser: {},
    }),
  );
}
