import type { MarketSettled, ResultRevoked, SqlClient, StoredEvent } from '@exch/contracts';

/** Each user's net P&L and commission per settled market (profit-loss reports); a revoke removes its rows. */
export const SETTLEMENTS_DDL = [
  `create table if not exists rm_bet_settlements (
    settlement_id text not null,
    market_id text not null,
    match_id text not null,
    user_id text not null,
    pnl bigint not null,
    commission bigint not null,
    settled_at timestamptz not null,
    primary key (settlement_id, user_id)
  )`,
  `create index if not exists rm_bet_settlements_user on rm_bet_settlements (user_id, settled_at)`,
];

export async function settlementsApply(tx: SqlClient, e: StoredEvent): Promise<void> {
  if (e.type === 'MarketSettled') {
    const d = e.data as MarketSettled;
    if (d.users.length === 0) return;
    await tx.query(
      `insert into rm_bet_settlements (settlement_id, market_id, match_id, user_id, pnl, commission, settled_at)
       select $2, $3, $4, user_id, pnl, commission, $5 from jsonb_to_recordset($1::jsonb) as r(user_id text, pnl bigint, commission bigint)`,
      [
        JSON.stringify(d.users.map((u) => ({ user_id: u.userId, pnl: u.pnl, commission: u.commission }))),
        d.settlementId,
        d.marketId,
        d.matchId,
        e.metadata.at,
      ],
    );
  } else if (e.type === 'ResultRevoked') {
    await tx.query(`delete from rm_bet_settlements where settlement_id = $1`, [(e.data as ResultRevoked).settlementId]);
  }
}
