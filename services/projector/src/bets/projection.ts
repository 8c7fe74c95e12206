import type {
  BetCancelled,
  BetMatched,
  BetOddsReduced,
  BetPlaced,
  BetVoided,
  MarketSettled,
  MarketVoided,
  ResultRevoked,
  SqlClient,
  StoredEvent,
} from '@exch/contracts';
import type { Projection } from '../projection.js';
import { AUTO_CASH_OUT_DDL, autoCashOutApply } from './auto-cash-out.js';
import { SETTLEMENTS_DDL, settlementsApply } from './settlements.js';

/**
 * A bet's row is written from two streams: its own (placed, matched, cancelled, deleted) and its
 * market's (settled, voided, revoked), which distributed mode folds in either order and in
 * concurrent transactions. Each side keeps its own columns, and the columns the lists read are
 * generated from both, so the row is the same whichever side came first.
 *
 * The generated columns rely on the engine's order of things: every event of a bet that changes its
 * stake comes before the first settlement or void that names it (afterwards the bet can only be
 * deleted, once a revoke has reopened it). So a declared result takes the unmatched rest the bet's
 * own side ends with off the book, and a bet cancelled whole, or deleted, keeps its own status and
 * has no P&L whatever its market declares.
 */
interface BetSide {
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
  fills: BetPlaced['fills'];
  persistence: 'LAPSE' | 'PERSIST';
  cash_out: BetPlaced['cashOut'] | null;
  reference_id: string;
  seq: number;
  placed_at: string;
  placed_position: number;
  /** Where the bet came from (the command's), for the risk desk's shared-address alert. */
  ip: string | null;
  device: string | null;
  deleted_at: string | null;
  bet_status: 'pending' | 'cancelled' | 'deleted';
  bet_unmatched: number;
  /** Unmatched stake the player or an admin took off the book, or that lapsed at the turn in play. */
  bet_cancelled: number;
}

interface MarketSide {
  /** Of the market's last settlement, void or revoke ('pending') that named the bet. */
  market_status: 'won' | 'lost' | 'void' | 'pending';
  market_pnl: number | null;
  market_settled_at: string | null;
  /** A settlement or a void named it: its unmatched rest lapsed then. */
  declared: boolean;
}

type Row = { bet_id: string } & Partial<BetSide> & Partial<MarketSide>;

const BET_COLUMNS: [keyof BetSide, string][] = [
  ['user_id', 'text'],
  ['market_id', 'text'],
  ['match_id', 'text'],
  ['kind', 'text'],
  ['selection_id', 'int'],
  ['selection_name', 'text'],
  ['side', 'text'],
  ['odds', 'int'],
  ['volume', 'int'],
  ['stake', 'bigint'],
  ['fills', 'jsonb'],
  ['persistence', 'text'],
  ['cash_out', 'jsonb'],
  ['reference_id', 'text'],
  ['seq', 'bigint'],
  ['placed_at', 'timestamptz'],
  ['placed_position', 'bigint'],
  ['ip', 'text'],
  ['device', 'text'],
  ['deleted_at', 'timestamptz'],
  ['bet_status', 'text'],
  ['bet_unmatched', 'bigint'],
  ['bet_cancelled', 'bigint'],
];
const MARKET_COLUMNS: [keyof MarketSide, string][] = [
  ['market_status', 'text'],
  ['market_pnl', 'bigint'],
  ['market_settled_at', 'timestamptz'],
  ['declared', 'boolean'],
];
const COLUMNS = [...BET_COLUMNS, ...MARKET_COLUMNS];
const NAMES = COLUMNS.map(([c]) => c).join(', ');

const CLOSED_EARLY = `bet_status in ('cancelled', 'deleted')`;
/** What the lists read (matched stake = stake - unmatched - cancelled). */
const GENERATED = [
  `status text generated always as (case when ${CLOSED_EARLY} then bet_status else coalesce(market_status, bet_status) end) stored`,
  `unmatched bigint generated always as (case when declared then 0 else bet_unmatched end) stored`,
  `cancelled bigint generated always as (bet_cancelled + case when declared then bet_unmatched else 0 end) stored`,
  `pnl bigint generated always as (case when ${CLOSED_EARLY} then null else market_pnl end) stored`,
  `settled_at timestamptz generated always as (case when ${CLOSED_EARLY} then null else market_settled_at end) stored`,
];

