/**
 * A round id (mid) is the table's 3-digit prefix and the opening time as yymmddHHMMSS, in India's
 * time (UTC+5:30, no daylight saving), as the feed writes them: 116 + 261122153000 is Dragon Tiger's
 * round opened 22 November 2026 at 15:30:00 IST. Pure: the time comes from the command.
 */
const IST_OFFSET_MS = 330 * 60_000;

const stamp = (ms: number): string => {
  const d = new Date(ms + IST_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
};

/** The time a round id's stamp names (ms since the epoch), or null if it is not one. */
export function roundIdTime(mid: string): number | null {
  const m = /^\d{3}(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(mid);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return Date.UTC(2000 + y, mo - 1, d, h, mi, s) - IST_OFFSET_MS;
}

/**
 * The id of a round opened at `at`: a table opens at most one round a second, so one opened in the
 * same second as the table's last (tests and benchmarks run rounds fast) takes the next free second.
 */
export function nextRoundId(prefix: string, at: string, lastMid: string | null): string {
  const last = lastMid === null ? null : roundIdTime(lastMid);
  const ms = Math.floor(Date.parse(at) / 1000) * 1000;
  return `${prefix}${stamp(last !== null && ms <= last ? last + 1000 : ms)}`;
}
