import type { BetSource } from '../general-report-rows.js';
import { containsPattern } from '../like.js';
import { periodSql } from '../period.js';
import { IN_DOWNLINE_IDS } from '../users/downline.js';

/** The general report's house casino bets (../general-report.ts runs it): back bets only, never deleted (a void round voids them instead). */
export const casinoBets: BetSource = (f, params) => `
  select b.bet_id as id, 'casino' as bet_type, 'Casino' as event_type, coalesce(t.name, b.table_code) as event_name, 'Round ' || b.mid as market_name,
         b.selection_name, u.username, b.stake as amount, 'back' as side, b.status, b.placed_at, b.placed_position as seq
    from rm_casino_bets b join rm_users u on u.user_id = b.user_id
    left join rm_casino_tables t on t.table_code = b.table_code
   where ${IN_DOWNLINE_IDS}
     and ${f.deleted === 'true' || f.side === 'lay' ? 'false' : 'true'}
     ${f.search ? `and (u.username_lower like $${params.push(containsPattern(f.search))} or lower(t.name) like $${params.length} or lower(b.selection_name) like $${params.length})` : ''}
     ${periodSql(f, params, 'b.placed_at')}`;
