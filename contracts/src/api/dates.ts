import * as v from 'valibot';

/**
 * Dates and date-times as filters take them, parsed strictly: the fields must name a real day and
 * time. Date.parse and PostgreSQL's casts would roll 2026-02-30 over into March or fail with an
 * error the client caused; here such a value is a 400 'Invalid date' before any query runs.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-](?:0\d|1[0-4]):?[0-5]\d)?$/i;

export const INVALID_DATE = 'Invalid date';

/**
 * The operator's business day is India's (UTC+5:30, no daylight saving): every database session
 * runs in this time zone, so a day filter (`from`, `to`), a daily P&L row and a game report's day
 * start at midnight IST, as they do for the players and the finance staff who read them.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Kolkata';

const BUSINESS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The business day (YYYY-MM-DD, IST) a moment falls on. */
export const businessDay = (at: Date = new Date()): string => BUSINESS_DAY.format(at);

function realDay(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 9999 &&
    d.getUTCFullYear() === year &&
    d.getUTCMonth() === month - 1 &&
    d.getUTCDate() === day
  );
}

/** A calendar day, YYYY-MM-DD. */
export function isDateOnly(text: string): boolean {
  const m = DATE.exec(text);
  return m !== null && realDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** A day (YYYY-MM-DD) or a date and time (the datetime-local form, or ISO 8601 with an optional zone). */
export function isDateOrDateTime(text: string): boolean {
  if (isDateOnly(text)) return true;
  const m = DATE_TIME.exec(text);
  if (!m || !realDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  return Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6] ?? 0) < 60;
}

/** An optional day filter: empty or left out means none. */
export const dateFilter = (field: string) =>
  v.optional(
    v.pipe(
      v.string(`${INVALID_DATE} in ${field}`),
      v.transform((s) => s.trim()),
      v.check((s) => s === '' || isDateOnly(s), `${INVALID_DATE} in ${field} (use YYYY-MM-DD)`),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
  );

/** An optional day or date-time filter: empty or left out means none. */
export const dateTimeFilter = (field: string) =>
  v.optional(
    v.pipe(
      v.string(`${INVALID_DATE} in ${field}`),
      v.transform((s) => s.trim()),
      v.check(
        (s) => s === '' || isDateOrDateTime(s),
        `${INVALID_DATE} in ${field} (use YYYY-MM-DD or YYYY-MM-DDTHH:mm)`,
      ),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
  );
