import type { ProviderGame } from '@exch/contracts';
import { PAYTABLE, RTP_BP } from '../games/slot.js';

export const PROVIDER_NAME = 'Monsoon Games';
/** Its id at the operator: part of ledger account names and transaction keys, so it never changes. */
export const PROVIDER_ID = 'monsoon';

const escape = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const SCRIPT: Record<string, string> = { 'european-roulette': 'roulette', 'lotus-sevens': 'slot', rocket: 'crash' };

/** A page of the provider's own: its stylesheet and script from its own origin, nothing inline (its CSP forbids it). */
function page(title: string, script: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · ${PROVIDER_NAME}</title>
<link rel="stylesheet" href="/assets/games.css">
<script type="module" src="/assets/${script}.js"></script>
</head>
<body>
<header class="bar"><a class="brand" id="lobby-link" href="/lobby">${PROVIDER_NAME}</a><span class="title">${escape(title)}</span><span class="balance" id="wallet">Available <b id="balance" aria-live="polite">…</b></span></header>
<main>${body}</main>
</body>
</html>`;
}

export const lobbyPage = (games: ProviderGame[]): string =>
  page(
    'Lobby',
    'lobby',
    `<h1>Games</h1><ul class="tiles">${games
      .map(
        (g) =>
          `<li><a class="tile tile-${escape(SCRIPT[g.gameId] ?? 'game')}" data-game="${escape(g.gameId)}" href="/games/${encodeURIComponent(g.gameId)}"><span class="tile-art" aria-hidden="true"></span><b>${escape(g.name)}</b><small>${escape(g.subCategory)} · RTP ${(g.rtpBp / 100).toFixed(2)}%</small><span class="tile-text">${escape(g.description)}</span></a></li>`,
      )
      .join('')}</ul>`,
  );

const rouletteBody = (): string => {
  const numbers = Array.from({ length: 36 }, (_, i) => i + 1);
  const red = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
  // The table as a player sees it: 3 rows (3, 6 ... 36 on top), zero on the left.
  const rows = [3, 2, 1].map((top) =>
    numbers
      .filter((n) => n % 3 === top % 3)
      .map(
        (n) =>
          `<button class="cell n ${red.has(n) ? 'red' : 'black'}" data-bet="straight" data-number="${n}">${n}</button>`,
      )
      .join(''),
  );
  return `<section class="roulette">
<div class="wheel-result" id="result" aria-live="polite"><span class="ball" id="ball">–</span><span id="result-text">Place your chips and spin</span></div>
<div class="table">
<button class="cell zero" data-bet="straight" data-number="0">0</button>
<div class="numbers">${rows.map((r) => `<div class="row">${r}</div>`).join('')}</div>
<div class="columns">${[3, 2, 1].map((i) => `<button class="cell" data-bet="column" data-index="${i}">2 to 1</button>`).join('')}</div>
</div>
<div class="outside">
${[1, 2, 3].map((i) => `<button class="cell" data-bet="dozen" data-index="${i}">${['1st', '2nd', '3rd'][i - 1]} 12</button>`).join('')}
<button class="cell" data-bet="low">1-18</button><button class="cell" data-bet="even">Even</button><button class="cell red" data-bet="red">Red</button>
<button class="cell black" data-bet="black">Black</button><button class="cell" data-bet="odd">Odd</button><button class="cell" data-bet="high">19-36</button>
</div>
<div class="controls"><span>Chip</span>${[10, 100, 500, 1000].map((c, i) => `<button class="chip${i === 1 ? ' active' : ''}" data-chip="${c * 100}">₹${c}</button>`).join('')}
<span class="stake">Stake <b id="stake">₹0</b></span><button id="clear" class="btn">Clear</button><button id="spin" class="btn primary" disabled>Spin</button></div>
<ol class="history" id="history" aria-label="Last numbers"></ol>
<p class="note">European roulette, single zero. Straight up pays 35 to 1, dozens and columns 2 to 1, even chances 1 to 1; a zero loses every outside bet. Return to player 97.30%.</p>
</section>`;
};

/** A paytable symbol as the reels show it; "any" in words. */
const symbol = (name: string): string =>
  name === 'any'
    ? '<span class="sym-any">any</span>'
    : `<span class="sym mini sym-${escape(name.toLowerCase())}" title="${escape(name)}">${name === '7' || name === 'BAR' ? escape(name) : ''}</span>`;

const slotBody = (): string => `<section class="slot">
<div class="reels" id="reels" aria-label="Reels"></div>
<div class="wheel-result" aria-live="polite"><span id="result-text">Pick a stake and spin</span></div>
<div class="controls"><span>Stake</span>${[10, 50, 100, 500].map((c, i) => `<button class="chip${i === 0 ? ' active' : ''}" data-stake="${c * 100}">₹${c}</button>`).join('')}<button id="spin" class="btn primary">Spin</button></div>
<table class="paytable"><caption>Paytable (pays the stake times, stake included) · return to player ${(RTP_BP / 100).toFixed(2)}%</caption>
<tbody>${PAYTABLE.map((p) => `<tr><td>${p.line.split(' ').map(symbol).join('')}</td><td>${p.pays}x</td></tr>`).join('')}</tbody></table>
<p class="note">Three reels of 32 stops, one line. The return is exact: every one of the 32,768 stop combinations through the paytable.</p>
</section>`;

const crashBody = (): string => `<section class="crash">
<div class="sky" id="sky"><svg class="trail" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true"><polyline id="trail" points=""/></svg><span class="multiplier" id="multiplier">1.00x</span><span class="rocket" id="rocket" aria-hidden="true"></span></div>
<div class="wheel-result" aria-live="polite"><span id="result-text">Choose a stake and your cash-out, then launch</span></div>
<div class="controls"><label>Stake ₹ <input id="stake-input" inputmode="decimal" value="100" size="7"></label><label>Cash out at <input id="target-input" inputmode="decimal" value="2.00" size="6">x</label><button id="launch" class="btn primary">Launch</button></div>
<p class="note">The rocket reaches a cash-out of t with a chance of about 0.99 / t, so every cash-out returns 99%. The flight is decided when you launch.</p>
</section>`;

const BODY: Record<string, () => string> = {
  'european-roulette': rouletteBody,
  'lotus-sevens': slotBody,
  rocket: crashBody,
};

export const gamePage = (game: ProviderGame): string => page(game.name, SCRIPT[game.gameId]!, BODY[game.gameId]!());

export const expiredPage = (): string =>
  page(
    'Session ended',
    'lobby',
    '<p class="note">This game session has ended. Close the game and open it again from the casino.</p>',
  );
