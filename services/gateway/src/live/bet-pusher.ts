import { TAPE_ROOM, type ServerMessage, type SqlClient, type TapeBet } from '@exch/contracts';
import { uplinesOf, watchesOf } from '@exch/projector/read';
import { betsById } from '../bets/dto.js';
import { casinoBetsById } from '@exch/projector/read';
import { toBetDto as casinoBetDto } from '../casino/read.js';
import type { Hub } from '../ws/hub.js';

/** Every upline of each bettor (the back-office users allowed to see its bets). */
async function uplines(sql: SqlClient, bettors: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  for (const r of await uplinesOf(sql, bettors)) out.set(r.bettor, (out.get(r.bettor) ?? new Set()).add(r.upline));
  return out;
}

/** The online watchers of each bettor (risk desk watch lists). */
async function watchers(sql: SqlClient, hub: Hub, bettors: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const r of await watchesOf(sql, bettors))
    if (hub.online(r.watcher_id)) out.set(r.user_id, [...(out.get(r.user_id) ?? []), r.watcher_id]);
  return out;
}

/**
 * Each bet's new state to the bet tape (back-office sockets in the tape room that are the bettor's
 * uplines) and to the bettor's online watchers; `uplinesFor` may hold the uplines already read.
 */
async function pushTape(
  sql: SqlClient,
  hub: Hub,
  bets: readonly TapeBet[],
  uplinesFor?: Map<string, Set<string>>,
): Promise<void> {
  // Players' sockets get neither push: no query while no back-office login is connected.
  if (!hub.anyAdmin) return;
  const onTape = hub.roomAdmins(TAPE_ROOM, 'tape').size > 0;
  const bettors = [...new Set(bets.map((b) => b.bet.user_id))];
  const [above, watching] = await Promise.all([
    uplinesFor ?? (onTape ? uplines(sql, bettors) : new Map<string, Set<string>>()),
    watchers(sql, hub, bettors),
  ]);
  for (const b of bets) {
    const admins = above.get(b.bet.user_id);
    if (onTape && admins) hub.pushToRoomAdmins(TAPE_ROOM, admins, 'tape', { event: 'tape', data: b });
    for (const w of watching.get(b.bet.user_id) ?? [])
      hub.pushToBackOffice(w, 'watchedBet', { event: 'watchedBet', data: b });
  }
}

/**
 * After the bets projection commits, for the bets a batch touched: each bet's new state to its
 * bettor (placedBet, or betDelete when an upline deleted it), to its uplines watching the match,
 * and to the tape and watchers (pushTape).
 */
export async function pushBets(sql: SqlClient, hub: Hub, ids: string[]): Promise<void> {
  // Nobody connected (a replay at start-up, say): nothing to build.
  if (ids.length === 0 || hub.size === 0) return;
  const bets = await betsById(sql, ids);
  const onTape = hub.roomAdmins(TAPE_ROOM, 'tape').size > 0;
  const watchedBy = bets
    .filter((b) => onTape || hub.roomAdmins(b.event_id, 'downlineBet').size > 0)
    .map((b) => b.user_id);
  const above = watchedBy.length > 0 ? await uplines(sql, [...new Set(watchedBy)]) : new Map<string, Set<string>>();
  for (const bet of bets) {
    const message: ServerMessage =
      bet.status === 'deleted'
        ? { event: 'betDelete', data: { betId: bet._id, matchId: bet.event_id } }
        : { event: 'placedBet', data: { bet } };
    hub.pushToUser(bet.user_id, message);
    const admins = above.get(bet.user_id);
    if (admins) hub.pushToRoomAdmins(bet.event_id, admins, 'downlineBet', message);
  }
  await pushTape(
    sql,
    hub,
    bets.map((bet) => ({ bet_type: 'sports', bet })),
    above,
  );
}

/** After the casino read model commits: the casino bets a batch placed or settled, to the tape and watchers. */
export async function pushCasinoBets(sql: SqlClient, hub: Hub, ids: string[]): Promise<void> {
  if (ids.length === 0 || hub.size === 0) return;
  const rows = await casinoBetsById(sql, ids);
  await pushTape(
    sql,
    hub,
    rows.map((r) => ({ bet_type: 'casino', bet: casinoBetDto(r) })),
  );
}