const DDL = [
  `create table if not exists rm_bets (
    bet_id text primary key,
    ${BET_COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ')},
    ${MARKET_COLUMNS.map(([c, t]) => `${c} ${t}${c === 'declared' ? ' not null default false' : ''}`).join(', ')},
    ${GENERATED.join(',\n    ')}
  )`,
  `create index if not exists rm_bets_user on rm_bets (user_id, placed_position desc)`,
  `create index if not exists rm_bets_match on rm_bets (match_id, placed_position desc)`,
  // A market's bets, and one user's there (a statement line's bets).
  `create index if not exists rm_bets_market on rm_bets (market_id, user_id)`,
  ...SETTLEMENTS_DDL,
  ...AUTO_CASH_OUT_DDL,
];

/**
 * One statement per batch, rows in bet id order (consumers of two partitions lock a bet's row in one
 * order). A side the batch did not touch (its status column null) keeps what the row has.
 */
const UPSERT = `insert into rm_bets (bet_id, ${NAMES})
  select bet_id, ${COLUMNS.map(([c]) => (c === 'declared' ? 'coalesce(declared, false)' : c)).join(', ')}
  from jsonb_to_recordset($1::jsonb) as r(bet_id text, ${COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ')})
  on conflict (bet_id) do update set
    ${BET_COLUMNS.map(([c]) => `${c} = case when excluded.bet_status is null then rm_bets.${c} else excluded.${c} end`).join(',\n    ')},
    ${MARKET_COLUMNS.filter(([c]) => c !== 'declared')
      .map(([c]) => `${c} = case when excluded.market_status is null then rm_bets.${c} else excluded.${c} end`)
      .join(',\n    ')},
    declared = rm_bets.declared or excluded.declared`;

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
    case 'BetVoided':
    case 'BetOddsReduced':
      return [(e.data as { betId: string }).betId];
    default:
      return [];
  }
};

const matched = (b: BetSide): number => b.stake - b.bet_unmatched - b.bet_cancelled;

/** Folds one event into the rows of the bets it names (a bet's own events need its own side, loaded or placed). */
function fold(rows: Map<string, Row>, e: StoredEvent): void {
  const row = (betId: string): Row => rows.get(betId) ?? rows.set(betId, { bet_id: betId }).get(betId)!;
  const own = (betId: string): BetSide => row(betId) as BetSide;
  const at = e.metadata.at;
  switch (e.type) {
    case 'BetPlaced': {
      const d = e.data as BetPlaced;
      Object.assign(row(d.betId), {
        user_id: d.userId,
        market_id: d.marketId,
        match_id: d.matchId,
        kind: d.kind,
        selection_id: d.selectionId,
        selection_name: d.selectionName,
        side: d.side,
        odds: d.odds,
        volume: d.volume,
        stake: d.stake,
        fills: d.fills,
        persistence: d.persistence ?? 'LAPSE',
        cash_out: d.cashOut ?? null,
        reference_id: d.referenceId,
        seq: d.seq,
        placed_at: at,
        placed_position: e.position,
        ip: e.metadata.ip,
        device: e.metadata.device,
        deleted_at: null,
        bet_status: 'pending',
        bet_unmatched: d.unmatched,
        bet_cancelled: 0,
      } satisfies BetSide);
      return;
    }
    case 'BetMatched': {
      const d = e.data as BetMatched;
      const b = own(d.betId);
      Object.assign(b, { fills: [...b.fills, ...d.fills], bet_unmatched: d.unmatched });
      return;
    }
    case 'BetCancelled': {
      const d = e.data as BetCancelled;
      const b = own(d.betId);
      b.bet_unmatched -= d.size;
      b.bet_cancelled += d.size;
      if (b.bet_unmatched === 0 && matched(b) === 0) b.bet_status = 'cancelled';
      return;
    }
    case 'BetDeleted':
      Object.assign(own((e.data as { betId: string }).betId), { bet_status: 'deleted', deleted_at: at });
      return;
    case 'BetOddsReduced': {
      // The same fills at their reduced prices: who matched whom stays.
      const d = e.data as BetOddsReduced;
      const b = own(d.betId);
      b.fills = b.fills.map((f, i) => ({ ...f, price: d.fills[i]!.price }));
      return;
    }
    // A bet on a non-runner is void like a bet of a voided market; no settlement or revoke names it again.
    case 'BetVoided':
      Object.assign(row((e.data as BetVoided).betId), {
        market_status: 'void',
        market_pnl: 0,
        market_settled_at: at,
        declared: true,
      });
      return;
    case 'MarketSettled':
      for (const s of (e.data as MarketSettled).bets)
        Object.assign(row(s.betId), {
          market_status: s.outcome,
          market_pnl: s.pnl,
          market_settled_at: at,
          declared: true,
        });
      return;
    case 'MarketVoided':
      for (const id of (e.data as MarketVoided).betIds)
        Object.assign(row(id), { market_status: 'void', market_pnl: 0, market_settled_at: at, declared: true });
      return;
    case 'ResultRevoked':
      for (const id of (e.data as ResultRevoked).betIds)
        Object.assign(row(id), { market_status: 'pending', market_pnl: null, market_settled_at: null });
      return;
  }
}

