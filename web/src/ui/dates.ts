/** Dates as SPEC.md section 9 gives them, in the browser's time zone. */

const pad = (n: number): string => String(n).padStart(2, '0');

/** "YYYY-MM-DD" of a day, for date inputs and the statement's from/to. */
export const isoDay = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

const clock = (d: Date): string => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** "YYYY-MM-DDTHH:mm:ss", as a datetime-local input holds a moment. */
export const localInputValue = (d: Date): string => `${isoDay(d)}T${clock(d)}`;

/** "YYYY-MM-DD HH:mm:ss". */
export const formatDateTime = (iso: string): string => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${isoDay(d)} ${clock(d)}`;
};

/** SPEC.md section 9: the default date range is the last 7 days, today included. */
export function lastSevenDays(now = new Date()): { from: string; to: string } {
  const from = new Date(now);
  from.setDate(from.getDate() - 6);
  return { from: isoDay(from), to: isoDay(now) };
}
