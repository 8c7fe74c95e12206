import type { Paginated } from '@exch/contracts';

export const paginated = <T>(data: T[], page: number, limit: number, total: number): Paginated<T> => ({
  data,
  pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
});

/** `limit ... offset ...` for a validated page and limit (whole numbers, so safe to inline). */
export const pageSql = (page: number, limit: number): string => `limit ${limit} offset ${(page - 1) * limit}`;
