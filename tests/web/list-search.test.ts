import t from 'tap';
import {
  readAmount,
  readDay,
  readLimit,
  readLocalMoment,
  readOneOf,
  readPage,
  readSort,
  readText,
  searchValidator,
} from '../../web/src/ui/list-search.js';

// The shapes of the bet history's and the profit loss report's searches (the web's own files import
// without extensions, which Node cannot load here, so they are written out again).
const betHistorySearch = searchValidator({
  market: readOneOf(['MATCH_ODDS', 'Bookmaker', 'FANCY']),
  status: readOneOf(['matched', 'unmatched']),
  side: readOneOf(['all', 'lay', 'back', 'deleted']),
  username: readText,
  amountFrom: readAmount,
  amountTo: readAmount,
  start: readLocalMoment,
  end: readLocalMoment,
  page: readPage,
  limit: readLimit,
  sort: readSort,
});
const pnlReportSearch = searchValidator({
  type: readOneOf(['ALL', 'user']),
  parent: readText,
  q: readText,
  from: readDay,
  to: readDay,
  page: readPage,
  limit: readLimit,
  sort: readSort,
});

// A list's filters come from the URL, which anyone can type: valid values are kept, anything else
// is dropped (the page falls back to its default) and nothing throws. The router has already parsed
// each value as JSON where it could (?page=2 is the number 2).
t.test('valid values are kept, with numbers the router parsed read as text where text is meant', async (t) => {
  t.same(
    betHistorySearch({
      market: 'FANCY',
      status: 'unmatched',
      side: 'lay',
      username: 123,
      amountFrom: 100,
      amountTo: '250.50',
      start: '2026-11-20T00:00',
      end: '2026-11-27T23:59:00',
      page: 3,
      limit: 50,
      sort: '-amount',
    }),
    {
      market: 'FANCY',
      status: 'unmatched',
      side: 'lay',
      username: '123',
      amountFrom: '100',
      amountTo: '250.50',
      start: '2026-11-20T00:00',
      end: '2026-11-27T23:59:00',
      page: 3,
      limit: 50,
      sort: '-amount',
    },
  );
  t.same(pnlReportSearch({ type: 'user', parent: 'dealer1', from: '2026-11-01', page: '2' }), {
    type: 'user',
    parent: 'dealer1',
    from: '2026-11-01',
    page: 2,
  });
});

t.test('malformed values and defaults are left out, never an error', async (t) => {
  t.same(
    betHistorySearch({
      market: 'CRICKET',
      status: ['matched'],
      side: null,
      username: '   ',
      amountFrom: '-5',
      amountTo: '1.234',
      start: 'yesterday',
      end: '2026-13-40T99:99',
      page: 1,
      limit: 25,
      sort: '<script>',
      extra: 'ignored',
    }),
    {},
  );
  t.same(pnlReportSearch({ from: '2026-02-31', to: 20261127, page: -3, limit: 7, q: 'x'.repeat(101) }), {});
  t.same(pnlReportSearch({}), {});
});
