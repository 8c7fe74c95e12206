import WebSocket from 'ws';
import type { MatchDetail, PriceDto } from '@exch/contracts';
import type { TestServer } from './server.js';

/** A bet as the player site sends it (SPEC.md section 3) on a market of a match detail. */
export function betBody(
  detail: MatchDetail,
  marketId: string,
  selection: number,
  side: 'back' | 'lay',
  odds: number,
  stake: number | string,
  userId: string,
): Record<string, unknown> {
  const market = detail.markets.find((m) => m.marketId === marketId);
  if (!market) throw new Error(`no market ${marketId}`);
  const section = market.section.find((s) => s.sid === selection) ?? market.section[0]!;
  return {
    user_id: userId,
    event_id: detail.match.matchId,
    event_name: detail.match.name,
    market_id: marketId,
    market_type: market.marketType,
    selection,
    selection_name: section.nat,
    odds,
    stake,
    bet_type: 'sports',
    odds_type: side,
    sportId: detail.match.sportId,
  };
}

/** The best offer on one side of a runner (a fancy's Yes is back, No is lay). */
export function best(detail: MatchDetail, marketId: string, sid: number, otype: 'back' | 'lay'): PriceDto {
  const price = detail.markets
    .find((m) => m.marketId === marketId)
    ?.section.find((s) => s.sid === sid)
    ?.odds.find((o) => o.otype === otype && o.tno === 0);
  if (!price) throw new Error(`no ${otype} price on ${marketId}/${sid}`);
  return price;
}

export interface LiveFrames {
  /** The first frame of `event` not taken before that matches `where`; waits up to 4 s. */
  next(event: string, where?: (data: any) => boolean): Promise<any>;
  /** Frames of `event` received so far (taken or not). */
  all(event: string): any[];
  send(event: string, data: unknown): void;
  close(): void;
}

/** A websocket logged in with `token` (null: not logged in), collecting frames; `ip` is sent as X-Forwarded-For. */
export async function openSocket(server: TestServer, token: string | null, ip?: string): Promise<LiveFrames> {
  const ws = new WebSocket(server.url.replace('http', 'ws') + '/ws', ip ? { headers: { 'x-forwarded-for': ip } } : {});
  const frames: { event: string; data: any; taken: boolean }[] = [];
  ws.on('message', (m) => frames.push({ ...JSON.parse(m.toString()), taken: false }));
  await new Promise((r) => ws.once('open', r));
  const live: LiveFrames = {
    async next(event, where = () => true) {
      for (let i = 0; i < 200; i++) {
        const f = frames.find((x) => !x.taken && x.event === event && where(x.data));
        if (f) {
          f.taken = true;
          return f.data;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no ${event} frame`);
    },
    all: (event) => frames.filter((f) => f.event === event).map((f) => f.data),
    send: (event, data) => ws.send(JSON.stringify({ event, data })),
    close: () => ws.close(),
  };
  if (token === null) return live;
  live.send('login', { token });
  await live.next('loginSuccess');
  return live;
}

/** A ₹100 casino bet on Tiger at Dragon Tiger 20-20's open round, as the table page sends it. */
export const tigerBetBody = (userId: string, mid: string, stake = 100): Record<string, unknown> => ({
  user_id: userId,
  event_id: 'dt20',
  event_name: 'dt20',
  market_id: mid,
  market_type: 'CASINO',
  selection: 2,
  selection_name: 'Tiger',
  odds: 2,
  stake,
  bet_type: 'casino',
  odds_type: 'back',
  table_id: 'dt20',
  game_round_id: mid,
});
