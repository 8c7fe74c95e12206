import * as v from 'valibot';
import { text } from './text.js';

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

// Dates as India writes them, day first, on every screen (the one formatter: web takes these).
// Month names are the product's own, not ICU's, so every browser writes "Sep" the same way.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const IST_FIELDS = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

interface DateFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** A moment's calendar and clock in India; null for text that names no moment. */
function istFields(at: Date | string): DateFields | null {
  const d = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(d.getTime())) return null;
  const f: Record<string, number> = {};
  for (const p of IST_FIELDS.formatToParts(d)) if (p.type !== 'literal') f[p.type] = Number(p.value);
  return f as unknown as DateFields;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const dayText = (f: Pick<DateFields, 'year' | 'month' | 'day'>): string => `${f.day} ${MONTHS[f.month - 1]} ${f.year}`;
const clockText = (f: DateFields, seconds: boolean): string =>
  `${f.hour % 12 === 0 ? 12 : f.hour % 12}:${pad2(f.minute)}${seconds ? `:${pad2(f.second)}` : ''} ${f.hour < 12 ? 'am' : 'pm'}`;

/** A moment's day in India: "7 Dec 2026" (the text as given when it names no moment). */
export function formatDay(at: Date | string): string {
  const f = istFields(at);
  return f ? dayText(f) : String(at);
}

/** A moment's clock in India: "2:44 pm", or "2:44:05 pm" with seconds. */
export function formatClock(at: Date | string, opts: { seconds?: boolean } = {}): string {
  const f = istFields(at);
  return f ? clockText(f, opts.seconds === true) : String(at);
}

/** A moment in India: "7 Dec 2026, 2:44 pm", or "7 Dec 2026, 2:44:05 pm" with seconds (lists of bets and postings). */
export function formatDateTime(at: Date | string, opts: { seconds?: boolean } = {}): string {
  const f = istFields(at);
  return f ? `${dayText(f)}, ${clockText(f, opts.seconds === true)}` : String(at);
}

/** A business day as the API names it (YYYY-MM-DD) for people: "7 Dec 2026"; other text as given. */
export function formatBusinessDay(day: string): string {
  const m = DATE.exec(day);
  return m ? dayText({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }) : day;
}

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

/**
 * A moment as tools and the API take it: ISO 8601 date and time with its time zone (Z or an
 * offset), minutes at least, seconds and milliseconds optional. A time without a zone is refused
 * rather than guessed: the log stamps UTC, and a server's zone is not the operator's.
 */
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})$/i;

export const INSTANT_HINT =
  'an ISO 8601 date and time with a time zone, e.g. 2026-11-22T10:00:00Z or 2026-11-22T15:30+05:30';

/** The moment `text` names, or null when it is not an ISO 8601 date-time with a zone (or not a real date, like 2026-02-30). */
export function parseInstant(text: string): Date | null {
  const m = INSTANT.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zone = m[8]!.toUpperCase() === 'Z' ? 'Z' : m[8]!.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2');
  // Date.parse would roll 2026-02-30 over into March: the fields must name a real date and time.
  const fields = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const real =
    fields.getUTCFullYear() === year &&
    fields.getUTCMonth() === month - 1 &&
    fields.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  if (!real || (zone !== 'Z' && !/^[+-](0\d|1[0-4]):[0-5]\d$/.test(zone))) return null;
  const ms = Date.parse(`${text.trim().slice(0, m.index + m[0].length - m[8]!.length)}${zone}`);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** A moment a client names (parseInstant's rule), kept as the text given. */
export const isoInstant = (field: string) =>
  v.pipe(
    text(field, { max: 40 }),
    v.check((s) => parseInstant(s) !== null, `${field} must be ${INSTANT_HINT}`),
  );
