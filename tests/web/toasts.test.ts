import t from 'tap';
import { dismissToast, shownToasts, showErrorToast, showSuccessToast } from '../../web/src/ui/toasts.js';

// Toasts in sight (issue 51): a burst of bets was a column of success toasts running off the screen,
// the 429 below it, each gone after 1 s.
t.test('a burst collapses: newest on top, one success with a counter, repeats of an error counted', async (t) => {
  for (let i = 0; i < 12; i++) showSuccessToast(`Bet placed successfully! on Event: sim-${i}`);
  showErrorToast('Too many bet instructions: try again in 1 s');
  showErrorToast('Too many bet instructions: try again in 1 s');
  showSuccessToast('Bet placed successfully! on Event: sim-12');
  t.same(
    shownToasts().map((x) => [x.kind, x.message, x.count]),
    [
      ['success', 'Bet placed successfully! on Event: sim-12', 13],
      ['error', 'Too many bet instructions: try again in 1 s', 2],
    ],
    'the newest first; thirteen successes are one toast, two alike errors one',
  );
  const ids = new Set(shownToasts().map((x) => x.id));
  showSuccessToast('Bet placed successfully! on Event: sim-13');
  t.notOk(ids.has(shownToasts()[0]!.id), 'a toast shown again takes a new id: the page shows it as new');
  for (const x of shownToasts()) dismissToast(x.id);
  t.same(shownToasts(), []);
});

t.test('at most four at once; a success closes after 1 s, an error stays 5 s', async (t) => {
  for (let i = 0; i < 6; i++) showErrorToast(`refusal ${i}`);
  t.same(
    shownToasts().map((x) => x.message),
    ['refusal 5', 'refusal 4', 'refusal 3', 'refusal 2'],
  );
  showSuccessToast('Bet placed');
  await new Promise((r) => setTimeout(r, 1_500));
  t.notOk(
    shownToasts().some((x) => x.kind === 'success'),
    'the success has gone after 1 s',
  );
  t.equal(shownToasts().length, 3, 'the errors stay (the oldest went when the success came: four at most)');
  await new Promise((r) => setTimeout(r, 4_000));
  t.same(shownToasts(), [], 'and go after 5 s');
});
