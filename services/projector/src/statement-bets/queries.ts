import type { SqlClient } from '@exch/contracts';

/** A bet as a statement line's settlement settled it. */
export interface LineBetRow {
  bet_id: string;
  outcome: 'won' | 'lost' | 'void';
  pnl: string;
}

/**
 * The bets behind one statement line of `userId`: the line at log position `position` is a
 * settlement (`settled`) or the revoke of one (`revoked`); its bets as that settlement settled them,
 * in placing order, at most `cap`. Empty when the position is no settlement line of the user's.
 */
export async function settlementLineBets(
  sql: SqlClient,
  userId: string,
  position: number,
  cap: number,
): Promise<{ line: 'settled' | 'revoked' | null; bets: LineBetRow[] }> {
  const { rows } = await sql.query<LineBetRow & { revoked: boolean }>(
    `select s.bet_id, s.outcome, s.pnl, s.revoked_position = $2 as revoked
       from rm_settlement_bets s left join rm_bets b on b.bet_id = s.bet_id
      where s.user_id = $1 and (s.settled_position = $2 or s.revoked_position = $2)
      order by b.placed_position, s.bet_id limit ${cap}`,
    [userId, position],
  );
  const line = rows.length === 0 ? null : rows[0]!.revoked ? 'revoked' : 'settled';
  return { line, bets: rows.map(({ bet_id, outcome, pnl }) => ({ bet_id, outcome, pnl })) };
}
