import type {
  ProviderRolledBack,
  ProviderTxnDeclined,
  ProviderTxnFacts,
  ProviderTxnRepeated,
  SqlClient,
  StoredEvent,
} from '@exch/contracts';
import type { Projection } from '../projection.js';

/**
 * One row per wallet transaction id of a third-party provider, as the back office's reports, a
 * player's third-party P&L and `npm run casino:reconcile` read them. `moved` says whether money
 * moved under the id (a declined call, or a new rollback id for a stake already given back, moves
 * none); `repeats` counts the provider's retries. A round's events share one stream, so a repeat is
 * always folded after its original.
 */
const DDL = [
  `create table if not exists rm_provider_txns (
    provider text not null,
    txn_id text not null,
    txn_type text not null,
    status text not null,
    moved boolean not null,
    user_id text not null,
    round_id text not null,
    game_id text not null,
    game_name text not null,
    amount bigint not null,
    bet_id text,
    reference_id text,
    message text,
    repeats int not null default 0,
    position bigint not null,
    at timestamptz not null,
    primary key (provider, txn_id)
  )`,
  `create index if not exists rm_provider_txns_user on rm_provider_txns (user_id, at)`,
  `create index if not exists rm_provider_txns_at on rm_provider_txns (at)`,
];

interface Row {
  repeats?: number;
  provider: string;
  txn_id: string;
  txn_type: string;
  status: string;
  moved: boolean;
  user_id: string;
  round_id: string;
  game_id: string;
  game_name: string;
  amount: number;
  bet_id: string | null;
  reference_id: string | null;
  message: string | null;
  position: number;
  at: string;
}

const TYPE: Record<string, string> = {
  ProviderDebited: 'DEBIT',
  ProviderCredited: 'CREDIT',
  ProviderRolledBack: 'ROLLBACK',
};

function rowOf(e: StoredEvent): Row | null {
  const at = { position: e.position, at: e.metadata.at };
  if (TYPE[e.type]) {
    const d = e.data as ProviderTxnFacts & Partial<ProviderRolledBack>;
    return {
      provider: d.provider,
      txn_id: d.txnId,
      txn_type: TYPE[e.type]!,
      status: 'OK',
      moved: true,
      user_id: d.userId,
      round_id: d.roundId,
      game_id: d.gameId,
      game_name: d.gameName,
      amount: d.amount,
      bet_id: d.betId ?? null,
      reference_id: d.referenceId,
      message: null,
      ...at,
    };
  }
  if (e.type === 'ProviderTxnDeclined') {
    const d = e.data as ProviderTxnDeclined;
    return {
      provider: d.provider,
      txn_id: d.txnId,
      txn_type: d.txnType,
      status: d.status,
      moved: false,
      user_id: d.userId,
      round_id: d.roundId,
      game_id: d.gameId,
      game_name: d.gameId,
      amount: d.amount,
      bet_id: d.betId,
      reference_id: null,
      message: d.message,
      ...at,
    };
  }
  if (e.type === 'ProviderTxnRepeated') {
    const d = e.data as ProviderTxnRepeated;
    // Counted on the original's row; a row of its own only for a new id that repeats another's answer.
    return {
      provider: d.provider,
      txn_id: d.txnId,
      txn_type: d.txnType,
      status: 'OK',
      moved: false,
      user_id: d.userId,
      round_id: d.roundId,
      game_id: d.gameId,
      game_name: d.gameId,
      amount: d.amount,
      bet_id: d.betId,
      reference_id: d.referenceId,
      message: 'a repeat of an earlier transaction',
      ...at,
    };
  }
  return null;
}

export const providerProjection: Projection = {
  name: 'provider',
  version: 1,
  tables: ['rm_provider_txns'],
  async setup(sql: SqlClient) {
    for (const stmt of DDL) await sql.query(stmt);
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    const originals: Row[] = [];
    // Repeats by id: a batch may hold several retries of one transaction, and a statement may touch a row once.
    const repeats = new Map<string, { row: Row; count: number }>();
    for (const e of events) {
      const row = rowOf(e);
      if (!row) continue;
      if (e.type !== 'ProviderTxnRepeated') originals.push({ ...row, repeats: 0 });
      else {
        const key = `${row.provider}|${row.txn_id}`;
        const seen = repeats.get(key);
        if (seen) seen.count++;
        else repeats.set(key, { row, count: 1 });
      }
    }
    // A repeat's own row (a new id answered like another) counts its later copies only.
    const batches = [originals, [...repeats.values()].map(({ row, count }) => ({ ...row, repeats: count - 1 }))];
    for (const [i, batch] of batches.entries()) {
      if (batch.length === 0) continue;
      await tx.query(
        `insert into rm_provider_txns (provider, txn_id, txn_type, status, moved, user_id, round_id, game_id, game_name, amount, bet_id, reference_id, message, repeats, position, at)
         select provider, txn_id, txn_type, status, moved, user_id, round_id, game_id, game_name, amount, bet_id, reference_id, message, repeats, position, at
         from jsonb_to_recordset($1::jsonb) as r(provider text, txn_id text, txn_type text, status text, moved boolean, user_id text, round_id text, game_id text,
           game_name text, amount bigint, bet_id text, reference_id text, message text, repeats int, position bigint, at timestamptz)
         on conflict (provider, txn_id) do update set repeats = rm_provider_txns.repeats + ${i === 0 ? '0' : 'excluded.repeats + 1'}`,
        [JSON.stringify(batch)],
      );
    }
  },
};
