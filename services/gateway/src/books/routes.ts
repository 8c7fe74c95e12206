import { FancyPositionBody, MarketBookBody, paiseToRupees, type UserBookRow } from '@exch/contracts';
import { downlineClient } from '../accounts/downline.js';
import { downlineCte } from '@exch/projector/read';
import { HttpError } from '../http/errors.js';
import { params } from '../http/route.js';
import type { ExchangeDeps } from '../deps.js';
import { findMarket } from '../markets/read.js';
import { fancyLadder, runnerBook, type BookBet } from './compute.js';

/** User Book, market user book and Run Position (SPEC.md section 2, Modals) over the caller's downline's pending bets. */
export function bookRoutes({ sql, route }: ExchangeDeps): void {
  const pendingBets = async (actorId: string, marketId: string, userId?: string): Promise<BookBet[]> => {
    const params: unknown[] = [marketId, actorId];
    const { rows } = await sql.query<BookBet>(
      `${downlineCte(2)}
       select b.user_id, u.username, b.kind, b.selection_id, b.selection_name, b.side, b.odds, b.volume, b.stake, b.unmatched, b.cancelled, b.fills
         from rm_bets b join rm_users u on u.user_id = b.user_id
        where b.market_id = $1 and b.status = 'pending' and b.user_id in (select user_id from downline)
          ${userId ? `and b.user_id = $${params.push(userId)}` : ''}
        order by u.username_lower, b.placed_position`,
      params,
    );
    return rows;
  };
  const byUser = (bets: BookBet[]): Map<string, BookBet[]> => {
    const out = new Map<string, BookBet[]>();
    for (const b of bets) out.set(b.username, [...(out.get(b.username) ?? []), b]);
    return out;
  };

  route(
    {
      method: 'GET',
      url: '/api/market-locks/user-book/:marketId',
      access: { admin: 'view-bets' },
      tag: 'Back office',
      summary: 'Stakes per downline user and selection',
      params: params('marketId'),
    },
    async (req, { params: p }) => {
      await findMarket(sql, p.marketId);
      const users: UserBookRow[] = [...byUser(await pendingBets(req.auth!.sub, p.marketId))].map(([user, bets]) => {
        const stakes = new Map<string, number>();
        for (const b of bets)
          stakes.set(b.selection_name, (stakes.get(b.selection_name) ?? 0) + Number(b.stake) - Number(b.cancelled));
        return {
          user,
          selections: [...stakes].map(([selection_name, total]) => ({
            selection_name,
            total_stake: paiseToRupees(total),
          })),
        };
      });
      return users.length === 0 ? { message: 'No Result Found', data: { users } } : { data: { users } };
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/get-user-wise-book',
      access: { admin: 'view-bets' },
      tag: 'Back office',
      summary: "Each downline user's P&L on every runner",
      body: MarketBookBody,
    },
    async (req, { body: { marketId } }) => {
      const market = await findMarket(sql, marketId);
      if (market.kind === 'fancy') throw new HttpError(400, 'A fancy has no runners: use the fancy position');
      const ids = market.runners.map((r) => r.selectionId);
      const users = [...byUser(await pendingBets(req.auth!.sub, marketId))].map(([username, bets]) => ({
        username,
        book: Object.fromEntries([...runnerBook(ids, bets)].map(([id, pnl]) => [String(id), paiseToRupees(pnl)])),
      }));
      return { markets: [{ marketId, runners: market.runners, users }] };
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/get-fancy-position',
      access: { admin: 'view-bets' },
      tag: 'Back office',
      summary: 'Run position of a fancy (downline total or one user)',
      body: FancyPositionBody,
    },
    async (req, { body }) => {
      const market = await findMarket(sql, body.marketId);
      if (market.kind !== 'fancy') throw new HttpError(400, 'Run position is for fancy markets only');
      const userId =
        body.userId === undefined ? undefined : (await downlineClient(sql, req.auth!.sub, body.userId))._id;
      const ladder = fancyLadder(await pendingBets(req.auth!.sub, body.marketId, userId));
      return { data: { completeBookList: ladder.map((r) => ({ run: r.run, value: paiseToRupees(r.pnl) })) } };
    },
  );
}
