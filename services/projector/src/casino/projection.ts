import type {
  CasinoBetPlaced,
  CasinoCard,
  CasinoCardRevealed,
  CasinoRoundOpened,
  CasinoRoundResulted,
  CasinoRoundSettled,
  CasinoRoundVoided,
  CasinoTableListed,
  CasinoTableStatusSet,
  SqlClient,
  StoredEvent,
} from '@exch/contracts';
import type { Projection } from '../projection.js';

/**
 * The live Indian tables as the screens read them: each table with its listing and state, every
 * round (cards as they are turned, the seed only once the result reveals it) and every bet.
 *
 * A table's events are one stream (`casino-{code}`), so they arrive in order wherever they are
 * folded, and two partitions never write the same rows. A batch loads the tables and rounds its
 * events continue, folds in log order, and writes each kind of row in one statement.
 */
const DDL = [
  `create table if not exists rm_casino_tables (
    table_code text primary key,
    name text not null,
    category int not null,
    mid_prefix text not null,
    min_stake bigint not null,
    max_stake bigint not null,
    betting_seconds int not null,
    markets jsonb not null,
    shoe jsonb not null,
    suspended boolean not null default false,
    current_mid text,
    position bigint not null
  )`,
  `create table if not exists rm_casino_rounds (
    mid text primary key,
    table_code text not null,
    commitment text not null,
    algorithm text not null,
    opened_at timestamptz not null,
    closes_at timestamptz not null,
    status text not null,
    cards jsonb not null,
    server_seed text,
    result jsonb,
    winner text,
    void_reason text,
    settled_at timestamptz,
    bets int not null
  )`,
  `create index if not exists rm_casino_rounds_table on rm_casino_rounds (table_code, opened_at desc)`,
  `create table if not exists rm_casino_bets (
    bet_id text primary key,
    user_id text not null,
    table_code text not null,
    mid text not null,
    sid int not null,
    selection_name text not null,
    odds int not null,
    stake bigint not null,
    status text not null,
    outcome text,
    pnl bigint,
    reference_id text not null,
    placed_at timestamptz not null,
    settled_at timestamptz,
    placed_position bigint not null
  )`,
  `create index if not exists rm_casino_bets_user on rm_casino_bets (user_id, placed_position desc)`,
  `create index if not exists rm_casino_bets_round on rm_casino_bets (mid)`,
  `create index if not exists rm_casino_bets_table_day on rm_casino_bets (table_code, placed_at)`,
];

interface TableRow {
  table_code: string;
  name: string;
  category: number;
  mid_prefix: string;
  min_stake: number;
  max_stake: number;
  betting_seconds: number;
  markets: CasinoTableListed['markets'];
  shoe: string[];
  suspended: boolean;
  current_mid: string | null;
  position: number;
}

interface RoundRow {
  mid: string;
  table_code: string;
  commitment: string;
  algorithm: string;
  opened_at: string;
  closes_at: string;
  status: 'betting' | 'closed' | 'dealing' | 'settled' | 'void';
  cards: CasinoCard[];
  server_seed: string | null;
  result: Pick<CasinoRoundResulted, 'code' | 'winner' | 'description' | 'markets'> | null;
  winner: string | null;
  void_reason: string | null;
  settled_at: string | null;
  bets: number;
}

interface BetRow {
  bet_id: string;
  user_id: string;
  table_code: string;
  mid: string;
  sid: number;
  selection_name: string;
  odds: number;
  stake: number;
  status: 'pending' | 'won' | 'lost' | 'void';
  outcome: string | null;
  pnl: number | null;
  reference_id: string;
  placed_at: string;
  settled_at: string | null;
  placed_position: number;
}

type BetSettlement = Pick<BetRow, 'bet_id' | 'status' | 'outcome' | 'pnl' | 'settled_at'>;

