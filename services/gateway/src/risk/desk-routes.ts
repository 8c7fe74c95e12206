import { RiskBlockBody, type MarketPosition } from '@exch/contracts';
import { checkTransactionPassword } from '../accounts/transaction-password.js';
import { childIds, openMatchedBets, type OpenBetRow } from '@exch/projector/read';
import { lockTarget } from '../locks/routes.js';
import { accounts, keptAbove, setMarketLocks } from '../locks/set-locks.js';
import type { ExchangeDeps } from '../deps.js';
import { marketPosition } from './positions.js';

/** Open matched bets read for the positions at most; the answer says when it stopped short. */
const OPEN_CAP = 50_000;

/** The risk desk's positions and its one-action block (docs/risk.md). */
export function riskDeskRoutes({ sql, commands, throttle, route }: ExchangeDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/admin/risk/positions',
      access: { admin: 'view-bets' },
      tag: 'Risk',
      summary:
        "The downline's position on every open market it holds matched bets on: each outcome's P&L for its players and who wins most, worst first",
    },
    async (req): Promise<{ data: MarketPosition[]; capped: boolean }> => {
      const rows = await openMatchedBets(sql, req.auth!.sub, OPEN_CAP);
      const capped = rows.length > OPEN_CAP;
      const byMarket = new Map<string, OpenBetRow[]>();
      for (const r of rows.slice(0, OPEN_CAP)) byMarket.set(r.market_id, [...(byMarket.get(r.market_id) ?? []), r]);
      const data = [...byMarket.values()].map(marketPosition).sort((a, b) => b.worst - a.worst);
      return { data, capped };
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/admin/risk/block',
      access: { admin: 'lock-bets' },
      tag: 'Risk',
      summary:
        "Lock (or unlock) betting on a match or one of its markets for the caller's whole downline: each account directly under it, whose lock covers everyone below; an unlock lifts only the locks the caller may (not_lifted counts the others)",
      body: RiskBlockBody,
      answer: 'LockAnswer',
    },
    async (req, { body }) => {
      const t = await lockTarget(sql, String(body.event_id), null, body.market_id);
      await checkTransactionPassword(sql, throttle, req, body.transaction_password);
      const children = await childIds(sql, req.auth!.sub);
      const { notLifted } = await setMarketLocks(commands, req, children, t, body.locked);
      const done = body.locked ? 'Betting locked' : 'Betting unlocked';
      return {
        message: `${done} for ${accounts(children.length - notLifted)} and everyone under them${keptAbove(notLifted)}`,
        not_lifted: notLifted,
      };
    },
  );
}
