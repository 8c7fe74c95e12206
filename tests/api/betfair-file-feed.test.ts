import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import t from 'tap';
import { fixtures, until } from '../helpers/betfair-files.js';
import { startTestServer } from '../helpers/server.js';
import type { MatchDetail } from '@exch/contracts';
import { caller } from '../helpers/api.js';
import { betBody, best } from '../helpers/exchange.js';

// Real time with every gap in the files capped at 8 s: the cricket match is in play (5 s delay) from
// 1 s to 10 s, and the win market's ten minutes between its second price (clk 1002) and its
// suspension (clk 1003) last 8 s, long enough for a player to bet on each; the whole replay takes
// about 30 s. Results settle as soon as the feed proposes them.
const server = await startTestServer({
  feed: {
    kind: 'betfair-file',
    files: ['1.200000001', '1.200000002.bz2', '1.300000001.gz', '1.900000001'].map((f) => join(fixtures, f)),
    catalogue: join(fixtures, 'catalogue.json'),
    speed: 1,
    maxGapMs: 8000,
  },
  feedSettleDelayMs: 0,
});
t.teardown(() => server.close());
const { call, login } = caller(server);

async function metrics(): Promise<string> {
  return (await fetch(`${server.url}/metrics`)).text();
}

t.test('a sport outside the five, named by the catalogue', async (t) => {
  const token = (await login('player1')).body.token;
  const allowed = (await call('GET', '/api/sports/whitelabel/allowed', undefined, token)).body.sports;
  t.match(allowed, [{ id: 1 }, { id: 2 }, { id: 4 }, { id: 7 }, { id: 4339 }, { id: 7522, name: 'Basketball' }]);
  const active = (await call('GET', '/api/sports/active', undefined, token)).body.data;
  t.match(
    active.find((s: { sportId: number }) => s.sportId === 7522),
    {
      name: 'Basketball',
      matches: [{ matchId: 'bf-39999999', name: 'Lakers v Celtics', sportName: 'Basketball' }],
    },
  );
});

t.test("in play a bet waits the stream's delay, and the match settles from its file", async (t) => {
  const p1 = (await login('player1')).body;
  const player = p1.token as string;
  const match = async (): Promise<MatchDetail> =>
    (await call('GET', '/api/matches/bf-30000002', undefined, player)).body;
  // The cricket file turns in play with betDelay 5 (clk 3002), longer than the market's own 2 s.
  const d = await until(match, (m) => m.match.inPlay && m.markets.some((k) => k.feedBetDelaySec === 5));
  t.match(
    d.markets.find((m) => m.marketId === '1.300000001'),
    { betDelaySec: 2, feedBetDelaySec: 5 },
  );
  const started = Date.now();
  // Asking 1.01 takes the best back on offer, whatever the file shows when the delay is over.
  const r = await call('POST', '/api/bets', betBody(d, '1.300000001', 201, 'back', 1.01, 100, p1.user._id), player);
  t.match(r, { status: 200, body: { bet: { event_id: 'bf-30000002', matched_stake: 100 } } });
  t.ok(Date.now() - started >= 5000, "the stream's 5 s delay");
  // clk 3004 closes the match with India the winner: the bet settles won by itself.
  const settled = await until(
    async () => (await call('GET', '/api/bets/mine?status=settled', undefined, player)).body.data,
    (bets: { _id: string }[]) => bets.some((b) => b._id === r.body.bet._id),
  );
  t.match(
    settled.find((b: { _id: string }) => b._id === r.body.bet._id),
    { selection_name: 'India', status: 'won' },
  );
});

const RACE = 'bf-30000001-1430';
const WIN = '1.200000001';
const RED_RUM = 101;

