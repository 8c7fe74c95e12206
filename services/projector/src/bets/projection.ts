import type { BetCancelled, BetMatched, BetPlaced, MarketSettled, MarketVoided, ResultRevoked, SqlClient, StoredEvent } from '@exch/contracts';
import type { Projection } from '../projection.js';
import { SETTLEMENTS_DDL, settlementsApply } from './settlements.js';

/** One bet as the lists read it; amounts in paise. Matched stake = stake - unmatched - cancelled. */
interface BetRow {
  bet_id: string;
  user_id: string;
  market_id: string;
  match_id: string;
  kind: string;
  selection_id: number | null;
  selection_name: string;
  side: string;
  odds: number;
  volume: number | null;
  stake: number;
  unmatched: number;
  /** Unmatched stake taken off the book: by the player, an admin, or lapsed at settlement. */
  cancelled: number;
  fills: BetPlaced['fills'];
  status: 'pending' | 'won' | 'lost' | 'void' | 'cancelled' | 'deleted';
  pnl: number | null;
  reference_id: string;
  seq: number;
  placed_at: string;
  placed_position: number;
  settled_at: string | null;
  deleted_at: string | null;
}

const COLUMNS: [keyof BetRow, string][] = [
  ['bet_id', 'text'], ['user_id', 'text'], ['market_id', 'text'], ['match_id', 'text'], ['kind', 'text'], ['selection_id', 'int'],
  ['selection_name', 'text'], ['side', 'text'], ['odds', 'int'], ['volume', 'int'], ['stake', 'bigint'], ['unmatched', 'bigint'],
  ['cancelled', 'bigint'], ['fills', 'jsonb'], ['status', 'text'], ['pnl', 'bigint'], ['reference_id', 'text'], ['seq', 'bigint'],
  ['placed_at', 'timestamptz'], ['placed_position', 'bigint'], ['settled_at', 'timestamptz'], ['deleted_at', 'timestamptz'],
];
const NAMES = COLUMNS.map(([c]) => c).join(', ');

const DDL = [
  `create table if not exists rm_bets (${COLUMNS.map(([c, t]) => `${c} ${t}${c === 'bet_id' ? ' primary key' : ''}`).join(', ')})`,
  `create index if not exists rm_bets_user on rm_bets (user_id, placed_position desc)`,
  `create index if not exists rm_bets_match on rm_bets (match_id, placed_position desc)`,
  `create index if not exists rm_bets_market on rm_bets (market_id)`,
  ...SETTLEMENTS_DDL,
];

const betIdsOf = (e: StoredEvent): string[] => {
  switch (e.type) {
    case 'BetPlaced':
    case 'BetMatched':
    case 'BetCancelled':
    case 'BetDeleted':
      return [(e.data as { betId: string }).betId];
    case 'MarketSettled':
      return (e.data as MarketSettled).bets.map((b) => b.betId);
    case 'MarketVoided':
    case 'ResultRevoked':
      return (e.data as MarketVoided | ResultRevoked).betIds;
    default:
      return [];
  }
};

const matched = (b: BetRow): number => b.stake - b.unmatched - b.cancelled;
/** A bet cancelled or deleted before the market's end stays so through settlement, void and revoke. */
const closedEarly = (b: BetRow): boolean => b.status === 'cancelled' || b.status === 'deleted';

function fold(bets: Map<string, BetRow>, e: StoredEvent): void {
  const at = e.metadata.at;
  switch (e.type) {
    case 'BetPlaced': {
      const d = e.data as BetPlaced;
      bets.set(d.betId, {
        bet_id: d.betId, user_id: d.userId, market_id: d.marketId, match_id: d.matchId, kind: d.kind, selection_id: d.selectionId,
        selection_name: d.selectionName, side: d.side, odds: d.odds, volume: d.volume, stake: d.stake, unmatched: d.unmatched, cancelled: 0,
        fills: d.fills, status: 'pending', pnl: null, reference_id: d.referenceId, seq: d.seq, placed_at: at, placed_position: e.position,
        settled_at: null, deleted_at: null,
      });
      return;
    }
    case 'BetMatched': {
      const d = e.data as BetMatched;
      const b = bets.get(d.betId);
      if (b) Object.assign(b, { fills: [...b.fills, ...d.fills], unmatched: d.unmatched });
      return;
    }
    case 'BetCancelled': {
      const d = e.data as BetCancelled;
      const b = bets.get(d.betId);
      if (!b) return;
      b.unmatched -= d.size;
      b.cancelled += d.size;
      if (b.unmatched === 0 && matched(b) === 0) b.status = 'cancelled';
      return;
    }
    case 'BetDeleted': {
      const b = bets.get((e.data as { betId: string }).betId);
      if (b) Object.assign(b, { status: 'deleted', deleted_at: at });
      return;
    }
    case 'MarketSettled':
      for (const s of (e.data as MarketSettled).bets) {
        const b = bets.get(s.betId);
        if (!b || closedEarly(b)) continue;
        Object.assign(b, { unmatched: b.unmatched - s.lapsed, cancelled: b.cancelled + s.lapsed, status: s.outcome, pnl: s.pnl, settled_at: at });
      }
      return;
    case 'MarketVoided':
      // A void takes any unmatched remainder off the book with the rest.
      for (const id of (e.data as MarketVoided).betIds) {
        const b = bets.get(id);
        if (!b || closedEarly(b)) continue;
        Object.assign(b, { cancelled: b.cancelled + b.unmatched, unmatched: 0, status: 'void', pnl: 0, settled_at: at });
      }
      return;
    case 'ResultRevoked':
      for (const id of (e.data as ResultRevoked).betIds) {
        const b = bets.get(id);
        if (!b || closedEarly(b)) continue;
        Object.assign(b, { status: 'pending', pnl: null, settled_at: null });
      }
      return;
  }
}

/** The bets a batch changed: their bettors and uplines get a push. */
export const betsTouched = (events: StoredEvent[]): string[] => [...new Set(events.flatMap(betIdsOf))];

/**
 * Every bet with its fills, matched and unmatched stake, status and settled P&L; and each user's
 * P&L and commission per settled market. A batch loads the bets it names, folds them in memory in
 * log order and writes them back in one statement.
 */
export const betsProjection: Projection = {
  name: 'bets',
  version: 1,
  tables: ['rm_bets', 'rm_bet_settlements'],
  async setup(sql: SqlClient) {
    for (const stmt of DDL) await sql.query(stmt);
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    const ids = betsTouched(events);
    const { rows } = ids.length === 0 ? { rows: [] } : await tx.query<BetRow>(`select ${NAMES} from rm_bets where bet_id = any($1::text[])`, [ids]);
    const bets = new Map(rows.map((r) => [r.bet_id, { ...r, stake: Number(r.stake), unmatched: Number(r.unmatched), cancelled: Number(r.cancelled), pnl: r.pnl === null ? null : Number(r.pnl) }]));
    for (const e of events) {
      fold(bets, e);
      await settlementsApply(tx, e);
    }
    const touched = ids.flatMap((id) => bets.get(id) ?? []);
    if (touched.length === 0) return;
    await tx.query(
      `insert into rm_bets (${NAMES})
       select ${NAMES} from jsonb_to_recordset($1::jsonb) as r(${COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ')})
       on conflict (bet_id) do update set ${COLUMNS.filter(([c]) => c !== 'bet_id').map(([c]) => `${c} = excluded.${c}`).join(', ')}`,
      [JSON.stringify(touched)],
    );
  },
};
