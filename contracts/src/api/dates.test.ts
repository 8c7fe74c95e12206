import t from 'tap';
import { businessDay, isDateOnly, isDateOrDateTime } from './dates.js';

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
