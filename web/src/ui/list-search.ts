import { useNavigate, useSearch } from '@tanstack/react-router';

/**
 * A list's filters live in the URL's search (?from=…&to=…&page=2), so a filtered list can be
 * linked, bookmarked and restored with the back button. Each list route's `validateSearch` keeps
 * only the values it understands: anything missing or malformed is left out, and the page falls
 * back to its default for it (never an error). Defaults are not written into the URL, so "the last
 * 7 days" stays relative and a plain link opens the list as before.
 *
 * The router parses search values as JSON first (?page=2 gives the number 2, ?username=123 the
 * number 123), so the readers below accept both spellings.
 */

/** A key of a search object and the reader that validates it. */
export type SearchReaders<S> = { [K in keyof S]-?: (value: unknown) => S[K] | undefined };

/** `validateSearch` for a route from one reader per key: keeps the valid values, drops the rest. */
export function searchValidator<S extends object>(readers: SearchReaders<S>): (search: Record<string, unknown>) => S {
  return (search) => {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(readers) as (keyof S & string)[]) {
      const value = readers[key](search[key]);
      if (value !== undefined) out[key] = value;
    }
    return out as S;
  };
}

const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;

/** A calendar day, YYYY-MM-DD, that exists. */
export const readDay = (v: unknown): string | undefined => {
  const s = text(v);
  if (s === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return undefined;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s ? s : undefined;
};

/** A datetime-local value, YYYY-MM-DDTHH:mm or with seconds. */
export const readLocalMoment = (v: unknown): string | undefined => {
  const s = text(v);
  return s !== undefined && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(s) && !Number.isNaN(new Date(s).getTime())
    ? s
    : undefined;
};

/** An id that is a positive whole number (a sport's ?sport=6422: a feed may list any event type). */
export const readPositiveId = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** A page number: a whole number from 1 (page 1 is the default, so it is left out). */
export const readPage = (v: unknown): number | undefined => {
  const n = readPositiveId(v);
  return n !== undefined && n > 1 ? n : undefined;
};

/** SPEC.md section 9's page sizes; 25, the default, is left out. */
export const readLimit = (v: unknown): 50 | 100 | undefined => {
  const n = Number(v);
  return n === 50 || n === 100 ? n : undefined;
};

/** One of a fixed set of words. */
export const readOneOf =
  <T extends string>(values: readonly T[]) =>
  (v: unknown): T | undefined => {
    const s = text(v);
    return s !== undefined && (values as readonly string[]).includes(s) ? (s as T) : undefined;
  };

/** Free text (a user name): trimmed, at most 100 characters, empty left out. */
export const readText = (v: unknown): string | undefined => {
  const s = text(v)?.trim();
  return s === undefined || s === '' || s.length > 100 ? undefined : s;
};

/** An amount in rupees, two decimals at most. */
export const readAmount = (v: unknown): string | undefined => {
  const s = text(v);
  return s !== undefined && /^\d+(\.\d{1,2})?$/.test(s) ? s : undefined;
};

/** A table's sort: a column id, "-" in front for descending. */
export const readSort = (v: unknown): string | undefined => {
  const s = text(v);
  return s !== undefined && /^-?[\w-]{1,40}$/.test(s) ? s : undefined;
};

/**
 * The current route's search, read again through its validator (so the type is the page's), and a
 * setter that merges a change into the URL. `undefined` removes a key, and so does a value equal to
 * the default the page shows for it; `replace` keeps the change out of the back button's history.
 */
export function useListSearch<S extends object>(
  validate: (search: Record<string, unknown>) => S,
): [S, (change: Partial<{ [K in keyof S]: S[K] | undefined }>, options?: { replace?: boolean }) => void] {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const search = validate(raw);
  const navigate = useNavigate();
  const set = (change: Partial<{ [K in keyof S]: S[K] | undefined }>, options?: { replace?: boolean }): void => {
    const next = validate({ ...raw, ...change });
    void navigate({
      to: '.',
      search: next as never,
      replace: options?.replace ?? false,
    });
  };
  return [search, set];
}
