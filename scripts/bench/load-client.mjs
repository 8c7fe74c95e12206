/**
 * The load of the HTTP benchmarks, in a process of its own so that it never shares the server's
 * event loop (scripts/bench/exchange-http.ts forks it). Plain JavaScript: a forked child need not
 * inherit the TypeScript loader. Two modes:
 *
 * - closed: `concurrency` callers, each sending its next bet when the last was answered (the most
 *   the server takes);
 * - open: bets sent at a fixed `rate` whatever the answers, latency counted from each bet's planned
 *   send time, so a server falling behind shows in the figures (no coordinated omission).
 *
 * Answers { accepted, answered, refused: {reason: count}, p50, p99, max, seconds } to the parent.
 */
const { url, players, runners, mode, concurrency, rate, ms } = JSON.parse(process.argv[2]);

let n = 0;
let accepted = 0;
const refused = {};
const latencies = [];

function body(i) {
  const p = players[i % players.length];
  const m = runners[Math.floor(i / players.length) % runners.length];
  // Back at 1.01 / lay at 1000: taken at once at the feed's best price, and the two sides hedge.
  const back = i % 2 === 0;
  return {
    token: p.token,
    json: JSON.stringify({
      user_id: p.userId,
      event_id: m.matchId,
      event_name: 'bench',
      market_id: m.marketId,
      market_type: 'MATCH_ODDS',
      selection: m.selectionId,
      selection_name: m.name,
      odds: back ? 1.01 : 1000,
      odds_type: back ? 'back' : 'lay',
      stake: 100,
      bet_type: 'sports',
    }),
  };
}

async function place(plannedAt) {
  const { token, json } = body(n++);
  try {
    const r = await fetch(`${url}/api/bets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: json,
    });
    const text = await r.text();
    if (r.status === 200) accepted++;
    else {
      // Amounts differ from bet to bet: refusals are counted by kind.
      const key = `${r.status} ${text.includes('"message"') ? JSON.parse(text).message : text}`
        .replace(/₹[\d,.]+/g, '₹…')
        .slice(0, 80);
      refused[key] = (refused[key] ?? 0) + 1;
    }
  } catch (err) {
    refused[String(err)] = (refused[String(err)] ?? 0) + 1;
  }
  latencies.push(performance.now() - plannedAt);
}

const started = performance.now();
const deadline = started + ms;
if (mode === 'closed') {
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) await place(performance.now());
    }),
  );
} else {
  const interval = 1000 / rate;
  const inFlight = new Set();
  let sent = 0;
  await new Promise((done) => {
    const tick = () => {
      const now = performance.now();
      // Every bet due by now is sent, each timed from when it was due.
      while (sent * interval <= now - started && now < deadline) {
        const p = place(started + sent * interval).finally(() => inFlight.delete(p));
        inFlight.add(p);
        sent++;
      }
      if (now < deadline) setTimeout(tick, 1);
      else done();
    };
    tick();
  });
  await Promise.all(inFlight);
}
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
process.send({
  accepted,
  answered: latencies.length,
  refused,
  p50: at(50),
  p99: at(99),
  max: latencies.at(-1) ?? 0,
  seconds,
});
