import t from 'tap';
import {
  readAmount,
  readDay,
  readLimit,
  readLocalMoment,
  readOneOf,
  readPage,
  readPositiveId,
  readSort,
  readText,
  searchValidator,
} from '../../web/src/ui/list-search.js';

// A list's filters come from the URL, which anyone can type: valid values are kept, anything else
// is dropped (the page falls back to its default) and nothing throws. The router has already parsed
// each value as JSON where it could (?page=2 is the number 2, ?username=123 the number 123).
const validate = searchValidator({
  side: readOneOf(['all', 'lay', 'back']),
  username: readText,
  amount: readAmount,
  day: readDay,
  start: readLocalMoment,
  page: readPage,
  limit: readLimit,
  sort: readSort,
});

t.test('valid values are kept, numbers read as text where text is meant', async (t) => {
  const search = { side: 'lay', username: 123, amount: 100, day: '2026-11-20', start: '2026-11-20T00:00' };
  t.same(validate({ ...search, page: '3', limit: 50, sort: '-amount' }), {
    ...search,
    username: '123',
    amount: '100',
    page: 3,
    limit: 50,
    sort: '-amount',
  });
});

t.test('malformed values and defaults are left out, never an error', async (t) => {
  const bad = [
    { side: 'CRICKET', username: '   ', amount: '-5', day: '2026-02-31', start: 'yesterday', page: 1, limit: 25 },
    { side: ['lay'], username: 'x'.repeat(101), amount: '1.234', day: 20261127, start: '2026-13-40T99:99' },
    { side: null, page: -3, limit: 7, sort: '<script>', extra: 'ignored' },
  ];
  for (const search of bad) t.same(validate(search), {}, JSON.stringify(search));
});

t.test('a positive id (a sport in a link) is any positive whole number, as number or text', async (t) => {
  t.equal(readPositiveId('6422'), 6422);
  t.equal(readPositiveId(4), 4);
  for (const bad of [0, -4, '4.5', 4.5, 'cricket', '', null, Number.MAX_SAFE_INTEGER + 2])
    t.equal(readPositiveId(bad), undefined, JSON.stringify(bad));
});
