import t from 'tap';
import {
  cashOutOnLadder,
  cashOutTolerance,
  ladderWithout,
  runnerPosition,
  type BetDto,
  type FeedUpdate,
  type LadderQuote,
  type MatchDetail,
  type RunnerPosition,
} from '@exch/contracts';
import { createSimulator } from '@exch/feeds';
import { caller } from '../helpers/api.js';
import { betBody } from '../helpers/exchange.js';
import { RaceFeed } from '../helpers/race-feed.js';
import { FAST_CLIENT_LIMITS, startTestServer } from '../helpers/server.js';

// The simulator with a fixed seed that moves only when the test steps it (one step is one of its
// 1 s ticks), so each run sees the same prices; RaceFeed lets the test send a price of its own.
const sim = createSimulator({ seed: 7, tickMs: 3_600_000 });
const feed = new RaceFeed(sim);
// A cash out a few seconds: faster than the bet limit lets a person (FAST_CLIENT_LIMITS).
const server = await startTestServer({ feedPort: feed, limits: FAST_CLIENT_LIMITS });
t.teardown(() => server.close());
const { call, login } = caller(server);
const me = (await login('player1')).body;
const token = me.token as string;
const MO = 'sim-101.mo'; // Mumbai v Chennai: in play
const MUMBAI = 101;
const CHENNAI = 102;

const detail = async (): Promise<MatchDetail> => (await call('GET', '/api/matches/sim-101', undefined, token)).body;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The market's 2 s bet delay made 1 s, the shortest there is, its other settings kept: the price
// still moves while a cash out waits (300 ms in, through the same engine queue), and the 26 waits
// of this file take half as long.
const DELAY_MS = 1_000;
const mo = (await detail()).markets.find((m) => m.marketId === MO)!;
const settings = await call(
  'PUT',
  `/api/admin/markets/${MO}/settings`,
  { min: mo.min, max: mo.max, betDelaySec: DELAY_MS / 1000, commissionPercent: mo.commissionBp / 100 },
  (await login('admin', true)).body.token,
);
if (settings.status !== 200) throw new Error(`market settings: ${JSON.stringify(settings.body)}`);

/** The position on a runner and its cash out, as the cash-out panel works them out from the page. */
async function quoteOf(sid: number): Promise<{ position: RunnerPosition; quote: LadderQuote }> {
  const bets: BetDto[] = (await call('GET', '/api/bets/mine?status=pending&limit=100', undefined, token)).body.data;
  const mine = bets.filter((b) => b.market_id === MO && b.selection === sid);
  const hundredths = (odds: number) => Math.round(odds * 100);
  const paise = (rupees: number) => Math.round(rupees * 100);
  const position = runnerPosition(
    mine.map((b) => ({
      side: b.odds_type,
      fills: b.fills.map((f) => ({ price: hundredths(f.odds), size: paise(f.stake) })),
    })),
  );
  const section = (await detail()).markets.find((m) => m.marketId === MO)!.section.find((s) => s.sid === sid)!;
  const levels = (side: 'back' | 'lay') =>
    ladderWithout(
      section.odds.filter((o) => o.otype === side).map((o) => ({ price: hundredths(o.odds), size: paise(o.size) })),
      mine
        .filter((b) => b.unmatched_stake > 0 && b.odds_type !== side)
        .map((b) => ({ price: hundredths(b.odds), size: paise(b.unmatched_stake) })),
    );
  const quote = cashOutOnLadder(position, { back: levels('back'), lay: levels('lay') });
  if (!quote) throw new Error(`nothing to cash out on ${sid}`);
  return { position, quote };
}

/** A matched position on the runner: a back at 1.01 (or a lay at 1000) takes the best price there. */
async function takePosition(sid: number, side: 'back' | 'lay'): Promise<void> {
  const body = betBody(await detail(), MO, sid, side, side === 'back' ? 1.01 : 1000, 100, me.user._id);
  const placed = await call('POST', '/api/bets', body, token);
  if (placed.status !== 200) throw new Error(`bet refused: ${JSON.stringify(placed.body)}`);
}

/** Sends the cash out; `meanwhile` runs while it waits out the in-play delay. */
async function cashOut(body: Record<string, unknown>, meanwhile: () => void) {
  const sent = Date.now();
  const answer = call('POST', '/api/bets/cash-out', body, token);
  await sleep(300);
  meanwhile();
  const res = await answer;
  return { ...res, waited: Date.now() - sent };
}

