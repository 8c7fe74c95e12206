import type { MarketSettled, ResultRevoked, SqlClient, StoredEvent } from '@exch/contracts';
import type { Projection } from '../projection.js';

const DDL = [
  `create table if not exists rm_settlement_bets (
    settlement_id text not null,
    bet_id text not null,
    user_id text not null,
    market_id text not null,
    outcome text not null,
    pnl bigint not null,
    settled_position bigint not null,
    revoked_position bigint,
    primary key (settlement_id, bet_id)
  )`,
  `create index if not exists rm_settlement_bets_settled on rm_settlement_bets (user_id, settled_position)`,
  `create index if not exists rm_settlement_bets_revoked on rm_settlement_bets (user_id, revoked_position)`,
];

/**
 * Each bet as every settlement of its market settled it (won, lost or void, and its P&L), with the
 * log positions of that settlement and of the revoke that reversed it. A statement line is one of
 * those positions: its bets are read here as that line settled them, not as they stand now (a
 * revoked result re-declared another way settles the same bets again under a new settlement).
 */
export const statementBetsProjection: Projection = {
  name: 'statement-bets',
  version: 1,
  tables: ['rm_settlement_bets'],
  async setup(sql: SqlClient) {
    for (const stmt of DDL) await sql.query(stmt);
  },
  async apply(tx: SqlClient, events: StoredEvent[]) {
    for (const e of events) {
      if (e.type === 'MarketSettled') {
        const d = e.data as MarketSettled;
        if (d.bets.length === 0) continue;
        await tx.query(
          `insert into rm_settlement_bets (settlement_id, bet_id, user_id, market_id, outcome, pnl, settled_position)
           select $2, bet_id, user_id, $3, outcome, pnl, $4
             from jsonb_to_recordset($1::jsonb) as r(bet_id text, user_id text, outcome text, pnl bigint)
           on conflict (settlement_id, bet_id) do nothing`,
          [
            JSON.stringify(d.bets.map((b) => ({ bet_id: b.betId, user_id: b.userId, outcome: b.outcome, pnl: b.pnl }))),
            d.settlementId,
            d.marketId,
            e.position,
          ],
        );
      } else if (e.type === 'ResultRevoked') {
        await tx.query(`update rm_settlement_bets set revoked_position = $2 where settlement_id = $1`, [
          (e.data as ResultRevoked).settlementId,
          e.position,
        ]);
      }
    }
  },
};