const OWN_EVENTS = new Set(['BetMatched', 'BetCancelled', 'BetDeleted', 'BetOddsReduced']);

/** The bets a batch changed: their bettors and uplines get a push. */
export const betsTouched = (events: StoredEvent[]): string[] => [...new Set(events.flatMap(betIdsOf))];

/**
 * Every bet with its fills, matched and unmatched stake, status and settled P&L; each user's
 * P&L and commission per settled market; and the auto cash-out rules still standing. A batch loads the own side of the bets whose later events
 * it folds, folds in log order and writes every bet it names in one statement.
 */
export const betsProjection: Projection = {
  name: 'bets',
  version: 4,
  tables: ['rm_bets', 'rm_bet_settlements', 'rm_auto_cash_out'],
  async setup(sql: SqlClient) {
    for (const stmt of DDL) await sql.query(stmt);
  },
  indexes: {
    // The downline's bets newest first (back-office bet history, general report, the tape's history)
    // walk this from the period's end and stop at a page; the risk desk reads a period of it. It
    // replaces an index on placed_at alone, which left every such list to sort the whole period.
    rm_bets_placed: null,
    rm_bets_placed_at: 'rm_bets (placed_at, placed_position)',
    // Bets not yet settled, which every open-bets list reads (a player's on a match page, the
    // downline's in unsettled bets and the risk desk): what is open, not a player's or the whole
    // table's bets ever.
    rm_bets_pending: `rm_bets (user_id, placed_position desc) where status = 'pending'`,
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    // Only the bet's own stream writes its side, so reading it here loses nothing to a concurrent consumer.
    const placed = new Set(events.filter((e) => e.type === 'BetPlaced').map((e) => (e.data as BetPlaced).betId));
    const load = [
      ...new Set(events.filter((e) => OWN_EVENTS.has(e.type)).map((e) => (e.data as { betId: string }).betId)),
    ].filter((id) => !placed.has(id));
    const rows = new Map<string, Row>();
    if (load.length > 0) {
      const { rows: loaded } = await tx.query<Row>(
        `select bet_id, ${BET_COLUMNS.map(([c]) => c).join(', ')} from rm_bets where bet_id = any($1::text[])`,
        [load],
      );
      for (const r of loaded)
        rows.set(r.bet_id, {
          ...r,
          stake: Number(r.stake),
          bet_unmatched: Number(r.bet_unmatched),
          bet_cancelled: Number(r.bet_cancelled),
        });
    }
    for (const e of events) {
      fold(rows, e);
      await settlementsApply(tx, e);
      await autoCashOutApply(tx, e);
    }
    if (rows.size === 0) return;
    await tx.query(UPSERT, [JSON.stringify([...rows.values()].sort((a, b) => (a.bet_id < b.bet_id ? -1 : 1)))]);
  },
};
