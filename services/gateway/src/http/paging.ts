import type { Paginated } from '@exch/contracts';
import type { Count } from '@exch/projector/read';

export const paginated = <T>(data: T[], page: number, limit: number, count: Count): Paginated<T> => {
  const total = typeof count === 'number' ? count : count.capped;
  return {
    data,
    pagination: {
      page,
      limit,
      total,
      totalPages: Math.max(1, Math.ceil(total / limit)),
      ...(typeof count === 'number' ? {} : { capped: true as const }),
    },
  };
};
