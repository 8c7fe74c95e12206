import { $, call, CallError, money, say, showBalance, start, type RoundAnswer } from './common.js';

type SlotSymbol = '7' | 'BAR' | 'BELL' | 'LEMON' | 'CHERRY' | 'BLANK';
/** 7 and BAR are lettered; the fruit and the bell are pictures (games.css). */
const LABEL: Record<SlotSymbol, string> = { '7': '7', BAR: 'BAR', BELL: '', LEMON: '', CHERRY: '', BLANK: '' };

let stake = 10_00;

function showReels(window: SlotSymbol[][]): void {
  const reels = $('reels');
  reels.replaceChildren(
    ...window.map((column) => {
      const reel = document.createElement('div');
      reel.className = 'reel';
      column.forEach((s, row) => {
        const cell = document.createElement('span');
        cell.className = `sym sym-${s.toLowerCase()}${row === 1 ? ' line' : ''}`;
        cell.textContent = LABEL[s];
        cell.title = s;
        reel.append(cell);
      });
      return reel;
    }),
  );
}

for (const b of document.querySelectorAll<HTMLButtonElement>('[data-stake]')) {
  b.addEventListener('click', () => {
    stake = Number(b.dataset.stake);
    for (const other of document.querySelectorAll('[data-stake]')) other.classList.toggle('active', other === b);
  });
}

$('spin').addEventListener('click', async () => {
  const button = $('spin') as HTMLButtonElement;
  button.disabled = true;
  $('reels').classList.add('spinning');
  try {
    const r = await call<RoundAnswer<{ window: SlotSymbol[][]; multiplier: number }>>(
      'POST',
      '/api/rounds/lotus-sevens',
      { stake },
    );
    showReels(r.outcome.window);
    say(
      r.win > 0 ? `${r.outcome.multiplier}x: you win ${money(r.win)}` : 'No win this time',
      r.win > 0 ? 'win' : 'loss',
    );
    showBalance(r.balance);
  } catch (e) {
    say(e instanceof CallError ? e.message : 'The game server did not answer', 'error');
  } finally {
    $('reels').classList.remove('spinning');
    button.disabled = false;
  }
});

showReels([
  ['CHERRY', '7', 'BAR'],
  ['BELL', '7', 'LEMON'],
  ['BAR', '7', 'CHERRY'],
]);
void start();