t.test(
  'a race replayed from its file and catalogue: listed, priced, in play, bet on and settled from the file',
  async (t) => {
    const p1 = (await login('player1')).body;
    const player = p1.token as string;
    const detail = async (): Promise<MatchDetail> =>
      (await call('GET', `/api/matches/${RACE}`, undefined, player)).body;
    const balance = async (): Promise<{ balance: number; exposer: number }> =>
      (await call('GET', '/api/users/profile', undefined, player)).body.balance;
    const before = await balance();

    const racing = (await call('GET', '/api/sports/active', undefined, player)).body.data.find(
      (s: { sportId: number }) => s.sportId === 7,
    );
    t.match(
      racing,
      {
        name: 'Horse Racing',
        matches: [
          {
            matchId: RACE,
            name: '14:30 Ascot',
            seriesName: 'Ascot 26th Nov',
            runners: [{ selectionId: 101 }, { selectionId: 102 }, { selectionId: 103 }],
          },
        ],
      },
      'the race is listed under its sport, named from the catalogue',
    );
    const listed = await detail();
    t.same(
      listed.markets.map((m) => m.marketName),
      ['2m Hcap', 'To Be Placed'],
    );
    t.same(
      listed.markets[0]!.section.map((s) => s.nat),
      ['1. Red Rum', '2. Arkle', '3. Shergar'],
      "runners in sortPriority order, each with the catalogue's cloth number",
    );
    t.same(
      listed.markets.map((m) => m.source),
      ['feed', 'feed'],
      "a market listed from Betfair's catalogue says so before (or without) a definition",
    );
    // Romford is in the catalogue file only: no file carries it, so it is no open market that never has a price.
    t.match(await call('GET', '/api/matches/bf-30000003-1904', undefined, player), {
      status: 404,
      body: { message: 'Match not found' },
    });

    // clk 1002 takes 2.10 off the back side and offers 2.12 (£15) to back, 2.14 (£25.25) to lay.
    const priced = await until(detail, (d) =>
      d.markets[0]!.section[0]!.odds.some((o) => o.otype === 'back' && o.odds === 2.12),
    );
    t.match(best(priced, WIN, RED_RUM, 'back'), { odds: 2.12, size: 15 }, "the file's best back at that moment");
    t.match(best(priced, WIN, RED_RUM, 'lay'), { odds: 2.14, size: 25.25 });
    t.equal(priced.markets[0]!.status, 'ACTIVE');

    // ₹100 to back Red Rum at 2.12: the feed's level holds ₹15 (its £15 taken as rupees), so ₹15 is
    // matched at 2.12 and ₹85 rests unmatched.
    const placed = await call(
      'POST',
      '/api/bets',
      betBody(priced, WIN, RED_RUM, 'back', 2.12, 100, p1.user._id),
      player,
    );
    t.equal(placed.status, 200, JSON.stringify(placed.body));
    const bet = placed.body.bet;
    t.match(bet, { odds: 2.12, stake: 100, matched_stake: 15, unmatched_stake: 85, status: 'pending' });

    // clk 1004 removes Shergar (adjustment factor 23.5), clk 1005 turns the race in play with a 1 s delay.
    const inPlay = await until(detail, (d) => d.match.inPlay);
    t.match(inPlay.markets[0], { removed: [{ selectionId: 103, adjustmentFactorBp: 2350 }] });
    // clk 1006, in play: 1.50 (£200) to back, 1.52 (£100) to lay; the older backs above 1.52 go.
    const running = await until(detail, (d) =>
      d.markets[0]!.section[0]!.odds.some((o) => o.otype === 'lay' && o.odds === 1.52),
    );
    t.match(best(running, WIN, RED_RUM, 'back'), { odds: 1.5, size: 200 }, 'in play the prices still follow the file');
    t.match(best(running, WIN, RED_RUM, 'lay'), { odds: 1.52, size: 100 });

    // clk 1007 closes the market with Red Rum the winner; with no settle delay it settles by itself.
    const settled = await until(
      async () => (await call('GET', '/api/bets/mine?status=settled', undefined, player)).body.data,
      (bets: { _id: string }[]) => bets.some((b) => b._id === bet._id),
    );
    // Matched ₹15 at 2.12, reduced for Shergar: 212 x (10000 - 2350) / 10000 = 162.18 -> 1.62;
    // the unmatched ₹85 lapsed at the removal. Won: 1500 paise x (162 - 100) / 100 = 930 paise, the
    // bet's own pnl; the market's commission at 2%: floor(930 x 200 / 10000) = 18 paise; so the
    // balance moves by 930 - 18 = 912 paise = ₹9.12.
    const won = settled.find((b: { _id: string }) => b._id === bet._id);
    t.match(won, { status: 'won', pnl: 9.3 });
    const after = await balance();
    t.equal(Math.round((after.balance - before.balance) * 100), 912, 'the balance moved by ₹9.12 to the paisa');
    t.equal(after.exposer, 0);
    t.match((await detail()).markets[0], { status: 'SETTLED', result: { selectionId: RED_RUM } });
  },
);

t.test('FEED=betfair-file: the files replay into the product, /metrics shows the feed', async (t) => {
  let text = '';
  for (let i = 0; i < 600 && !/feed_messages_total\{[^}]*\} 16\b/.test(text); i++) {
    await sleep(50);
    text = await metrics();
  }
  t.match(text, /feed_messages_total\{role="server",instance="embedded"\} 16/, 'every message of the four files');
  t.match(text, /feed_messages_per_second\{role="server",instance="embedded"\} \d/, 'messages per second');
  t.match(text, /feed_lag_ms\{role="server",instance="embedded"\} \d+/, 'lag behind publish time');
  t.match(text, /feed_reconnects_total\{role="server",instance="embedded"\} 0/, 'reconnects');
  t.match(text, /feed_stale\{role="server",instance="embedded"\} 0/, 'not stale: every file closed its market');
  t.notMatch(text, /feed_stale_reason\{/, 'no reason while not stale');

  const token = (await login('player1')).body.token;
  const r = await call('GET', '/api/matches/bf-30000002', undefined, token);
  t.equal(r.status, 200, 'the cricket match is in the catalogue');
  t.equal(r.body.match.name, 'India v Australia');
});
