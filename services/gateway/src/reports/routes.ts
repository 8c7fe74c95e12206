import * as v from 'valibot';
import { MARKET_TYPE_OF, text, paiseToRupees } from '@exch/contracts';
import { pendingStakes } from '@exch/projector/read';
import type { ExchangeDeps } from '../deps.js';
import { csvRoute, money } from '../http/csv.js';

const search = v.optional(text('search', { max: 100 }));
const AnalysisQuery = v.object({ search });

/** Market Analysis (SPEC.md sections 2 and 3), and its CSV. */
export function reportRoutes({ sql, route }: ExchangeDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/report/selection_analysis',
      access: { admin: 'view-bets' },
      tag: 'Back office',
      summary: 'Pending stakes per event, market and selection',
      query: AnalysisQuery,
    },
    async (req, { query: q }) => {
      const rows = await pendingStakes(sql, req.auth!.sub, q.search);
      const events = new Map<
        string,
        {
          event_id: string;
          event_name: string;
          matchDateTime: string;
          sportId: number;
          markets: Map<
            string,
            {
              market_type: string;
              market_id: string;
              market_name: string;
              selections: { selection_name: string; totalStake: number }[];
            }
          >;
        }
      >();
      for (const r of rows) {
        const event = events.get(r.match_id) ?? {
          event_id: r.match_id,
          event_name: r.event_name,
          matchDateTime: new Date(r.start_time).toISOString(),
          sportId: r.sport_id,
          markets: new Map(),
        };
        events.set(r.match_id, event);
        const market = event.markets.get(r.market_id) ?? {
          market_type: MARKET_TYPE_OF[r.kind],
          market_id: r.market_id,
          market_name: r.market_name,
          selections: [],
        };
        event.markets.set(r.market_id, market);
        market.selections.push({ selection_name: r.selection_name, totalStake: paiseToRupees(Number(r.total)) });
      }
      return { eventAnalysis: [...events.values()].map((e) => ({ ...e, markets: [...e.markets.values()] })) };
    },
  );

  csvRoute(
    route,
    {
      url: '/api/report/selection_analysis.csv',
      access: { admin: 'view-bets' },
      tag: 'Back office',
      summary: 'Market analysis as CSV: one line per event, market and selection',
      query: AnalysisQuery,
    },
    async (req, { query: q }) => ({
      name: 'market-analysis',
      header: ['Event', 'Start', 'Market', 'Market type', 'Selection', 'Total stake'],
      rows: (await pendingStakes(sql, req.auth!.sub, q.search)).map((r) => [
        r.event_name,
        new Date(r.start_time).toISOString(),
        r.market_name,
        MARKET_TYPE_OF[r.kind],
        r.selection_name,
        money(Number(r.total)),
      ]),
    }),
  );
}
