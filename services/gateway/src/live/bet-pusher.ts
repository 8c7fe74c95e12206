import { TAPE_ROOM, type ServerMessage, type SqlClient } from '@exch/contracts';
import { betsById } from '../bets/dto.js';
import type { Hub } from '../ws/hub.js';

/** Every upline of each bettor (the back-office users allowed to see its bets). */
async function uplines(sql: SqlClient, bettors: string[]): Promise<Map<string, Set<string>>> {
  const { rows } = await sql.query<{ bettor: string; upline: string }>(
    `with recursive chain(bettor, upline) as (
       select user_id, parent_id from rm_users where user_id = any($1::text[]) and parent_id is not null
       union all
       select c.bettor, u.parent_id from chain c join rm_users u on u.user_id = c.upline where u.parent_id is not null
     ) select bettor, upline from chain`,
    [bettors],
  );
  const out = new Map<string, Set<string>>();
  for (const r of rows) out.set(r.bettor, (out.get(r.bettor) ?? new Set()).add(r.upline));
  return out;
}

/** The online watchers of each bettor (risk desk watch lists). */
async function watchers(sql: SqlClient, hub: Hub, bettors: string[]): Promise<Map<string, string[]>> {
  const { rows } = await sql.query<{ watcher_id: string; user_id: string }>(
    `select watcher_id, user_id from rm_watch where user_id = any($1::text[])`,
    [bettors],
  );
  const out = new Map<string, string[]>();
  for (const r of rows) if (hub.online(r.watcher_id)) out.set(r.user_id, [...(out.get(r.user_id) ?? []), r.watcher_id]);
  return out;
}

/**
 * After the bets projection commits, for the bets a batch touched: each bet's new state to its
 * bettor (placedBet, or betDelete when an upline deleted it), to its uplines watching the match,
 * to its uplines on the bet tape (tape), and to the back-office logins watching the bettor (watchedBet).
 */
export async function pushBets(sql: SqlClient, hub: Hub, ids: string[]): Promise<void> {
  // Nobody connected (a replay at start-up, say): nothing to build.
  if (ids.length === 0 || hub.size === 0) return;
  const bets = await betsById(sql, ids);
  const onTape = hub.roomAdmins(TAPE_ROOM);
  const watchedBy = bets.filter((b) => onTape.size > 0 || hub.roomAdmins(b.event_id).size > 0).map((b) => b.user_id);
  const bettors = [...new Set(bets.map((b) => b.user_id))];
  const [above, watching] = await Promise.all([
    watchedBy.length > 0 ? uplines(sql, [...new Set(watchedBy)]) : new Map<string, Set<string>>(),
    watchers(sql, hub, bettors),
  ]);
  for (const bet of bets) {
    const message: ServerMessage =
      bet.status === 'deleted'
        ? { event: 'betDelete', data: { betId: bet._id, matchId: bet.event_id } }
        : { event: 'placedBet', data: { bet } };
    hub.pushToUser(bet.user_id, message);
    const admins = above.get(bet.user_id);
    if (admins) {
      hub.pushToRoomAdmins(bet.event_id, admins, message);
      hub.pushToRoomAdmins(TAPE_ROOM, admins, { event: 'tape', data: { bet } });
    }
    for (const w of watching.get(bet.user_id) ?? []) hub.pushToUser(w, { event: 'watchedBet', data: { bet } });
  }
}
