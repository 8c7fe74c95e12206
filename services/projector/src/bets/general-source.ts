import type { BetSource } from '../general-report-rows.js';
import { periodSql } from '../period.js';
import { IN_DOWNLINE_IDS } from '../users/downline.js';
import { containsPattern } from '../like.js';

/** The general report's exchange bets (./general-report.ts runs it), with their market's and match's names. */
export const sportsBets: BetSource = (f, params) => `
  select b.bet_id as id, 'sports' as bet_type, coalesce(mt.sport_name, 'Sport') as event_type, coalesce(mt.name, b.match_id) as event_name, coalesce(mk.name, b.market_id) as market_name,
         b.selection_name, u.username, b.stake as amount, b.side, b.status, b.placed_at, b.placed_position as seq
    from rm_bets b join rm_users u on u.user_id = b.user_id
    left join rm_markets mk on mk.market_id = b.market_id left join rm_matches mt on mt.match_id = b.match_id
   where ${IN_DOWNLINE_IDS}
     and ${f.deleted === 'true' ? `b.status = 'deleted'` : `b.status <> 'deleted'`}
     ${f.side ? `and b.side = $${params.push(f.side)}` : ''}
     ${f.search ? `and (u.username_lower like $${params.push(containsPattern(f.search))} or lower(mt.name) like $${params.length} or lower(b.selection_name) like $${params.length})` : ''}
     ${periodSql(f, params, 'b.placed_at')}`;