/** Mumbai's ladder as the feed sends it: backs below `lay`, ₹5,000 at each of three levels a side. */
const mumbai = (back: number[], lay: number[]): FeedUpdate => ({
  type: 'exchange',
  marketId: MO,
  selectionId: MUMBAI,
  status: 'ACTIVE',
  back: back.map((price) => ({ price, size: 5_000_00 })),
  lay: lay.map((price) => ({ price, size: 5_000_00 })),
});

t.test('in play, the price moves while the cash out waits: the value shown is a floor', async (t) => {
  feed.send(mumbai([200, 199, 198], [202, 204, 206]));
  await takePosition(MUMBAI, 'back');
  const { position, quote } = await quoteOf(MUMBAI);
  t.equal(quote.side, 'lay', `a back is laid off: ${quote.stake / 100} at ${quote.price / 100}`);
  const accept = cashOutTolerance(position, quote);
  t.ok(accept > 0, `two ticks against cost ₹${accept / 100}`);
  const body = { market_id: MO, selection: String(MUMBAI), value: quote.value / 100, accept_within: accept / 100 };

  // Three ticks against (2.02 to 2.08): below what was accepted, nothing placed, the new value named.
  const worse = await cashOut(body, () => feed.send(mumbai([206, 204, 202], [208, 210, 212])));
  t.equal(worse.status, 400, JSON.stringify(worse.body));
  t.match(
    worse.body.message,
    /^The cash out value is now -?₹[\d,.]+, below the -?₹[\d,.]+ you accepted: nothing was placed/,
  );
  t.ok(worse.waited >= DELAY_MS, 'the refusal came after the in-play delay');

  // One tick against (2.02 to 2.04): within what was accepted, it fills at the value of then.
  feed.send(mumbai([200, 199, 198], [202, 204, 206]));
  const moved = await cashOut(body, () => feed.send(mumbai([202, 200, 199], [204, 206, 208])));
  t.equal(moved.status, 200, JSON.stringify(moved.body));
  t.ok(moved.waited >= DELAY_MS, 'the cash out waited out the in-play delay');
  t.match(moved.body.bet, { odds_type: 'lay', odds: 2.04, unmatched_stake: 0, cash_out: { percent: 100 } });
  t.ok(moved.body.bet.cash_out.value < quote.value / 100, 'a little less than shown');
  t.ok(moved.body.bet.cash_out.value >= (quote.value - accept) / 100, 'no less than accepted');
  t.match(
    moved.body.message,
    /^Cashed out( for -?₹[\d,.]+ whichever way Mumbai goes|: -?₹[\d,.]+ if Mumbai wins, -?₹[\d,.]+ if it loses)$/,
  );

  // A better price meanwhile fills too, at the better value, exact-or-better (nothing accepted below).
  await takePosition(MUMBAI, 'back');
  const again = await quoteOf(MUMBAI);
  const better = await cashOut({ market_id: MO, selection: String(MUMBAI), value: again.quote.value / 100 }, () =>
    feed.send(mumbai([198, 197, 196], [200, 202, 204])),
  );
  t.equal(better.status, 200, JSON.stringify(better.body));
  t.ok(better.body.bet.cash_out.value > again.quote.value / 100, 'more than shown');
});

t.test("the simulator's in-play match: cash outs as the panel sends them succeed at least 9 in 10", async (t) => {
  const ATTEMPTS = 10;
  let filled = 0;
  let exact = 0;
  const refusals: string[] = [];
  for (let i = 0; i < ATTEMPTS; i++) {
    const sid = i % 2 === 0 ? MUMBAI : CHENNAI;
    sim.step();
    await takePosition(sid, i % 4 < 2 ? 'back' : 'lay');
    const { position, quote } = await quoteOf(sid);
    const accept = cashOutTolerance(position, quote);
    // The page's value is a tick old when sent; the feed ticks twice more in the delay.
    sim.step();
    const res = await cashOut(
      { market_id: MO, selection: String(sid), value: quote.value / 100, accept_within: accept / 100 },
      () => {
        sim.step();
        sim.step();
      },
    );
    if (res.status === 200) {
      filled++;
      if (res.body.bet.cash_out.value >= quote.value / 100) exact++;
    } else refusals.push(res.body.message);
  }
  t.comment(
    `accepting two ticks against: ${filled} of ${ATTEMPTS} filled; exact or better only: ${exact} of ${ATTEMPTS}`,
  );
  t.ok(filled >= 9, `${filled} of ${ATTEMPTS} cash outs filled; refused: ${refusals.join(' | ')}`);
});