const TABLE_COLUMNS: [keyof TableRow, string][] = [
  ['table_code', 'text'],
  ['name', 'text'],
  ['category', 'int'],
  ['mid_prefix', 'text'],
  ['min_stake', 'bigint'],
  ['max_stake', 'bigint'],
  ['betting_seconds', 'int'],
  ['markets', 'jsonb'],
  ['shoe', 'jsonb'],
  ['suspended', 'boolean'],
  ['current_mid', 'text'],
  ['position', 'bigint'],
];
const ROUND_COLUMNS: [keyof RoundRow, string][] = [
  ['mid', 'text'],
  ['table_code', 'text'],
  ['commitment', 'text'],
  ['algorithm', 'text'],
  ['opened_at', 'timestamptz'],
  ['closes_at', 'timestamptz'],
  ['status', 'text'],
  ['cards', 'jsonb'],
  ['server_seed', 'text'],
  ['result', 'jsonb'],
  ['winner', 'text'],
  ['void_reason', 'text'],
  ['settled_at', 'timestamptz'],
  ['bets', 'int'],
];
const BET_COLUMNS: [keyof BetRow, string][] = [
  ['bet_id', 'text'],
  ['user_id', 'text'],
  ['table_code', 'text'],
  ['mid', 'text'],
  ['sid', 'int'],
  ['selection_name', 'text'],
  ['odds', 'int'],
  ['stake', 'bigint'],
  ['status', 'text'],
  ['outcome', 'text'],
  ['pnl', 'bigint'],
  ['reference_id', 'text'],
  ['placed_at', 'timestamptz'],
  ['settled_at', 'timestamptz'],
  ['placed_position', 'bigint'],
];
const SETTLEMENT_COLUMNS: [keyof BetSettlement, string][] = [
  ['bet_id', 'text'],
  ['status', 'text'],
  ['outcome', 'text'],
  ['pnl', 'bigint'],
  ['settled_at', 'timestamptz'],
];

const names = (cols: [string, string][]) => cols.map(([c]) => c).join(', ');
const typed = (cols: [string, string][]) => cols.map(([c, t]) => `${c} ${t}`).join(', ');
/** Inserts rows, or replaces every column of the ones already there. */
const upsert = (table: string, key: string, cols: [string, string][]) =>
  `insert into ${table} (${names(cols)}) select ${names(cols)} from jsonb_to_recordset($1::jsonb) as r(${typed(cols)})
   on conflict (${key}) do update set ${cols
     .filter(([c]) => c !== key)
     .map(([c]) => `${c} = excluded.${c}`)
     .join(', ')}`;

const CASINO_EVENTS = new Set([
  'CasinoTableListed',
  'CasinoTableStatusSet',
  'CasinoRoundOpened',
  'CasinoBetPlaced',
  'CasinoBettingClosed',
  'CasinoRoundDealt',
  'CasinoCardRevealed',
  'CasinoRoundResulted',
  'CasinoRoundSettled',
  'CasinoRoundVoided',
]);

const casinoEvents = (events: StoredEvent[]): StoredEvent[] => events.filter((e) => CASINO_EVENTS.has(e.type));

/** Tables whose live state a batch changed: their rooms get a push. */
export const casinoTablesTouched = (events: StoredEvent[]): string[] => [
  ...new Set(casinoEvents(events).map((e) => (e.data as { tableCode: string }).tableCode)),
];

/** Casino bets a batch placed, settled or voided: the bet tape gets their new state. */
export const casinoBetsTouched = (events: StoredEvent[]): string[] => [
  ...new Set(
    events.flatMap((e) =>
      e.type === 'CasinoBetPlaced'
        ? [(e.data as CasinoBetPlaced).betId]
        : e.type === 'CasinoRoundSettled'
          ? (e.data as CasinoRoundSettled).bets.map((b) => b.betId)
          : e.type === 'CasinoRoundVoided'
            ? (e.data as CasinoRoundVoided).betIds
            : [],
    ),
  ),
];

/** A settled bet's status from what its market got: a push returns the stake, as a void does. */
const statusOf = (pnl: number, outcome: string): BetRow['status'] =>
  outcome === 'push' ? 'void' : pnl > 0 || outcome === 'win' || outcome === 'half-win' ? 'won' : 'lost';

