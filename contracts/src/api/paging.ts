import * as v from 'valibot';

// Paging on the wire: the page and size a list takes, and the place in its list a page answers with.

export const intParam = (field: string, def: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, `${field} must be a whole number`),
      v.transform(Number),
      v.minValue(1, `${field} must be at least 1`),
      v.maxValue(max, `${field} is at most ${max}`),
    ),
    String(def),
  );

export const PageQuery = { page: intParam('page', 1, 100_000), limit: intParam('limit', 25, 100) };

export interface Paged<T> {
  data: T[];
  pagination: PageInfo;
}

export interface Paginated<T> {
  data: T[];
  pagination: PageInfo;
}

/**
 * A page's place in its list. A list whose count could grow with the history (no period asked)
 * counts at most a cap of rows: then `capped` is set and `total` is that cap, "at least this many".
 */
export interface PageInfo {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  capped?: true;
}
