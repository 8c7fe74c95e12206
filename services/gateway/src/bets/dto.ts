import {
  averageMatchedPrice,
  betOutcome,
  MARKET_TYPE_OF,
  paiseToRupees,
  type BetDto,
  type MarketKind,
  type Paise,
  type SqlClient,
} from '@exch/contracts';
import { betsById as betRowsById, type BetRow } from '@exch/projector/read';

/** Potential win and loss of the live stake: each match-odds fill at its own price, the rest at the asked odds. */
function potential(r: BetRow, matched: Paise, unmatched: Paise): { win: Paise; lose: Paise } {
  const parts =
    r.kind === 'match_odds'
      ? [...r.fills, { price: r.odds, size: unmatched }]
      : [{ price: r.odds, size: matched + unmatched }];
  return betOutcome(r.kind, r.side, parts, r.volume);
}

/** Paise of a bet matched so far: what was staked less what waits and what was cancelled. */
export const matchedPaise = (r: BetRow): number => Number(r.stake) - Number(r.unmatched) - Number(r.cancelled);

/** A price as the API shows it: match odds decimal, a rate or a run line as it is. */
const apiOdds = (kind: MarketKind, price: number): number => (kind === 'match_odds' ? price / 100 : price);

export function toBetDto(r: BetRow): BetDto {
  const unmatched = Number(r.unmatched);
  const matched = matchedPaise(r);
  const p = potential(r, matched, unmatched);
  const type = MARKET_TYPE_OF[r.kind];
  const average = averageMatchedPrice(r.fills);
  return {
    _id: r.bet_id,
    user_id: r.user_id,
    user_info: { username: r.username },
    event_id: r.match_id,
    event_name: r.event_name ?? r.match_id,
    sportId: r.sport_id ?? 0,
    market_id: r.market_id,
    market_name: r.market_name ?? r.market_id,
    market_type: type,
    gtype: type,
    selection: r.selection_id,
    selection_name: r.selection_name,
    odds: apiOdds(r.kind, r.odds),
    matched_odds: average === null ? null : apiOdds(r.kind, average),
    fills: r.fills.map((f) => ({ odds: apiOdds(r.kind, f.price), stake: paiseToRupees(f.size) })),
    persistence_type: r.persistence,
    cash_out: r.cash_out && { percent: r.cash_out.percent, value: paiseToRupees(r.cash_out.value) },
    volume: r.volume,
    odds_type: r.side,
    stake: paiseToRupees(Number(r.stake)),
    matched_stake: paiseToRupees(matched),
    unmatched_stake: paiseToRupees(unmatched),
    type: unmatched > 0 ? 'unmatch' : 'match',
    status: r.status,
    potential_win: paiseToRupees(p.win),
    potential_loss: paiseToRupees(p.lose),
    pnl: r.pnl === null ? null : paiseToRupees(Number(r.pnl)),
    reference_id: r.reference_id,
    placed_at: new Date(r.placed_at).toISOString(),
    settled_at: r.settled_at === null ? null : new Date(r.settled_at).toISOString(),
  };
}

/** Bets by id, as DTOs in the order asked. */
export async function betsById(sql: SqlClient, ids: string[]): Promise<BetDto[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await betRowsById(sql, ids)).map((r) => [r.bet_id, toBetDto(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
