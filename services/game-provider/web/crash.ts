import { $, call, CallError, money, paiseOf, say, showBalance, start, type RoundAnswer } from './common.js';

interface Flight {
  crashAt: number;
  target: number;
  cashedOut: boolean;
}

/** The multiplier after t ms of flight: e^(t/6000), so 2x after about 4 s. */
const at = (ms: number): number => Math.floor(100 * Math.exp(ms / 6_000));

function fly(flight: Flight): Promise<void> {
  const end = flight.cashedOut ? flight.target : flight.crashAt;
  const rocket = $('rocket');
  const sky = $('sky');
  const trail: string[] = [];
  sky.className = 'sky flying';
  return new Promise((resolve) => {
    // The clock starts at the first frame's own time: a frame's time is when the frame began, which
    // can be before a performance.now() read just earlier, and a negative flight time made the trail NaN.
    let began: number | undefined;
    const frame = (now: number) => {
      began ??= now;
      const m = Math.min(end, at(now - began));
      $('multiplier').textContent = `${(m / 100).toFixed(2)}x`;
      // Across and up the sky as the multiplier grows (a log scale, so big flights fit); the trail follows.
      const p = Math.min(1, Math.log(m / 100) / Math.log(10));
      const x = 8 + p * 80;
      const y = 92 - Math.sqrt(p) * 80;
      rocket.style.left = `${x}%`;
      rocket.style.top = `${y}%`;
      trail.push(`${x},${y}`);
      $('trail').setAttribute('points', trail.join(' '));
      if (m < end) requestAnimationFrame(frame);
      else {
        sky.className = flight.cashedOut ? 'sky cashed' : 'sky crashed';
        resolve();
      }
    };
    requestAnimationFrame(frame);
  });
}

$('launch').addEventListener('click', async () => {
  const stake = paiseOf(($('stake-input') as HTMLInputElement).value);
  const target = paiseOf(($('target-input') as HTMLInputElement).value);
  if (stake === null || target === null) {
    say('Type a stake in rupees and a cash-out like 2.00', 'error');
    return;
  }
  const button = $('launch') as HTMLButtonElement;
  button.disabled = true;
  say('Launching…');
  try {
    const r = await call<RoundAnswer<Flight>>('POST', '/api/rounds/rocket', { stake, target });
    await fly(r.outcome);
    say(
      r.outcome.cashedOut
        ? `Cashed out at ${(r.outcome.target / 100).toFixed(2)}x: you win ${money(r.win)}`
        : `Crashed at ${(r.outcome.crashAt / 100).toFixed(2)}x`,
      r.win > 0 ? 'win' : 'loss',
    );
    showBalance(r.balance);
  } catch (e) {
    say(e instanceof CallError ? e.message : 'The game server did not answer', 'error');
  } finally {
    button.disabled = false;
  }
});

void start();