class Batch {
  readonly tables = new Map<string, TableRow>();
  readonly rounds = new Map<string, RoundRow>();
  readonly placed = new Map<string, BetRow>();
  readonly settled = new Map<string, BetSettlement>();

  fold(e: StoredEvent): void {
    const at = e.metadata.at;
    const table = (code: string) => this.tables.get(code)!;
    const round = (mid: string) => this.rounds.get(mid)!;
    switch (e.type) {
      case 'CasinoTableListed': {
        const d = e.data as CasinoTableListed;
        const held = this.tables.get(d.tableCode);
        this.tables.set(d.tableCode, {
          table_code: d.tableCode,
          name: d.name,
          category: d.category,
          mid_prefix: d.midPrefix,
          min_stake: d.minStake,
          max_stake: d.maxStake,
          betting_seconds: d.bettingSeconds,
          markets: d.markets,
          shoe: d.shoe,
          suspended: held?.suspended ?? false,
          current_mid: held?.current_mid ?? null,
          position: e.position,
        });
        return;
      }
      case 'CasinoTableStatusSet':
        table((e.data as CasinoTableStatusSet).tableCode).suspended = (e.data as CasinoTableStatusSet).suspended;
        return;
      case 'CasinoRoundOpened': {
        const d = e.data as CasinoRoundOpened;
        table(d.tableCode).current_mid = d.mid;
        this.rounds.set(d.mid, {
          mid: d.mid,
          table_code: d.tableCode,
          commitment: d.commitment,
          algorithm: d.algorithm,
          opened_at: at,
          closes_at: d.closesAt,
          status: 'betting',
          cards: [],
          server_seed: null,
          result: null,
          winner: null,
          void_reason: null,
          settled_at: null,
          bets: 0,
        });
        return;
      }
      case 'CasinoBetPlaced': {
        const d = e.data as CasinoBetPlaced;
        round(d.mid).bets += 1;
        this.placed.set(d.betId, {
          bet_id: d.betId,
          user_id: d.userId,
          table_code: d.tableCode,
          mid: d.mid,
          sid: d.sid,
          selection_name: d.selectionName,
          odds: d.odds,
          stake: d.stake,
          status: 'pending',
          outcome: null,
          pnl: null,
          reference_id: d.referenceId,
          placed_at: at,
          settled_at: null,
          placed_position: e.position,
        });
        return;
      }
      case 'CasinoBettingClosed':
        round((e.data as { mid: string }).mid).status = 'closed';
        return;
      // The seed and the cards stay out of the read model until they are revealed.
      case 'CasinoRoundDealt':
        round((e.data as { mid: string }).mid).status = 'dealing';
        return;
      case 'CasinoCardRevealed': {
        const d = e.data as CasinoCardRevealed;
        const r = round(d.mid);
        r.cards = [...r.cards.slice(0, d.index), { card: d.card, to: d.to }];
        return;
      }
      case 'CasinoRoundResulted': {
        const d = e.data as CasinoRoundResulted;
        Object.assign(round(d.mid), {
          server_seed: d.serverSeed,
          cards: d.cards,
          winner: d.winner,
          result: { code: d.code, winner: d.winner, description: d.description, markets: d.markets },
        });
        return;
      }
      case 'CasinoRoundSettled': {
        const d = e.data as CasinoRoundSettled;
        this.end(d.tableCode, d.mid, { status: 'settled', settled_at: at });
        for (const b of d.bets)
          this.settle({
            bet_id: b.betId,
            status: statusOf(b.pnl, b.outcome),
            outcome: b.outcome,
            pnl: b.pnl,
            settled_at: at,
          });
        return;
      }
      case 'CasinoRoundVoided': {
        const d = e.data as CasinoRoundVoided;
        this.end(d.tableCode, d.mid, { status: 'void', void_reason: d.reason, settled_at: at });
        for (const id of d.betIds) this.settle({ bet_id: id, status: 'void', outcome: null, pnl: 0, settled_at: at });
        return;
      }
    }
  }

