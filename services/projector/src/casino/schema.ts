import type { CasinoCard, CasinoRoundResulted, CasinoTableListed } from '@exch/contracts';

// The Indian casino's read-model tables as the projection writes them: their DDL, the rows a batch
// folds, and the columns each statement names. The rows its queries return are in ./rows.ts.

export const DDL = [
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

export interface TableRow {
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

export interface RoundRow {
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

export interface BetRow {
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

export type BetSettlement = Pick<BetRow, 'bet_id' | 'status' | 'outcome' | 'pnl' | 'settled_at'>;

export const TABLE_COLUMNS: [keyof TableRow, string][] = [
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
export const ROUND_COLUMNS: [keyof RoundRow, string][] = [
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
export const BET_COLUMNS: [keyof BetRow, string][] = [
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
export const SETTLEMENT_COLUMNS: [keyof BetSettlement, string][] = [
  ['bet_id', 'text'],
  ['status', 'text'],
  ['outcome', 'text'],
  ['pnl', 'bigint'],
  ['settled_at', 'timestamptz'],
];

export const names = (cols: [string, string][]) => cols.map(([c]) => c).join(', ');
export const typed = (cols: [string, string][]) => cols.map(([c, t]) => `${c} ${t}`).join(', ');
/** Inserts rows, or replaces every column of the ones already there. */
export const upsert = (table: string, key: string, cols: [string, string][]) =>
  `insert into ${table} (${names(cols)}) select ${names(cols)} from jsonb_to_recordset($1::jsonb) as r(${typed(cols)})
   on conflict (${key}) do update set ${cols
     .filter(([c]) => c !== key)
     .map(([c]) => `${c} = excluded.${c}`)
     .join(', ')}`;
