import * as v from 'valibot';
import { idText, MarketLockBody, text } from '@exch/contracts';
import { checkTransactionPassword } from '../accounts/transaction-password.js';
import { kindOf } from '../markets/kind.js';
import { downlineCte, downlinePlayerLocks, locksOnMatch, marketsOf } from '@exch/projector/read';
import { HttpError } from '../http/errors.js';
import { params } from '../http/route.js';
import type { ExchangeDeps } from '../deps.js';
import { findMarket, findMatch } from '../markets/read.js';
import { accounts, keptAbove, setMarketLocks, type LockTarget } from './set-locks.js';

const LocksQuery = v.object({
  event_id: idText('event_id'),
  market_type: v.optional(text('market_type', { max: 20 })),
  market_id: v.optional(text('market_id', { max: 100 })),
});

/** A lock target checked against the catalogue: a match, a kind of its markets, or one of its markets. */
export async function lockTarget(
  sql: ExchangeDeps['sql'],
  matchId: string,
  marketType: string | null | undefined,
  marketId: string | null | undefined,
): Promise<LockTarget> {
  await findMatch(sql, matchId);
  const kind = marketType ? kindOf(marketType) : null;
  if (marketId) {
    const market = await findMarket(sql, marketId);
    if (market.match_id !== matchId) throw new HttpError(404, 'Market not found in this match', 'MARKET_NOT_FOUND');
    if (kind && market.kind !== kind) throw new HttpError(400, 'market_type does not match the market');
    return { matchId, kind: market.kind, marketId };
  }
  return { matchId, kind, marketId: null };
}

/** Bet Lock (SPEC.md section 2, Modals): an upline locks betting on a match or market for downline players. */
export function lockRoutes({ sql, commands, throttle, route }: ExchangeDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/matches/:matchId/locks',
      access: 'player',
      tag: 'Player betting',
      summary:
        "The match's markets locked for the player by an upline's Bet Lock (its own or any upline's): the match page marks them before a bet is refused",
      params: params('matchId'),
    },
    async (req, { params: p }): Promise<{ data: { marketIds: string[] } }> => {
      const match = await findMatch(sql, p.matchId);
      const locks = await locksOnMatch(sql, req.auth!.sub, match.match_id);
      const covers = (m: { market_id: string; kind: string }) =>
        locks.some(
          (l) =>
            (l.market_kind === '' || l.market_kind === m.kind) && (l.market_id === '' || l.market_id === m.market_id),
        );
      const markets = locks.length === 0 ? [] : await marketsOf(sql, [match.match_id]);
      return { data: { marketIds: markets.filter(covers).map((m) => m.market_id) } };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/users/downline-with-locks',
      access: { admin: 'lock-bets' },
      tag: 'Back office',
      summary: 'Downline players with their bet lock on a target',
      query: LocksQuery,
    },
    async (req, { query: q }) => {
      const t = await lockTarget(sql, q.event_id, q.market_type, q.market_id);
      const rows = await downlinePlayerLocks(sql, req.auth!.sub, {
        matchId: t.matchId,
        kind: t.kind ?? '',
        marketId: t.marketId ?? '',
      });
      return {
        data: {
          users: rows.map((r) => ({ userId: r.user_id, username: r.username, role: r.role, is_locked: r.is_locked })),
        },
      };
    },
  );

  route(
    {
      method: 'PUT',
      url: '/api/market-locks/:matchId',
      access: { admin: 'lock-bets' },
      tag: 'Back office',
      summary:
        'Lock or unlock betting for downline users; an unlock lifts only the locks the caller may (not_lifted counts the others)',
      params: params('matchId'),
      body: MarketLockBody,
      answer: 'LockAnswer',
    },
    async (req, { params: p, body }) => {
      if (body.lock_target.event_id !== p.matchId)
        throw new HttpError(400, 'lock_target.event_id must be the match in the path');
      const t = await lockTarget(sql, p.matchId, body.lock_target.market_type, body.lock_target.market_id);
      const userIds = [...new Set(Array.isArray(body.userId) ? body.userId : [body.userId])];
      const { rows } = await sql.query<{ n: string }>(
        `${downlineCte(2)}select count(*) as n from downline where user_id = any($1::text[])`,
        [userIds, req.auth!.sub],
      );
      if (Number(rows[0]!.n) !== userIds.length)
        throw new HttpError(404, 'User not found in your downline', 'NOT_IN_DOWNLINE');
      await checkTransactionPassword(sql, throttle, req, body.transaction_password);
      const { notLifted } = await setMarketLocks(commands, req, userIds, t, body.is_locked);
      if (notLifted > 0 && notLifted === userIds.length)
        throw new HttpError(
          403,
          `${userIds.length === 1 ? 'This lock was' : 'These locks were'} set above you: only the account that set it, or one above it, can lift it`,
          'LOCK_SET_ABOVE',
        );
      return {
        message: body.is_locked
          ? 'Betting locked'
          : `Betting unlocked${notLifted > 0 ? ` for ${accounts(userIds.length - notLifted)}${keptAbove(notLifted)}` : ''}`,
        not_lifted: notLifted,
      };
    },
  );
}
