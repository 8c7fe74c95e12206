import * as v from 'valibot';
import { PageQuery, type Paged, type StatementRow } from './accounts.js';
import { text } from './text.js';

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

/** GET /api/admin/users/{userId}/as-of: the moment, then the statement's paging. */
export const AsOfQuery = v.object({ at: isoInstant('at'), ...PageQuery });

/** A wallet's balance at a past moment and its statement up to then (newest first, paged like the statement). */
export interface AsOfStatement {
  userId: string;
  username: string;
  /** The moment asked for, normalised to UTC ISO 8601. */
  at: string;
  /** Rupees: the sum of every posting to the wallet stamped at or before `at`. */
  balance: number;
  /** Rupees held for the user's pending withdrawals at `at` (out of the balance, not yet paid). */
  held: number;
  entries: StatementRow[];
  pagination: Paged<StatementRow>['pagination'];
}
