import { $, call, CallError, money, say, showBalance, start, type RoundAnswer } from './common.js';

interface Bet {
  type: string;
  number?: number;
  index?: number;
  amount: number;
}

const bets = new Map<string, Bet>();
let chip = 100_00;
const keyOf = (el: HTMLElement) => `${el.dataset.bet}:${el.dataset.number ?? el.dataset.index ?? ''}`;

function redraw(): void {
  let stake = 0;
  for (const cell of document.querySelectorAll<HTMLElement>('[data-bet]')) {
    const bet = bets.get(keyOf(cell));
    cell.dataset.chips = bet ? String(bet.amount / 100) : '';
    cell.classList.toggle('placed', bet !== undefined);
    stake += bet?.amount ?? 0;
  }
  $('stake').textContent = money(stake);
  ($('spin') as HTMLButtonElement).disabled = stake === 0;
}

for (const cell of document.querySelectorAll<HTMLElement>('[data-bet]')) {
  cell.addEventListener('click', () => {
    const key = keyOf(cell);
    const bet = bets.get(key) ?? {
      type: cell.dataset.bet!,
      ...(cell.dataset.number ? { number: Number(cell.dataset.number) } : {}),
      ...(cell.dataset.index ? { index: Number(cell.dataset.index) } : {}),
      amount: 0,
    };
    bet.amount += chip;
    bets.set(key, bet);
    redraw();
  });
}
for (const b of document.querySelectorAll<HTMLButtonElement>('[data-chip]')) {
  b.addEventListener('click', () => {
    chip = Number(b.dataset.chip);
    for (const other of document.querySelectorAll('[data-chip]')) other.classList.toggle('active', other === b);
  });
}
$('clear').addEventListener('click', () => {
  bets.clear();
  redraw();
});

$('spin').addEventListener('click', async () => {
  const button = $('spin') as HTMLButtonElement;
  button.disabled = true;
  say('Spinning…');
  $('ball').className = 'ball spinning';
  try {
    const r = await call<RoundAnswer<{ number: number; color: string }>>('POST', '/api/rounds/european-roulette', {
      bets: [...bets.values()],
    });
    const ball = $('ball');
    ball.textContent = String(r.outcome.number);
    ball.className = `ball ${r.outcome.color}`;
    const item = document.createElement('li');
    item.textContent = String(r.outcome.number);
    item.className = r.outcome.color;
    $('history').prepend(item);
    say(
      r.win > 0
        ? `${r.outcome.number} ${r.outcome.color}: you win ${money(r.win)}${r.winPending ? ' (being paid)' : ''}`
        : `${r.outcome.number} ${r.outcome.color}: no win`,
      r.win > 0 ? 'win' : 'loss',
    );
    showBalance(r.balance);
    document.body.dataset.round = r.roundId;
  } catch (e) {
    $('ball').className = 'ball';
    say(e instanceof CallError ? e.message : 'The game server did not answer', 'error');
  } finally {
    button.disabled = bets.size === 0;
  }
});

redraw();
void start();
