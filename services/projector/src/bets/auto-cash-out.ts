import type { AutoCashOutCleared, AutoCashOutSet, SqlClient, StoredEvent } from '@exch/contracts';

/** Each player's auto cash-out rules still standing (docs/exchange.md "Cash out"): gone when fired, cleared or declared. */
export const AUTO_CASH_OUT_DDL = [
  `create table if not exists rm_auto_cash_out (
    user_id text not null,
    market_id text not null,
    match_id text not null,
    selection_id int not null,
    profit_target bigint,
    loss_limit bigint,
    set_at timestamptz not null,
    primary key (user_id, market_id, selection_id)
  )`,
  `create index if not exists rm_auto_cash_out_match on rm_auto_cash_out (match_id)`,
];

/** All on the market's stream, so in the order the engine decided them. */
export async function autoCashOutApply(tx: SqlClient, e: StoredEvent): Promise<void> {
  if (e.type === 'AutoCashOutSet') {
    const d = e.data as AutoCashOutSet;
    await tx.query(
      `insert into rm_auto_cash_out (user_id, market_id, match_id, selection_id, profit_target, loss_limit, set_at)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (user_id, market_id, selection_id) do update set
         profit_target = excluded.profit_target, loss_limit = excluded.loss_limit, set_at = excluded.set_at`,
      [d.userId, d.marketId, d.matchId, d.selectionId, d.profitTarget, d.lossLimit, e.metadata.at],
    );
  } else if (e.type === 'AutoCashOutCleared') {
    const d = e.data as AutoCashOutCleared;
    await tx.query(`delete from rm_auto_cash_out where user_id = $1 and market_id = $2 and selection_id = $3`, [
      d.userId,
      d.marketId,
      d.selectionId,
    ]);
  } else if (e.type === 'MarketSettled' || e.type === 'MarketVoided') {
    await tx.query(`delete from rm_auto_cash_out where market_id = $1`, [(e.data as { marketId: string }).marketId]);
  }
}
