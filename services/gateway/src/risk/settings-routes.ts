import { BigBetBody, paiseToRupees, WatchBody, type RiskSettings } from '@exch/contracts';
import { bigBetThreshold, watchedBy } from '@exch/projector/read';
import { send } from '../http/commands.js';
import type { ExchangeDeps } from '../deps.js';

const TAG = 'Risk';

/** A back-office login's big-bet threshold and watch list: what its tape marks and its risk desk uses. */
export function riskSettingsRoutes({ sql, commands, route }: ExchangeDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/admin/risk/settings',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary: "The caller's big-bet threshold (rupees, 0 when none) and the accounts it watches",
    },
    async (req): Promise<RiskSettings> => {
      const me = req.auth!.sub;
      const [threshold, watched] = await Promise.all([bigBetThreshold(sql, me), watchedBy(sql, me)]);
      return { big_bet: paiseToRupees(Number(threshold ?? 0)), watched };
    },
  );

  route(
    {
      method: 'PUT',
      url: '/api/admin/risk/big-bet',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary:
        "The stake (rupees) from which the downline's bets stand out on the tape and raise a big-bet alert; 0 turns it off",
      body: BigBetBody,
    },
    async (req, { body }) => {
      await send(commands, req, { type: 'SetBigBetThreshold', amount: body.amount });
      return {
        message: body.amount === 0 ? 'Big-bet marking off' : 'Big-bet threshold saved',
        big_bet: paiseToRupees(body.amount),
      };
    },
  );

  route(
    {
      method: 'PUT',
      url: '/api/admin/risk/watch',
      access: { admin: 'view-bets' },
      tag: TAG,
      summary: 'Watch an account of the downline (its bets marked on the tape, the watcher told of each), or stop',
      body: WatchBody,
    },
    async (req, { body }) => {
      await send(commands, req, { type: 'SetWatch', userId: body.userId, watched: body.watched });
      return { message: body.watched ? 'Watching the account' : 'No longer watching the account' };
    },
  );
}