  private end(tableCode: string, mid: string, change: Partial<RoundRow>): void {
    Object.assign(this.rounds.get(mid)!, change);
    const table = this.tables.get(tableCode)!;
    if (table.current_mid === mid) table.current_mid = null;
  }

  /** A bet placed in this batch settles in place; an older one is updated by its own statement. */
  private settle(s: BetSettlement): void {
    const placed = this.placed.get(s.bet_id);
    if (placed) Object.assign(placed, s);
    else this.settled.set(s.bet_id, s);
  }
}

export const casinoProjection: Projection = {
  name: 'casino',
  version: 1,
  tables: ['rm_casino_tables', 'rm_casino_rounds', 'rm_casino_bets'],
  async setup(sql: SqlClient) {
    for (const stmt of DDL) await sql.query(stmt);
  },
  indexes: {
    // The downline's casino bets newest first (general report, the tape's history), as rm_bets_placed_at.
    rm_casino_bets_placed_at: 'rm_casino_bets (placed_at, placed_position)',
    // A player's casino bets on rounds under way: what is open, not every bet he ever placed.
    rm_casino_bets_pending: `rm_casino_bets (user_id, placed_position desc) where status = 'pending'`,
  },
  async apply(tx: SqlClient, all: StoredEvent[]) {
    const events = casinoEvents(all);
    if (events.length === 0) return;
    const batch = new Batch();
    const codes = casinoTablesTouched(events);
    const opened = new Set(
      events.filter((e) => e.type === 'CasinoRoundOpened').map((e) => (e.data as { mid: string }).mid),
    );
    const continued = [
      ...new Set(
        events
          .map((e) => (e.data as { mid?: string }).mid)
          .filter((m): m is string => m !== undefined && !opened.has(m)),
      ),
    ];
    const { rows: tables } = await tx.query<TableRow>(
      `select ${names(TABLE_COLUMNS)} from rm_casino_tables where table_code = any($1::text[])`,
      [codes],
    );
    for (const t of tables)
      batch.tables.set(t.table_code, {
        ...t,
        min_stake: Number(t.min_stake),
        max_stake: Number(t.max_stake),
        position: Number(t.position),
      });
    if (continued.length > 0) {
      const { rows } = await tx.query<RoundRow>(
        `select ${names(ROUND_COLUMNS)} from rm_casino_rounds where mid = any($1::text[])`,
        [continued],
      );
      for (const r of rows)
        batch.rounds.set(r.mid, {
          ...r,
          opened_at: new Date(r.opened_at).toISOString(),
          closes_at: new Date(r.closes_at).toISOString(),
          settled_at: r.settled_at && new Date(r.settled_at).toISOString(),
        });
    }
    for (const e of events) batch.fold(e);
    const sorted = <T>(rows: Iterable<T>, key: (r: T) => string) =>
      JSON.stringify([...rows].sort((a, b) => (key(a) < key(b) ? -1 : 1)));
    await tx.query(upsert('rm_casino_tables', 'table_code', TABLE_COLUMNS), [
      sorted(batch.tables.values(), (r) => r.table_code),
    ]);
    if (batch.rounds.size > 0)
      await tx.query(upsert('rm_casino_rounds', 'mid', ROUND_COLUMNS), [sorted(batch.rounds.values(), (r) => r.mid)]);
    if (batch.placed.size > 0)
      await tx.query(upsert('rm_casino_bets', 'bet_id', BET_COLUMNS), [JSON.stringify([...batch.placed.values()])]);
    if (batch.settled.size > 0) {
      await tx.query(
        `update rm_casino_bets b set status = r.status, outcome = r.outcome, pnl = r.pnl, settled_at = r.settled_at
         from jsonb_to_recordset($1::jsonb) as r(${typed(SETTLEMENT_COLUMNS)}) where b.bet_id = r.bet_id`,
        [JSON.stringify([...batch.settled.values()])],
      );
    }
  },
};
