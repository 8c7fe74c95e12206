import { FancyPositionBody, MarketBookBody, paiseToRupees, type UserBookRow } from '@exch/contracts';
import { downlineClient } from '../accounts/downline.js';
import { pendingMarketBets, type BookBetRow } from '@exch/projector/read';
import { HttpError } from '../http/errors.js';
import { params } from '../http/route.js';
import type { ExchangeDeps } from '../deps.js';
import { findMarket } from '../markets/read.js';
import { fancyLadder, runnerBook } from './compute.js';

/** User Book, market user book and Run Position (SPEC.md section 2, Modals) over the caller's downline's pending bets. */
export function bookRoutes({ sql, route }: ExchangeDeps): void {
  const byUser = (bets: BookBetRow[]): Map<string, BookBetRow[]> => {
    const out = new Map<string, BookBetRow[]>();
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
      const users: UserBookRow[] = [...byUser(await pendingMarketBets(sql, req.auth!.sub, p.marketId))].map(
        ([user, bets]) => {
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
        },
      );
      return users.length === 0 ? { message: 'No Result Found', data: { users } } : { data: { users } };
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/get-user-wise-book',
      access: { admin: 'view-bets' },
      readOnly: true,
      tag: 'Back office',
      summary: "Each downline user's P&L on every runner",
      body: MarketBookBody,
    },
    async (req, { body: { marketId } }) => {
      const market = await findMarket(sql, marketId);
      if (market.kind === 'fancy') throw new HttpError(400, 'A fancy has no runners: use the fancy position');
      const ids = market.runners.map((r) => r.selectionId);
      const users = [...byUser(await pendingMarketBets(sql, req.auth!.sub, marketId))].map(([username, bets]) => ({
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
      readOnly: true,
      tag: 'Back office',
      summary: 'Run position of a fancy (downline total or one user)',
      body: FancyPositionBody,
    },
    async (req, { body }) => {
      const market = await findMarket(sql, body.marketId);
      if (market.kind !== 'fancy') throw new HttpError(400, 'Run position is for fancy markets only');
      const userId =
        body.userId === undefined ? undefined : (await downlineClient(sql, req.auth!.sub, body.userId))._id;
      const ladder = fancyLadder(await pendingMarketBets(sql, req.auth!.sub, body.marketId, userId));
      return { data: { completeBookList: ladder.map((r) => ({ run: r.run, value: paiseToRupees(r.pnl) })) } };
    },
  );
}
