/**
 * Websocket clients of the oddsUpdate benchmark (scripts/bench/exchange-http.ts forks several), in
 * processes of their own so they never share the server's event loop: each connects `count` clients
 * to the room, then for every tick the parent announces collects the oddsUpdate arrival times
 * (epoch ms, sub-ms) and sends them back in one message when asked.
 */
import WebSocket from 'ws';

const { url, room, count } = JSON.parse(process.argv[2]);
/** Connections opened side by side; each opens the next when it is up (10,000 at once overflow the listen backlog). */
const LANES = 20;
const now = () => performance.timeOrigin + performance.now();
let joined = 0;
let arrivals = [];
const sockets = [];

function connect(i) {
  if (i >= count) return;
  const ws = new WebSocket(url);
  sockets.push(ws);
  ws.on('open', () => {
    ws.send(JSON.stringify({ event: 'joinRoom', data: { matchId: room } }));
    connect(i + LANES);
  });
  ws.on('message', (raw) => {
    const at = now();
    const text = raw.toString();
    if (text.startsWith('{"event":"joined"')) {
      if (++joined === count) process.send({ ready: true });
    } else if (text.startsWith('{"event":"oddsUpdate"')) arrivals.push(at);
  });
  ws.on('error', (err) => process.send({ error: String(err) }));
}
for (let lane = 0; lane < LANES; lane++) connect(lane);

process.on('message', (m) => {
  if (m === 'tick') arrivals = [];
  else if (m === 'report') process.send({ arrivals });
  else if (m === 'close') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
