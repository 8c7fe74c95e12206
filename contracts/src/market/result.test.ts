import t from 'tap';
import { declaredWinnersProblem, listWords, resultWords, winnersOf, winnersResult } from './result.js';

const NAMES: Record<number, string> = { 1: '1. Frankel Star', 2: '2. Sandwood Jet', 5: '5. Lady Luck' };
const nameOf = (id: number) => NAMES[id] ?? `selection ${id}`;

t.test('a result in words names every winner', async (t) => {
  t.equal(resultWords({ selectionId: 2 }, nameOf), '2. Sandwood Jet won');
  t.equal(resultWords({ selectionId: 2, selectionIds: [2, 5] }, nameOf), '2. Sandwood Jet and 5. Lady Luck placed');
  t.equal(
    resultWords({ selectionId: 1, selectionIds: [1, 2, 5] }, nameOf),
    '1. Frankel Star, 2. Sandwood Jet and 5. Lady Luck placed',
  );
  t.equal(resultWords({ runs: 162 }, nameOf), '162 runs');
  t.equal(listWords([]), '');
  t.same(winnersOf({ selectionId: 2, selectionIds: [2, 5] }), [2, 5]);
  t.same(winnersOf({ runs: 3 }), []);
  t.same(winnersResult([7]), { selectionId: 7 });
  t.same(winnersResult([7, 9]), { selectionId: 7, selectionIds: [7, 9] });
});

t.test('winners declared by hand: one of the runners, or exactly the places, each once', async (t) => {
  const runners = [1, 2, 3, 4, 5];
  t.equal(declaredWinnersProblem(runners, 1, [2]), null);
  t.equal(declaredWinnersProblem(runners, 1, [9]), 'Choose the winner among the runners of this market');
  t.equal(declaredWinnersProblem(runners, 1, [1, 2]), 'Choose the winner among the runners of this market');
  t.equal(declaredWinnersProblem(runners, 2, [2, 5]), null);
  t.equal(declaredWinnersProblem(runners, 2, [2]), 'Choose 2 placed runners: this market pays 2 places');
  t.equal(declaredWinnersProblem(runners, 3, [1, 2]), 'Choose 3 placed runners: this market pays 3 places');
  t.equal(declaredWinnersProblem(runners, 2, [2, 2]), 'Choose each placed runner once');
  t.equal(declaredWinnersProblem(runners, 2, [2, 9]), 'Choose the placed runners among the runners of this market');
});
