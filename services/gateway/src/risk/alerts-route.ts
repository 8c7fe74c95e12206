import { RiskAlertsQuery, type RiskAlert } from '@exch/contracts';
import { betsById } from '../bets/dto.js';
import { betHistory, betsBeforeSuspension, bigBetThreshold, sharedIps, windowBets } from '@exch/projector/read';
import type { ExchangeDeps } from '../deps.js';
import { bigBets, bursts, jumps, RULES, type History, type Raised, type WindowBet } from './alert-rules.js';

/** The window's bets read at most: a downline's busiest day; the alerts say when they stopped short. */
const WINDOW_CAP = 20_000;
/** An account's own history is the 30 days before the window. */
const HISTORY_DAYS = 30;
/** Bets shown under one alert. */
const BETS_PER_ALERT = 50;

/**
 * GET /api/admin/risk/alerts (docs/risk.md): what the product finds in the caller's downline's bets of
 * the last hours, each alert with its reason and its bets, newest first. Computed when asked, from
 * the bets read model: nothing to keep in step, and a new rule applies to the past too.
 */
export function riskAlertsRoute({ sql, route }: ExchangeDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/admin/risk/alerts',
      access: { admin: 'view-bets' },
      tag: 'Risk',
      summary:
        "Alerts on the downline's bets of the last hours: big bets, stake and win-rate jumps, bursts, shared addresses, bets just before a suspension",
      query: RiskAlertsQuery,
    },
    async (req, { query: q }): Promise<{ data: RiskAlert[]; hours: number; capped: boolean }> => {
      const me = req.auth!.sub;
      const since = new Date(Date.now() - q.hours * 3_600_000).toISOString();
      const [window, threshold, shared, suspended] = await Promise.all([
        windowBets(sql, me, since, WINDOW_CAP),
        bigBetThreshold(sql, me),
        sharedIps(sql, me, since, BETS_PER_ALERT),
        betsBeforeSuspension(sql, me, since, RULES.beforeSuspensionSeconds),
      ]);
      const capped = window.length > WINDOW_CAP;
      const bets: WindowBet[] = window
        .slice(0, WINDOW_CAP)
        .map((r) => ({ ...r, stake: Number(r.stake), placed_at: new Date(r.placed_at) }));
      const users = [...new Set(bets.map((b) => b.user_id))];
      const past = await betHistory(sql, users, since, HISTORY_DAYS);
      const history = new Map<string, History>(
        past.map((r) => [
          r.user_id,
          { bets: Number(r.n), avgStake: Number(r.avg), settled: Number(r.settled), won: Number(r.won) },
        ]),
      );
      const raised: Raised[] = [
        ...bigBets(bets, Number(threshold ?? 0)),
        ...jumps(bets, history),
        ...bursts(bets),
        ...shared.map((r) => ({
          kind: 'shared_ip' as const,
          user_id: null,
          username: null,
          reason: `${r.names.length} accounts bet from one address (${r.ip}): ${r.names.join(', ')}`,
          betIds: r.ids,
        })),
        ...suspended.map((r) => ({
          kind: 'before_suspension' as const,
          user_id: r.user_id,
          username: r.username,
          reason: `Placed ${Math.round(Number(r.secs))} s before the market was suspended`,
          betIds: [r.bet_id],
        })),
      ];
      const shown = await betsById(sql, [...new Set(raised.flatMap((a) => a.betIds.slice(0, BETS_PER_ALERT)))]);
      const byId = new Map(shown.map((b) => [b._id, b]));
      const data = raised
        .map((a) => {
          const its = a.betIds.slice(0, BETS_PER_ALERT).flatMap((id) => byId.get(id) ?? []);
          const at = its.reduce((m, b) => (b.placed_at > m ? b.placed_at : m), '');
          return { kind: a.kind, user_id: a.user_id, username: a.username, reason: a.reason, at, bets: its };
        })
        .filter((a) => a.bets.length > 0)
        .sort((a, b) => b.at.localeCompare(a.at));
      return { data, hours: q.hours, capped };
    },
  );
}
