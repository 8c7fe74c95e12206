const grouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** A count (events, log positions) with Indian digit grouping, as the money is shown: 1234567 -> "12,34,567". */
export const formatCount = (n: number): string => grouped.format(n);
