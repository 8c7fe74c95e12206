/**
 * Dates as date inputs and filters hold them, in the browser's time zone. Dates shown to people
 * are contracts' (formatDateTime and the rest: day first, in India's time).
 */

const pad = (n: number): string => String(n).padStart(2, '0');

/** "YYYY-MM-DD" of a day, for date inputs and the statement's from/to. */
export const isoDay = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

const clock = (d: Date): string => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** "YYYY-MM-DDTHH:mm:ss", as a datetime-local input holds a moment. */
export const localInputValue = (d: Date): string => `${isoDay(d)}T${clock(d)}`;

/** SPEC.md section 9: the default date range is the last 7 days, today included. */
export function lastSevenDays(now = new Date()): { from: string; to: string } {
  const from = new Date(now);
  from.setDate(from.getDate() - 6);
  return { from: isoDay(from), to: isoDay(now) };
}
