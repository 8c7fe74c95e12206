import t from 'tap';
import {
  businessDay,
  formatBusinessDay,
  formatClock,
  formatDateTime,
  formatDay,
  isDateOnly,
  isDateOrDateTime,
} from './dates.js';

t.test("the business day is India's: it turns at 18:30 UTC", async (t) => {
  t.equal(businessDay(new Date('2026-11-24T18:29:59.999Z')), '2026-11-24');
  t.equal(businessDay(new Date('2026-11-24T18:30:00Z')), '2026-11-25');
  t.equal(businessDay(new Date('2026-12-31T20:00:00Z')), '2027-01-01');
  t.equal(businessDay(new Date('2026-03-01T00:00:00Z')), '2026-03-01');
});

t.test('days and date-times are real ones', async (t) => {
  t.ok(isDateOnly('2028-02-29'));
  t.notOk(isDateOnly('2026-02-29'));
  t.notOk(isDateOnly('2026-02-30'));
  t.ok(isDateOrDateTime('2026-11-24T23:59:59+05:30'));
  t.notOk(isDateOrDateTime('2026-11-24T24:00'));
});

t.test("dates shown day first, as India writes them, in India whatever the machine's zone", async (t) => {
  // 09:14:05 UTC is 2:44:05 pm in India on 7 December; an Indian reader takes 12/07 for July.
  t.equal(formatDateTime('2026-12-07T09:14:05Z'), '7 Dec 2026, 2:44 pm');
  t.equal(formatDateTime('2026-12-07T09:14:05Z', { seconds: true }), '7 Dec 2026, 2:44:05 pm');
  t.equal(formatDateTime(new Date('2026-09-30T18:30:00Z')), '1 Oct 2026, 12:00 am', 'past midnight in India');
  t.equal(formatDateTime('2026-06-15T06:30:00Z'), '15 Jun 2026, 12:00 pm', 'noon');
  t.equal(formatDay('2026-09-07T00:00:00Z'), '7 Sep 2026', 'the product\'s month names, not ICU\'s "Sept"');
  t.equal(formatClock('2026-12-06T18:40:00Z'), '12:10 am');
  t.equal(formatBusinessDay('2026-12-07'), '7 Dec 2026', "a report's day, no zone involved");
  t.equal(formatDateTime('not a date'), 'not a date', 'text naming no moment is shown as given');
  t.equal(formatBusinessDay(''), '');
});
